import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createCompanyWithAdmin } from "../../../../tests/support/fixtures.ts";
import { createWhatsapp, sessionKernel, type SessionKernel, socketOf, socketsOf, until } from "../session/session.fixtures.ts";
import type { FakeWaSocket } from "../testing/fake-wa-socket.ts";
import { rows } from "./message-layer.fixtures.ts";
import { waMessageId } from "./message-id.ts";
import { runJobsNow } from "./outbound.fixtures.ts";
import { CUSTOMER_JID, payloads, waMessage } from "./wa-payloads.fixtures.ts";

/**
 * The whole plugin as it runs (`createWhatsappPlugin` with the session layer's
 * SessionManager and a FakeWaBoundary): messages in, replies out, a dropped connection
 * and its reconnect, without loss or duplicates.
 */
let k: SessionKernel;
let a: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
beforeEach(async () => {
  k = await sessionKernel();
  a = await createCompanyWithAdmin(k.t, "Alfa");
});
afterEach(() => k.t.close());

async function connect(id: number, n: number): Promise<FakeWaSocket> {
  const socket = await socketOf(k.boundary, id, n);
  socket.pair("5511999990000");
  await until(k.t, a.token, id, (c) => c.status === "CONNECTED");
  return socket;
}

const messagesOf = () => rows(k.t, "messages", a.company.id);

describe("message layer on the real session layer", () => {
  it("receives, answers, survives a reconnect and stores each message once", async () => {
    const conn = await createWhatsapp(k.t, a.token);
    expect((await k.t.call("POST", `/whatsappsession/${conn.id}`, { token: a.token })).status).toBe(200);
    const first = await connect(conn.id, 1);

    const hello = waMessage(payloads.text("oi, tudo bem?"));
    first.deliver([hello]);
    await vi.waitFor(async () => expect(await messagesOf()).toHaveLength(1), { timeout: 3_000 });
    const [ticket] = await rows(k.t, "tickets", a.company.id);
    await k.t.kernel.database.client.execute({ sql: "UPDATE tickets SET status = 'open', user_id = ? WHERE id = ?", args: [a.user.id, ticket!.id] });
    const reply = await k.t.call("POST", `/messages/${ticket!.id}`, { token: a.token, body: { body: "Tudo! Em que posso ajudar?" } });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    await k.t.kernel.jobs.runDue();
    expect(first.sent.map((s) => [s.jid, s.content])).toEqual([[CUSTOMER_JID, { text: "Tudo! Em que posso ajudar?" }]]);

    // The connection drops; WhatsApp re-delivers what the phone had queued, plus a new message.
    first.drop(428);
    const second = await connect(conn.id, 2);
    expect(socketsOf(k.boundary, conn.id)).toHaveLength(2);
    const later = waMessage(payloads.text("mais uma coisa"));
    second.deliver([hello, later]);
    first.deliver([waMessage(payloads.text("do socket antigo"))]);
    await vi.waitFor(async () => expect(await messagesOf()).toHaveLength(3), { timeout: 3_000 });
    await new Promise((r) => setTimeout(r, 100));
    expect((await messagesOf()).map((m) => m.body)).toEqual(["oi, tudo bem?", "Tudo! Em que posso ajudar?", "mais uma coisa"]);

    // Acks of the reply reach it through the new socket.
    const id = await waMessageId(reply.body.providerId);
    second.emit("messages.update", [{ key: { remoteJid: CUSTOMER_JID, fromMe: true, id }, update: { status: 4 } }]);
    await vi.waitFor(async () => expect((await messagesOf()).find((m) => m.providerId === id)?.ack).toBe(3), { timeout: 3_000 });
    await runJobsNow(k.t);
    expect(second.sent).toHaveLength(0);

    // A retry receipt: Baileys asks for the reply again and gets its text from the store.
    expect(await second.options.getMessage({ remoteJid: CUSTOMER_JID, fromMe: true, id })).toEqual({ conversation: "Tudo! Em que posso ajudar?" });
    expect(await second.options.getMessage({ remoteJid: CUSTOMER_JID, fromMe: true, id: "3EB0UNKNOWN" })).toBeUndefined();
  });
});
