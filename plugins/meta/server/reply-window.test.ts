import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { metaLastInbound } from "../schema/tables.ts";
import { closeWorld, linkCloud, linkPage, metaWorld, PAGE, payloads, postWebhook, PSID, rows, type MetaWorld } from "./meta.fixtures.ts";
import { deliverJobs, openConversation, reply, runEverythingDue, sentMessages } from "./meta-outbound.fixtures.ts";

let w: MetaWorld;
beforeEach(async () => {
  w = await metaWorld();
});
afterEach(() => closeWorld(w));

const HOUR = 3_600_000;
const fbText = (mid: string) => payloads.messaging("page", PAGE.id, [payloads.message(PSID, PAGE.id, { mid, text: "oi" })]);
const ageInbound = (ms: number) => w.t.kernel.db.update(metaLastInbound).set({ lastInboundAt: Date.now() - ms });

describe("the 24-hour reply window", () => {
  it("is open for 24 hours after the customer's last message", async () => {
    await linkPage(w);
    const ticket = await openConversation(w, fbText("m_in"));
    await ageInbound(23 * HOUR);
    expect((await reply(w, ticket.id, { body: "ainda dá" })).status).toBe(200);
    expect(w.graph.sends()).toHaveLength(1);
  });

  it("after 24 hours a reply answers ERR_REPLY_WINDOW_CLOSED and nothing is stored or sent", async () => {
    await linkPage(w);
    const ticket = await openConversation(w, fbText("m_in"));
    await ageInbound(25 * HOUR);
    const before = (await rows(w.t, "messages", w.admin.companyId)).length;
    const res = await reply(w, ticket.id, { body: "tarde demais" });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("ERR_REPLY_WINDOW_CLOSED");
    expect(Date.parse(res.body.closesAt)).toBeLessThan(Date.now());
    expect((await rows(w.t, "messages", w.admin.companyId)).length).toBe(before);
    expect(await deliverJobs(w)).toEqual([]);
    expect(w.graph.sends()).toEqual([]);
  });

  it("a new customer message opens it again; an old replayed one does not move it back", async () => {
    await linkCloud(w);
    const ticket = await openConversation(w, payloads.cloudMessage({ id: "wamid.A", type: "text", text: { body: "oi" } }));
    await ageInbound(30 * HOUR);
    const old = payloads.cloudMessage({ id: "wamid.OLD", type: "text", text: { body: "antiga" } });
    ((old.entry[0]!.changes[0]!.value as Record<string, unknown>).messages as { timestamp: string }[])[0]!.timestamp = String(Math.floor((Date.now() - 40 * HOUR) / 1000));
    await postWebhook(w.t, old);
    expect((await reply(w, ticket.id, { body: "x" })).body.error).toBe("ERR_REPLY_WINDOW_CLOSED");
    await postWebhook(w.t, payloads.cloudMessage({ id: "wamid.B", type: "text", text: { body: "voltei" } }));
    expect((await reply(w, ticket.id, { body: "bem-vindo de volta" })).status).toBe(200);
  });

  it("a contact that never wrote on this connection has a closed window", async () => {
    await linkPage(w);
    const ticket = await openConversation(w, fbText("m_in"));
    await w.t.kernel.db.delete(metaLastInbound).where(eq(metaLastInbound.number, PSID));
    const res = await reply(w, ticket.id, { body: "oi?" });
    expect(res.body).toEqual({ error: "ERR_REPLY_WINDOW_CLOSED", closesAt: null });
  });
});

describe("Graph errors on send", () => {
  it("a transient error (5xx) keeps the message pending and the job retrying", async () => {
    await linkPage(w);
    const ticket = await openConversation(w, fbText("m_in"));
    w.graph.failNextSend(500, { message: "An unexpected error has occurred.", code: 2 });
    await reply(w, ticket.id, { body: "primeira tentativa" });
    expect((await sentMessages(w, ticket.uuid))[0]!.ack).toBe(0);
    expect((await deliverJobs(w))[0]).toMatchObject({ status: "pending", attempts: 1 });
    await runEverythingDue(w);
    expect((await sentMessages(w, ticket.uuid))[0]).toMatchObject({ ack: 1, providerId: expect.stringMatching(/^m_stand/) });
  });

  it("a permanent refusal (4xx) is logged and not retried; the message stays unsent", async () => {
    await linkPage(w);
    const ticket = await openConversation(w, fbText("m_in"));
    w.graph.failNextSend(400, { message: "(#10) This message is sent outside of allowed window.", code: 10, error_subcode: 2018278 });
    await reply(w, ticket.id, { body: "recusada" });
    expect((await deliverJobs(w))[0]).toMatchObject({ status: "done" });
    expect((await sentMessages(w, ticket.uuid))[0]!.ack).toBe(0);
    await runEverythingDue(w);
    expect(w.graph.sends()).toHaveLength(1);
  });

  it("edits and deletions are refused before anything is queued or sent to Meta (not supported there)", async () => {
    await linkPage(w);
    const ticket = await openConversation(w, fbText("m_in"));
    await reply(w, ticket.id, { body: "antes" });
    const [sent] = await sentMessages(w, ticket.uuid);
    w.graph.requests.length = 0;
    expect((await w.t.call("POST", `/messages/edit/${sent!.id}`, { token: w.admin.token, body: { body: "depois" } })).body.error).toBe("ERR_CHANNEL_UNSUPPORTED");
    expect((await w.t.call("DELETE", `/messages/${sent!.id}`, { token: w.admin.token })).body.error).toBe("ERR_CHANNEL_UNSUPPORTED");
    await w.t.kernel.jobs.runDue();
    expect(w.graph.requests).toEqual([]);
    const queued = (await w.t.kernel.database.client.execute("SELECT kind FROM jobs WHERE kind IN ('tickets.deliver-edit', 'tickets.deliver-remove')")).rows;
    expect(queued).toEqual([]);
  });
});
