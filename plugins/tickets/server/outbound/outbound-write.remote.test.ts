import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCompanyWithAdmin } from "../../../../tests/support/fixtures.ts";
import { type RunningSqld, startSqld } from "../../../../tests/support/sqld.ts";
import type { TestKernel } from "../../../../tests/support/test-kernel.ts";
import { messages, tickets } from "../../schema/tables.ts";
import { FAKE_CHANNEL, FakeDriver, receive } from "../messages/messages.fixtures.ts";
import { createConnection, ticketsKernel } from "../testing/tickets.fixtures.ts";

/*
 * The outbound write on a libSQL server, where its unit runs again after the message's INSERT
 * answered (core/db/remote-units.ts): the server keeps the first run's createdAt, so the
 * ticket's times must come from the stored row, not from a clock read again.
 */
let sqld: RunningSqld;
let t: TestKernel;
beforeAll(async () => {
  sqld = await startSqld();
  t = await ticketsKernel({ DATABASE_URL: sqld.url });
}, 30_000);
afterAll(async () => {
  await t?.close();
  await sqld?.stop();
});

describe("message writes on a libSQL server", () => {
  it("the ticket's updatedAt and activity times are its last message's createdAt", async () => {
    t.kernel.services.require("channels.registerDriver")(new FakeDriver());
    const a = await createCompanyWithAdmin(t, "Remota");
    const connection = await createConnection(t, a.token, { channel: FAKE_CHANNEL, name: "Loja" });
    const first = await receive(t, { companyId: a.company.id, whatsappId: connection.id, providerId: "in-remote-1", from: { number: "5511900000999", name: "Ana" }, body: "oi" });
    await t.kernel.db.update(tickets).set({ status: "open", userId: a.user.id }).where(eq(tickets.id, first.ticket.id));
    for (let i = 0; i < 8; i++) {
      const res = await t.call("POST", `/messages/${first.ticket.id}`, { token: a.token, body: { body: `mensagem ${i}` } });
      expect(res.status).toBe(200);
      const [message] = await t.kernel.db
        .select()
        .from(messages)
        .where(eq(messages.body, `mensagem ${i}`));
      const [ticket] = await t.kernel.db.select().from(tickets).where(eq(tickets.id, first.ticket.id));
      expect({ updatedAt: ticket!.updatedAt, activityAt: ticket!.agentActivityAt }).toEqual({ updatedAt: message!.createdAt, activityAt: message!.createdAt });
    }
  }, 60_000);

  it("an inbound message: the ticket's updatedAt is the stored message's", async () => {
    const a = await createCompanyWithAdmin(t, "Remota 2");
    const connection = await createConnection(t, a.token, { channel: FAKE_CHANNEL, name: "Loja 2" });
    for (let i = 0; i < 8; i++) {
      const got = await receive(t, {
        companyId: a.company.id,
        whatsappId: connection.id,
        providerId: `in-remote-2-${i}`,
        from: { number: "5511900000998", name: "Bia" },
        body: `oi ${i}`,
      });
      const [message] = await t.kernel.db.select().from(messages).where(eq(messages.id, got.message.id));
      const [ticket] = await t.kernel.db.select().from(tickets).where(eq(tickets.id, got.ticket.id));
      expect({ updatedAt: ticket!.updatedAt, activityAt: ticket!.activityAt }).toEqual({ updatedAt: message!.updatedAt, activityAt: message!.updatedAt });
    }
  }, 60_000);
});
