import { asc, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Logger } from "../../../core/log.ts";
import type { TestKernel } from "../../../tests/support/test-kernel.ts";
import type { OutboundRequest } from "../../channels/channel-driver.contract.ts";
import { apiWebhookDeliveries } from "../schema/tables.ts";
import { apiKernel, createConnection } from "./api-channel.fixtures.ts";
import { createApiDriver } from "./api-driver.ts";
import { Deliveries } from "./deliveries.service.ts";
import { expectedSignature, type Receiver, startReceiver } from "./webhook-receiver.fixtures.ts";

let t: TestKernel;
let receiver: Receiver;
let api: { id: number; token: string; companyId: number };
beforeEach(async () => {
  t = await apiKernel();
  receiver = await startReceiver(() => api.token);
  const admin = (await t.login()).token;
  api = await createConnection(t, admin, { channel: "api", webhookUrl: receiver.url });
});
afterEach(async () => {
  await receiver.close();
  await t.close();
});

const driverWith = (options: { timeoutMs?: number } = {}, log: Pick<Logger, "warn"> = t.kernel.log) =>
  createApiDriver(
    new Deliveries(t.kernel.db, t.kernel.database.writes, t.kernel.jobs.forPlugin("api-channel"), t.kernel.services.scoped("api-channel"), t.kernel.outbound, log, options),
  );
const connection = async () => (await t.kernel.services.require("connections.get")(api.companyId, api.id))!;
/** The log rows of the attempts so far: a send queues its row, and a later write unit commits after it (units run in order). */
const stored = () => t.kernel.database.writes.run(() => undefined);
const log = async () => {
  await stored();
  return t.kernel.db.select().from(apiWebhookDeliveries).where(eq(apiWebhookDeliveries.whatsappId, api.id)).orderBy(asc(apiWebhookDeliveries.id));
};

async function request(overrides: Partial<OutboundRequest["message"]> = {}): Promise<OutboundRequest> {
  return {
    companyId: api.companyId,
    connection: await connection(),
    to: { contactId: 7, number: "5511987654321", name: "Maria", isGroup: false },
    ticket: { id: 3, uuid: "9b1c0f5e-0000-4000-8000-000000000003", status: "open" },
    message: { id: 11, providerId: "out-11", kind: "text", body: "Olá, Maria", mediaType: "chat", createdAt: "2025-01-02T03:04:05.000Z", ...overrides },
  };
}

describe("api driver: happy", () => {
  it("send posts message.created signed with the connection token and answers ack 1", async () => {
    const result = await driverWith().send(await request());
    expect(result).toEqual({ ack: 1 });
    expect(receiver.received).toHaveLength(1);
    const [hit] = receiver.received;
    // Verified independently (node:crypto HMAC of the raw bytes received).
    expect(hit!.headers["x-signature-256"]).toBe(expectedSignature(api.token, hit!.raw));
    expect(hit!.signatureValid).toBe(true);
    expect(hit!.headers["content-type"]).toBe("application/json");
    expect(hit!.headers["x-webhook-event"]).toBe("message.created");
    expect(hit!.headers["x-webhook-delivery"]).toBe("message.created:out-11");
    expect(hit!.body).toMatchObject({
      event: "message.created",
      message: { id: 11, providerId: "out-11", body: "Olá, Maria", mediaType: "chat", mediaUrl: null, createdAt: "2025-01-02T03:04:05.000Z", fromMe: true },
      ticket: { id: 3, uuid: "9b1c0f5e-0000-4000-8000-000000000003", status: "open" },
      contact: { number: "5511987654321", name: "Maria" },
    });
    const rows = await log();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ companyId: api.companyId, event: "message.created", url: receiver.url, statusCode: 200, ok: true, error: null, attempt: 1 });
    expect(JSON.parse(rows[0]!.payload)).toEqual(hit!.body);
  });

  it("media goes as its path, mimetype and file name", async () => {
    await driverWith().send(
      await request({
        kind: "media",
        mediaType: "image",
        body: "foto.png",
        media: { path: "company1/a.png", url: "/public/company1/a.png", mimetype: "image/png", fileName: "foto.png" },
      }),
    );
    expect(receiver.received[0]!.body.message).toMatchObject({
      mediaType: "image",
      mediaUrl: "/public/company1/a.png",
      mimetype: "image/png",
      fileName: "foto.png",
      voiceNote: false,
    });
  });

  it("a recorded audio says it is a voice note", async () => {
    await driverWith().send(
      await request({
        kind: "media",
        mediaType: "audio",
        body: "audio.ogg",
        media: { path: "company1/a.ogg", url: "/public/company1/a.ogg", mimetype: "audio/ogg; codecs=opus", fileName: "audio.ogg", voiceNote: true },
      }),
    );
    expect(receiver.received[0]!.body.message).toMatchObject({ mediaType: "audio", mimetype: "audio/ogg; codecs=opus", voiceNote: true });
  });

  it("edit and remove post message.updated and message.deleted", async () => {
    const base = await request();
    const driver = driverWith();
    await driver.edit({ companyId: base.companyId, connection: base.connection, to: base.to, message: { id: 11, providerId: "out-11", body: "Olá de novo" } });
    await driver.remove({ companyId: base.companyId, connection: base.connection, to: base.to, message: { id: 11, providerId: "out-11", fromMe: true } });
    expect(receiver.received.map((r) => r.body.event)).toEqual(["message.updated", "message.deleted"]);
    expect(receiver.received[0]!.body.message).toMatchObject({ providerId: "out-11", body: "Olá de novo", isEdited: true });
    expect(receiver.received[1]!.body.message).toMatchObject({ providerId: "out-11", isDeleted: true });
    expect(receiver.received.every((r) => r.signatureValid)).toBe(true);
  });
});

