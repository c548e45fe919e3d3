import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TestKernel } from "../../../tests/support/test-kernel.ts";
import { apiKernel, b64, createConnection, deliver, rowsOfCompany } from "./api-channel.fixtures.ts";

let t: TestKernel;
let admin: string;
let api: { id: number; token: string; companyId: number };
beforeEach(async () => {
  t = await apiKernel();
  admin = (await t.login()).token;
  api = await createConnection(t, admin, { channel: "api" });
});
afterEach(() => t.close());

describe("api inbound: happy", () => {
  it("a message from a new number creates the contact, a pending ticket, the message and a create log", async () => {
    const res = await deliver(t, api.token, { id: "m-1", number: "+55 11 98765-4321", name: "Maria", body: "Olá, preciso de ajuda" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      messageId: expect.any(Number),
      ticketId: expect.any(Number),
      ticketUuid: expect.any(String),
      contactId: expect.any(Number),
      duplicate: false,
    });
    const rows = await rowsOfCompany(t, 1);
    expect(rows.tickets).toHaveLength(1);
    expect(rows.tickets[0]).toMatchObject({
      status: "pending",
      contactId: res.body.contactId,
      whatsappId: api.id,
      channel: "api",
      unreadMessages: 1,
      lastMessage: "Olá, preciso de ajuda",
      userId: null,
    });
    expect(rows.tickets[0]!.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(rows.messages).toHaveLength(1);
    expect(rows.messages[0]).toMatchObject({ providerId: "m-1", body: "Olá, preciso de ajuda", fromMe: false, mediaType: "chat", ack: 0, ticketId: res.body.ticketId });
    expect(rows.logs.map((l) => l.type)).toEqual(["create"]);
    const contact = await t.call("GET", `/contacts/${res.body.contactId}`, { token: admin });
    expect(contact.body).toMatchObject({ name: "Maria", number: "5511987654321" });
  });

  it("the same id twice is stored once and answered as a duplicate", async () => {
    const first = await deliver(t, api.token, { id: "dup", number: "5511912345678", body: "um" });
    const second = await deliver(t, api.token, { id: "dup", number: "5511912345678", body: "um" });
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ ...first.body, duplicate: true });
    const rows = await rowsOfCompany(t, 1);
    expect(rows.messages).toHaveLength(1);
    expect(rows.tickets[0]!.unreadMessages).toBe(1);
  });

  it("next messages of the contact join the live ticket and count as unread", async () => {
    const a = await deliver(t, api.token, { id: "a", number: "5511912345678", body: "um" });
    const b = await deliver(t, api.token, { id: "b", number: "5511912345678", body: "dois" });
    expect(b.body.ticketId).toBe(a.body.ticketId);
    const rows = await rowsOfCompany(t, 1);
    expect(rows.tickets[0]).toMatchObject({ unreadMessages: 2, lastMessage: "dois" });
    expect(rows.logs).toHaveLength(1);
  });

  it("100 concurrent first messages of one new number make exactly one ticket and 100 messages", async () => {
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => deliver(t, api.token, { id: `c-${i}`, number: "5521998877665", body: `msg ${i}` })));
    expect(results.map((r) => r.status)).toEqual(Array(100).fill(200));
    expect(new Set(results.map((r) => r.body.ticketId)).size).toBe(1);
    expect(new Set(results.map((r) => r.body.contactId)).size).toBe(1);
    const rows = await rowsOfCompany(t, 1);
    expect(rows.tickets).toHaveLength(1);
    expect(rows.messages).toHaveLength(100);
    expect(rows.tickets[0]!.unreadMessages).toBe(100);
    expect(rows.logs).toHaveLength(1);
  });

  it("concurrent deliveries of one id store it once", async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => deliver(t, api.token, { id: "same", number: "5521998877665", body: "oi" })));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((r) => r.body.messageId)).size).toBe(1);
    expect(results.filter((r) => !r.body.duplicate)).toHaveLength(1);
    const rows = await rowsOfCompany(t, 1);
    expect(rows.messages).toHaveLength(1);
    expect(rows.tickets[0]!.unreadMessages).toBe(1);
  });

  it("a media message stores the file under /public/company{id}/ and sets mediaUrl and mediaType", async () => {
    const res = await deliver(t, api.token, { id: "img", number: "5511912345678", media: { mimetype: "image/png", fileName: "foto.png", data: b64("not really a png") } });
    expect(res.status).toBe(200);
    const [message] = (await rowsOfCompany(t, 1)).messages;
    expect(message).toMatchObject({ mediaType: "image", body: "" });
    expect(message!.mediaUrl).toMatch(/^\/public\/company1\/[\w-]{21}\.png$/);
    const onDisk = join(t.dataDir, message!.mediaUrl!);
    expect(existsSync(onDisk)).toBe(true);
    expect(readFileSync(onDisk, "utf8")).toBe("not really a png");
    expect((await rowsOfCompany(t, 1)).tickets[0]!.lastMessage).toBe("foto.png");
  });

  it("a closed ticket is history: the next message opens a new pending ticket", async () => {
    const first = await deliver(t, api.token, { id: "x1", number: "5511912345678", body: "um" });
    await t.kernel.database.client.execute("UPDATE tickets SET status = 'closed'");
    const next = await deliver(t, api.token, { id: "x2", number: "5511912345678", body: "de novo" });
    expect(next.body.ticketId).not.toBe(first.body.ticketId);
    expect((await rowsOfCompany(t, 1)).tickets.map((r) => r.status).sort()).toEqual(["closed", "pending"]);
  });
});

