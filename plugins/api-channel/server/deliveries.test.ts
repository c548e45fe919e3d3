import { asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { jobs } from "../../../core/db/tables.ts";
import { createCompanyWithAdmin, createUser } from "../../../tests/support/fixtures.ts";
import type { TestKernel } from "../../../tests/support/test-kernel.ts";
import { apiWebhookDeliveries } from "../schema/tables.ts";
import { apiKernel, createConnection } from "./api-channel.fixtures.ts";
import { Deliveries, WEBHOOK_KIND } from "./deliveries.service.ts";
import { type Receiver, startReceiver } from "./webhook-receiver.fixtures.ts";

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

const deliveries = (keep?: number, trimEvery?: number) =>
  new Deliveries(t.kernel.db, t.kernel.database.writes, t.kernel.jobs.forPlugin("api-channel"), t.kernel.services.scoped("api-channel"), t.kernel.outbound, t.kernel.log, {
    keep,
    trimEvery,
  });
/** Writes `n` log rows for a connection without any HTTP: what paging and pruning read. */
async function seed(n: number, whatsappId = api.id, companyId = api.companyId, keep?: number, trimEvery = 1, d = deliveries(keep, trimEvery)) {
  for (let i = 1; i <= n; i += 1)
    await d.record({
      companyId,
      whatsappId,
      event: "ticket.updated",
      url: receiver.url,
      statusCode: 200,
      ok: true,
      attempt: 1,
      durationMs: i,
      key: `k-${i}`,
      payload: JSON.stringify({ event: "ticket.updated", n: i }),
    });
}
const list = (query: string, token = admin) => t.call("GET", `/channels/api/deliveries?${query}`, { token });

describe("delivery log: happy", () => {
  it("pages the log newest first, 20 per page, without the payload", async () => {
    await seed(25);
    const first = await list(`whatsappId=${api.id}`);
    expect(first.status).toBe(200);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.records).toHaveLength(20);
    expect(first.body.records[0]).toEqual({
      id: expect.any(Number),
      whatsappId: api.id,
      event: "ticket.updated",
      url: receiver.url,
      statusCode: 200,
      ok: true,
      error: null,
      attempt: 1,
      durationMs: 25,
      createdAt: expect.any(String),
    });
    const second = await list(`whatsappId=${api.id}&pageNumber=2`);
    expect(second.body).toMatchObject({ hasMore: false });
    expect(second.body.records.map((r: { durationMs: number }) => r.durationMs)).toEqual([5, 4, 3, 2, 1]);
    expect((await list(`whatsappId=${api.id}&pageNumber=3`)).body).toEqual({ records: [], hasMore: false });
  });

  it("keeps only the newest rows of each connection", async () => {
    const other = await createConnection(t, admin, { channel: "api", webhookUrl: receiver.url });
    await seed(2, other.id, api.companyId, 3);
    await seed(5, api.id, api.companyId, 3);
    const rows = await t.kernel.db.select().from(apiWebhookDeliveries).orderBy(asc(apiWebhookDeliveries.id));
    expect(rows.filter((r) => r.whatsappId === api.id).map((r) => r.durationMs)).toEqual([3, 4, 5]);
    expect(rows.filter((r) => r.whatsappId === other.id)).toHaveLength(2);
  });

  it("trims every few attempts, and lists only the newest rows meanwhile", async () => {
    const d = deliveries(3, 4);
    await seed(6, api.id, api.companyId, 3, 4, d);
    const durations = async () =>
      (await t.kernel.db.select().from(apiWebhookDeliveries).orderBy(asc(apiWebhookDeliveries.id))).filter((r) => r.whatsappId === api.id).map((r) => r.durationMs);
    // Trimmed at the 4th attempt (back to 3 rows), then two more wait for the 8th.
    expect(await durations()).toEqual([2, 3, 4, 5, 6]);
    const page = await d.page(api.companyId, api.id, 1);
    expect(page.records.map((r) => r.durationMs)).toEqual([6, 5, 4]);
    expect(page.hasMore).toBe(false);
    // Two more (durations 1 and 2 again): the 8th attempt trims back to the newest three.
    await seed(2, api.id, api.companyId, 3, 4, d);
    expect(await durations()).toEqual([6, 1, 2]);
  });

  it("retry sends the logged payload again through the outbox, as the next attempt", async () => {
    receiver.answer(500);
    await t.kernel.bus.emit("tickets.ticket.deleted", { companyId: api.companyId, ticketId: 42, whatsappId: api.id });
    await t.kernel.jobs.runDue();
    // Give up on the automatic retries, as after maxAttempts.
    await t.kernel.db.update(jobs).set({ status: "failed" }).where(eq(jobs.kind, WEBHOOK_KIND));
    const [failed] = (await list(`whatsappId=${api.id}`)).body.records;
    expect(failed).toMatchObject({ ok: false, statusCode: 500, attempt: 1 });
    const res = await t.call("POST", `/channels/api/deliveries/${failed.id}/retry`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Delivery queued" });
    await t.kernel.jobs.runDue();
    const [latest] = (await list(`whatsappId=${api.id}`)).body.records;
    expect(latest).toMatchObject({ ok: true, statusCode: 200, attempt: 2, event: "ticket.deleted" });
    expect(receiver.received[1]!.raw).toBe(receiver.received[0]!.raw);
    expect(receiver.received[1]!.signatureValid).toBe(true);
  });
});

describe("delivery log: errors", () => {
  it("needs a valid whatsappId and page number", async () => {
    for (const query of ["", "whatsappId=abc", "whatsappId=0", `whatsappId=${api.id}&pageNumber=0`]) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(res.body.error).toBe("ERR_VALIDATION");
    }
  });

  it("a connection that is not an API connection answers ERR_NO_WAPP_FOUND", async () => {
    const wa = await createConnection(t, admin, { channel: "whatsapp" });
    expect((await list(`whatsappId=${wa.id}`)).body.error).toBe("ERR_NO_WAPP_FOUND");
    expect((await list("whatsappId=999999")).status).toBe(404);
  });

  it("retrying an unknown delivery answers 404", async () => {
    const res = await t.call("POST", "/channels/api/deliveries/999999/retry", { token: admin });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("ERR_NOT_FOUND");
  });
});