describe("api driver: the delivery log", () => {
  it("a log row that cannot be written is reported, and the delivery the receiver has still succeeds", async () => {
    const warnings: string[] = [];
    const driver = driverWith({}, { warn: (msg) => void warnings.push(msg) });
    await t.kernel.db.run(sql`DROP TABLE api_webhook_deliveries`);
    expect(await driver.send(await request())).toEqual({ ack: 1 });
    expect(receiver.received).toHaveLength(1);
    await stored();
    await vi.waitFor(() => expect(warnings).toEqual(["webhook message.created:out-11: the delivery log row was not written"]));
  });
});

describe("api driver: failures are thrown so the delivery job retries", () => {
  it("a 500 throws and is logged; the retry that gets 200 is attempt 2", async () => {
    receiver.answer(500);
    const driver = driverWith();
    await expect(driver.send(await request())).rejects.toThrow(/HTTP 500/);
    expect(await driver.send(await request())).toEqual({ ack: 1 });
    const rows = await log();
    expect(rows.map((r) => [r.statusCode, r.ok, r.attempt])).toEqual([
      [500, false, 1],
      [200, true, 2],
    ]);
    expect(rows[0]!.error).toContain("receiver says no");
    // Both attempts carried the same body and delivery key, so the receiver can de-duplicate.
    expect(receiver.received[0]!.raw).toBe(receiver.received[1]!.raw);
  });

  it("a receiver slower than the timeout is a failure with no status code", async () => {
    receiver.delay(1_000);
    await expect(driverWith({ timeoutMs: 100 }).send(await request())).rejects.toThrow(/Timed out/);
    const [row] = await log();
    expect(row).toMatchObject({ statusCode: null, ok: false, attempt: 1 });
    expect(row!.durationMs).toBeGreaterThanOrEqual(90);
  });

  it("a refused connection and a missing URL are failures too", async () => {
    await receiver.close();
    await expect(driverWith().send(await request())).rejects.toThrow();
    const admin = (await t.login()).token;
    const bare = await createConnection(t, admin, { channel: "api" });
    const row = (await t.kernel.services.require("connections.get")(bare.companyId, bare.id))!;
    await expect(driverWith().send({ ...(await request()), connection: row })).rejects.toThrow(/No webhook URL/);
    await stored();
    const all = await t.kernel.db.select().from(apiWebhookDeliveries).orderBy(asc(apiWebhookDeliveries.id));
    expect(all.map((r) => [r.whatsappId, r.ok, r.statusCode])).toEqual([
      [api.id, false, null],
      [bare.id, false, null],
    ]);
  });
});
