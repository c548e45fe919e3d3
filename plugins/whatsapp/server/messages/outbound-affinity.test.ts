import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { jobs } from "../../../../core/db/tables.ts";
import { type WaHarness, waHarness } from "./message-layer.fixtures.ts";
import { jobsOfMessage, openConversation, send } from "./outbound.fixtures.ts";

/**
 * Issue 24: a connection's deliveries run in their own lane, pinned to the process that holds
 * its WhatsApp session (the driver's `affinity`, held with the session lease).
 */
let h: WaHarness;
let c: Awaited<ReturnType<typeof openConversation>>;
beforeEach(async () => {
  h = await waHarness();
  c = await openConversation(h);
});
afterEach(() => h.t.close());

const resource = () => `whatsapp:${h.connection.id}`;

describe("deliveries: a lane per connection, claimed where the session is", () => {
  it("the job carries the connection, runs in its connection's lane and is pinned to the session's process", async () => {
    const res = await send(h, c.ticketId, { body: "olá" });
    const [job] = await jobsOfMessage(h.t, res.body.id);
    expect(JSON.parse(job!.payload)).toEqual({ messageId: res.body.id, connectionId: h.connection.id, channel: "whatsapp" });
    expect(job).toMatchObject({ lane: `tickets.deliver:connection:${h.connection.id}`, affinity: resource() });
  });

  it("a process that does not hold the session leaves the delivery alone; the one that takes it sends it", async () => {
    h.t.kernel.jobs.release(resource());
    const res = await send(h, c.ticketId, { body: "depois" });
    expect(await h.t.kernel.jobs.runDue()).toBe(0);
    expect(h.socket.sent).toHaveLength(0);
    const [waiting] = await jobsOfMessage(h.t, res.body.id);
    expect(waiting).toMatchObject({ status: "pending", attempts: 0 });
    h.t.kernel.jobs.hold(resource());
    expect(await h.t.kernel.jobs.runDue()).toBe(1);
    expect(h.socket.sent.map((s) => s.content)).toEqual([{ text: "depois" }]);
  });

  it("a row from before (the message id alone: no lane, no affinity) still delivers", async () => {
    const res = await send(h, c.ticketId, { body: "antigo" });
    const [job] = await jobsOfMessage(h.t, res.body.id);
    await h.t.kernel.db
      .update(jobs)
      .set({ payload: JSON.stringify({ messageId: res.body.id }), lane: null, affinity: null })
      .where(eq(jobs.id, job!.id));
    h.t.kernel.jobs.release(resource());
    expect(await h.t.kernel.jobs.runDue()).toBe(1);
    expect(h.socket.sent.map((s) => s.content)).toEqual([{ text: "antigo" }]);
  });
});
