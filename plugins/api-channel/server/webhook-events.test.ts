import { asc, eq, like } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { jobs } from "../../../core/db/tables.ts";
import { createCompanyWithAdmin } from "../../../tests/support/fixtures.ts";
import type { TestKernel } from "../../../tests/support/test-kernel.ts";
import type { EventMap } from "../../../core/events/bus.ts";
import type {} from "../../tickets/server/tickets-events.contract.ts";
import { apiWebhookDeliveries } from "../schema/tables.ts";
import { apiKernel, createConnection } from "./api-channel.fixtures.ts";
import { WEBHOOK_KIND } from "./deliveries.service.ts";
import { type Receiver, startReceiver } from "./webhook-receiver.fixtures.ts";

type TicketView = EventMap["tickets.ticket.changed"]["ticket"];

let t: TestKernel;
let receiver: Receiver;
let admin: string;
let api: { id: number; token: string; companyId: number };
beforeEach(async () => {
  t = await apiKernel();
  receiver = await startReceiver(() => api.token);
  admin = (await t.login()).token;
  api = await createConnection(t, admin, { channel: "api", webhookUrl: receiver.url });
});
afterEach(async () => {
  await receiver.close();
  await t.close();
});

const webhookJobs = () => t.kernel.db.select().from(jobs).where(eq(jobs.kind, WEBHOOK_KIND)).orderBy(asc(jobs.id));
const log = () => t.kernel.db.select().from(apiWebhookDeliveries).orderBy(asc(apiWebhookDeliveries.id));
const acked = (over: Partial<{ companyId: number; whatsappId: number; providerId: string; ack: 0 | 1 | 2 | 3 | 4 | 5 }> = {}) =>
  t.kernel.bus.emit("tickets.message.acked", { companyId: api.companyId, whatsappId: api.id, messageId: 5, providerId: "p-5", ack: 3, ...over });

function ticketView(over: Partial<TicketView> = {}): TicketView {
  return {
    id: 9,
    uuid: "0f0e0d0c-0000-4000-8000-000000000009",
    status: "open",
    contactId: 4,
    contact: {
      id: 4,
      name: "Maria",
      number: "5511987654321",
      email: "",
      urlPicture: "",
      disableBot: false,
      isGroup: false,
      active: true,
      acceptAudioMessage: true,
      channel: "api",
    },
    userId: 1,
    user: { id: 1, name: "Admin", color: "" },
    queueId: null,
    queue: null,
    whatsappId: api.id,
    whatsapp: { id: api.id, name: "API", channel: "whatsapp", channelKind: "api", groupAsTicket: "disabled" },
    channel: "whatsapp",
    channelKind: "api",
    lastMessage: "oi",
    unreadMessages: 0,
    isBot: false,
    isGroup: false,
    useIntegration: false,
    integrationId: null,
    promptId: null,
    holder: null,
    amount: 0,
    tags: [],
    userRating: null,
    createdAt: "2025-01-01T00:00:00.000Z",
    acceptedAt: null,
    closedAt: null,
    updatedAt: "2025-01-01T00:00:01.000Z",
    ...over,
  };
}

describe("bus-driven webhooks: happy", () => {
  it("an ack becomes a signed message.ack webhook through the outbox", async () => {
    await acked();
    expect(receiver.received).toHaveLength(0); // nothing is posted inside the event handler
    expect(await webhookJobs()).toHaveLength(1);
    await t.kernel.jobs.runDue();
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.signatureValid).toBe(true);
    expect(receiver.received[0]!.body).toEqual({ event: "message.ack", message: { id: 5, providerId: "p-5", ack: 3 } });
    expect((await webhookJobs())[0]!.status).toBe("done");
    expect(await log()).toMatchObject([{ event: "message.ack", ok: true, statusCode: 200, attempt: 1 }]);
  });

  it("the same ack reported twice is posted once", async () => {
    await acked();
    await acked();
    await t.kernel.jobs.runDue();
    expect(receiver.received).toHaveLength(1);
  });

  it("ticket changes and deletions become ticket.updated and ticket.deleted", async () => {
    await t.kernel.bus.emit("tickets.ticket.changed", { companyId: api.companyId, ticket: ticketView() });
    await t.kernel.bus.emit("tickets.ticket.changed", { companyId: api.companyId, ticket: ticketView({ status: "closed", updatedAt: "2025-01-01T00:00:02.000Z" }) });
    await t.kernel.bus.emit("tickets.ticket.deleted", { companyId: api.companyId, ticketId: 9, whatsappId: api.id });
    await t.kernel.jobs.runDue();
    expect(receiver.received.map((r) => [r.body.event, r.body.ticket.status ?? null])).toEqual([
      ["ticket.updated", "open"],
      ["ticket.updated", "closed"],
      ["ticket.deleted", null],
    ]);
    expect(receiver.received[0]!.body.ticket).toMatchObject({ id: 9, uuid: "0f0e0d0c-0000-4000-8000-000000000009", contact: { number: "5511987654321" } });
    expect(receiver.received[2]!.body.ticket).toEqual({ id: 9, whatsappId: api.id });
    expect(receiver.received.every((r) => r.signatureValid)).toBe(true);
  });
});