describe("api inbound: errors", () => {
  const fieldsOf = async (body: unknown) => {
    const res = await deliver(t, api.token, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("ERR_VALIDATION");
    return res.body.fields as Record<string, string>;
  };

  it("names the missing number and id", async () => {
    expect(await fieldsOf({ id: "1", body: "oi" })).toMatchObject({ number: "Required" });
    expect(await fieldsOf({ number: "5511912345678", body: "oi" })).toMatchObject({ id: "Required" });
  });

  it("needs a body or a media", async () => {
    expect(await fieldsOf({ id: "1", number: "5511912345678" })).toMatchObject({ body: "Body or media required" });
    expect(await fieldsOf({ id: "1", number: "5511912345678", body: "   " })).toMatchObject({ body: "Body or media required" });
  });

  it("refuses bad base64 and incomplete media", async () => {
    expect(await fieldsOf({ id: "1", number: "5511912345678", media: { mimetype: "image/png", fileName: "a.png", data: "@@not base64@@" } })).toMatchObject({
      "media.data": "Invalid base64",
    });
    expect(await fieldsOf({ id: "1", number: "5511912345678", media: { mimetype: "image/png", data: b64("x") } })).toMatchObject({ "media.fileName": "Required" });
  });

  it("refuses a number with no digits without creating anything", async () => {
    const res = await deliver(t, api.token, { id: "1", number: "abc", body: "oi" });
    expect(res.status).toBe(400);
    expect((await rowsOfCompany(t, 1)).tickets).toHaveLength(0);
  });

  it("refuses a malformed JSON body", async () => {
    const res = await t.call("POST", "/channels/api/inbound", { headers: { authorization: `Bearer ${api.token}`, "content-type": "application/json" }, body: undefined });
    expect(res.status).toBe(400);
  });
});

describe("api inbound: size limit", () => {
  it("refuses media above the limit before decoding it, and stores nothing", async () => {
    await t.close();
    t = await apiKernel({ UPLOAD_MAX_BYTES: "1000" });
    admin = (await t.login()).token;
    api = await createConnection(t, admin, { channel: "api" });
    const res = await deliver(t, api.token, { id: "big", number: "5511912345678", media: { mimetype: "video/mp4", fileName: "v.mp4", data: b64("x".repeat(1001)) } });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error: "ERR_PAYLOAD_TOO_LARGE", maxBytes: 1000 });
    expect((await rowsOfCompany(t, 1)).messages).toHaveLength(0);
    const ok = await deliver(t, api.token, { id: "small", number: "5511912345678", media: { mimetype: "video/mp4", fileName: "v.mp4", data: b64("x".repeat(1000)) } });
    expect(ok.status).toBe(200);
  });
});