describe("delivery log: security", () => {
  it("another company's connection and deliveries are not found", async () => {
    await seed(3);
    const [row] = await t.kernel.db.select().from(apiWebhookDeliveries).limit(1);
    const beta = await createCompanyWithAdmin(t, "Beta");
    const res = await list(`whatsappId=${api.id}&companyId=${api.companyId}`, beta.token);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("ERR_NO_WAPP_FOUND");
    const retry = await t.call("POST", `/channels/api/deliveries/${row!.id}/retry`, { token: beta.token });
    expect(retry.status).toBe(404);
    expect(await t.kernel.db.select().from(jobs).where(eq(jobs.kind, WEBHOOK_KIND))).toHaveLength(0);
  });

  it("is for admins: a plain user gets 403, no token 401", async () => {
    const plain = await createUser(t, api.companyId);
    expect((await list(`whatsappId=${api.id}`, plain.token)).status).toBe(403);
    expect((await t.call("POST", "/channels/api/deliveries/1/retry", { token: plain.token })).status).toBe(403);
    expect((await t.call("GET", `/channels/api/deliveries?whatsappId=${api.id}`)).status).toBe(401);
  });

  it("the log of a deleted connection goes with it", async () => {
    await seed(2);
    expect((await t.call("DELETE", `/whatsapp/${api.id}`, { token: admin })).status).toBe(200);
    expect(await t.kernel.db.select().from(apiWebhookDeliveries)).toHaveLength(0);
  });
});