describe("bus-driven webhooks: no echo", () => {
  it("the bookkeeping of an inbound message (cause inbound) is not sent back as ticket.updated", async () => {
    await t.kernel.bus.emit("tickets.ticket.changed", { companyId: api.companyId, ticket: ticketView(), cause: "inbound" });
    await t.kernel.jobs.runDue();
    expect(receiver.received).toEqual([]);
  });
});

describe("bus-driven webhooks: retries with backoff", () => {
  it("a 500 leaves the job pending for later; the next attempt's 200 is logged as attempt 2", async () => {
    receiver.answer(500);
    await acked();
    const before = Date.now();
    await t.kernel.jobs.runDue();
    const [job] = await webhookJobs();
    expect(job).toMatchObject({ status: "pending", attempts: 1 });
    expect(job!.lastError).toContain("HTTP 500");
    // Exponential backoff: the first retry waits ~10 s (jittered ±25 %), not zero.
    expect(job!.dueAt).toBeGreaterThanOrEqual(before + 7_000);
    expect(await t.kernel.jobs.runDue()).toBe(0);
    await t.kernel.db.update(jobs).set({ dueAt: Date.now() }).where(eq(jobs.id, job!.id));
    await t.kernel.jobs.runDue();
    expect((await webhookJobs())[0]).toMatchObject({ status: "done", attempts: 2 });
    expect((await log()).map((r) => [r.statusCode, r.ok, r.attempt])).toEqual([
      [500, false, 1],
      [200, true, 2],
    ]);
    expect(receiver.received.map((r) => r.raw)).toEqual([receiver.received[0]!.raw, receiver.received[0]!.raw]);
  });
});

describe("bus-driven webhooks: what is not ours", () => {
  it("events of WhatsApp connections and of API connections without a URL enqueue nothing", async () => {
    const wa = await createConnection(t, admin, { channel: "whatsapp", webhookUrl: receiver.url });
    const bare = await createConnection(t, admin, { channel: "api" });
    await acked({ whatsappId: wa.id });
    await acked({ whatsappId: bare.id });
    await t.kernel.bus.emit("tickets.ticket.changed", {
      companyId: api.companyId,
      ticket: ticketView({
        whatsappId: wa.id,
        channel: "whatsapp",
        channelKind: "whatsapp",
        whatsapp: { id: wa.id, name: "wa", channel: "whatsapp", channelKind: "whatsapp", groupAsTicket: "disabled" },
      }),
    });
    await t.kernel.bus.emit("tickets.ticket.deleted", { companyId: api.companyId, ticketId: 1, whatsappId: bare.id });
    expect(await webhookJobs()).toHaveLength(0);
  });

  it("an event naming another company's connection is ignored", async () => {
    const beta = await createCompanyWithAdmin(t, "Beta");
    await acked({ companyId: beta.company.id });
    await t.kernel.bus.emit("tickets.ticket.deleted", { companyId: beta.company.id, ticketId: 1, whatsappId: api.id });
    expect(await webhookJobs()).toHaveLength(0);
  });

  it("a connection deleted before the job runs drops the webhook", async () => {
    await acked();
    expect((await t.call("DELETE", `/whatsapp/${api.id}`, { token: admin })).status).toBe(200);
    await t.kernel.jobs.runDue();
    expect(receiver.received).toHaveLength(0);
    expect((await webhookJobs())[0]!.status).toBe("done");
    expect(await t.kernel.db.select().from(jobs).where(like(jobs.lastError, "%"))).toHaveLength(0);
  });
});
