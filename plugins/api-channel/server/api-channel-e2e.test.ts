import { asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { jobs } from "../../../core/db/tables.ts";
import type { TestKernel } from "../../../tests/support/test-kernel.ts";
import { apiWebhookDeliveries } from "../schema/tables.ts";
import { apiKernel, createConnection, deliver, report, rowsOfCompany } from "./api-channel.fixtures.ts";
import { type Receiver, startReceiver } from "./webhook-receiver.fixtures.ts";

/**
 * The whole pipeline through the tickets plugin: inbound → ticket → attendant's answer →
 * tickets.deliver job → this plugin's driver → signed webhook → ack. Needs the tickets
 * plugin's message half (POST /messages/{ticketId}, channels.registerDriver, tickets.ack).
 */
let t: TestKernel;
let receiver: Receiver;
let admin: { token: string; user: Record<string, any> };
let api: { id: number; token: string; companyId: number };
beforeEach(async () => {
  t = await apiKernel();
  receiver = await startReceiver(() => api.token);
  admin = await t.login();
  api = await createConnection(t, admin.token, { channel: "api", webhookUrl: receiver.url });
});
afterEach(async () => {
  await receiver.close();
  await t.close();
});

const log = () => t.kernel.db.select().from(apiWebhookDeliveries).orderBy(asc(apiWebhookDeliveries.id));
/** Lets every pending job run now, as if its backoff had elapsed. */
async function runEverythingDue() {
  await t.kernel.db.update(jobs).set({ dueAt: Date.now() }).where(eq(jobs.status, "pending"));
  await t.kernel.jobs.runDue();
}

describe("api channel end to end", () => {
  it("an answer to an API contact is posted, retried after a 500, and its ack rises", async () => {
    const inbound = await deliver(t, api.token, { id: "in-1", number: "5511987654321", name: "Maria", body: "Oi" });
    expect(inbound.status).toBe(200);
    const ticketId = inbound.body.ticketId;
    expect((await t.call("PUT", `/tickets/${ticketId}`, { token: admin.token, body: { status: "open", userId: admin.user.id } })).status).toBe(200);
    await t.kernel.jobs.runDue();
    receiver.received.length = 0;
    const before = (await log()).length;

    receiver.answerEvent("message.created", 500);
    const sent = await t.call("POST", `/messages/${ticketId}`, { token: admin.token, body: { body: "Olá, Maria!" } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await t.kernel.jobs.runDue();
    const [out] = (await rowsOfCompany(t, api.companyId)).messages.filter((m) => m.fromMe);
    expect(out).toMatchObject({ ack: 0 });
    const deliverJob = (await t.kernel.db.select().from(jobs).where(eq(jobs.kind, "tickets.deliver")))[0]!;
    expect(deliverJob).toMatchObject({ status: "pending", attempts: 1 });
    expect(deliverJob.dueAt).toBeGreaterThan(Date.now() + 5_000);

    await runEverythingDue();
    const created = (await log()).slice(before).filter((r) => r.event === "message.created");
    expect(created.map((r) => [r.statusCode, r.ok, r.attempt])).toEqual([
      [500, false, 1],
      [200, true, 2],
    ]);
    expect((await rowsOfCompany(t, api.companyId)).messages.find((m) => m.id === out!.id)).toMatchObject({ ack: 1 });
    const hooks = receiver.received.filter((r) => r.body.event === "message.created");
    expect(hooks).toHaveLength(2);
    expect(hooks[1]!.signatureValid).toBe(true);
    expect(hooks[1]!.body).toMatchObject({
      message: { id: out!.id, providerId: out!.providerId, body: expect.stringContaining("Olá, Maria!"), fromMe: true },
      ticket: { id: ticketId },
      contact: { number: "5511987654321" },
    });

    // The rise to ack 1 is announced as message.ack.
    await runEverythingDue();
    expect(receiver.received.some((r) => r.body.event === "message.ack" && r.body.message.id === out!.id && r.body.message.ack === 1)).toBe(true);

    // The integrator reports the customer read it.
    expect((await report(t, api.token, { type: "ack", id: out!.providerId, ack: 3 })).body).toEqual({ applied: true });
    expect((await rowsOfCompany(t, api.companyId)).messages.find((m) => m.id === out!.id)).toMatchObject({ ack: 3 });
  });

  it("ticket changes of an API conversation are posted as ticket.updated", async () => {
    const inbound = await deliver(t, api.token, { id: "in-2", number: "5511987650000", body: "Oi" });
    await t.kernel.jobs.runDue();
    // The customer's own message is not echoed back: only the attendant's change is news.
    expect(receiver.received.filter((r) => r.body.event === "ticket.updated")).toEqual([]);
    expect((await t.call("PUT", `/tickets/${inbound.body.ticketId}`, { token: admin.token, body: { status: "open", userId: admin.user.id } })).status).toBe(200);
    await t.kernel.jobs.runDue();
    const updates = receiver.received.filter((r) => r.body.event === "ticket.updated");
    expect(updates.at(-1)!.body.ticket).toMatchObject({ id: inbound.body.ticketId, status: "open", userId: admin.user.id });
    expect(updates.every((r) => r.signatureValid)).toBe(true);
  });
});
