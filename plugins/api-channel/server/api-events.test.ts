import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TestKernel } from "../../../tests/support/test-kernel.ts";
import { apiKernel, createConnection, deliver, report, rowsOfCompany } from "./api-channel.fixtures.ts";

let t: TestKernel;
let admin: string;
let api: { id: number; token: string; companyId: number };
beforeEach(async () => {
  t = await apiKernel();
  admin = (await t.login()).token;
  api = await createConnection(t, admin, { channel: "api" });
});
afterEach(() => t.close());

const stored = async (providerId: string) => (await rowsOfCompany(t, api.companyId)).messages.find((m) => m.providerId === providerId);

/** These call tickets.ack / tickets.providerEdited / tickets.providerDeleted (the tickets plugin's message half). */
describe("api events: happy", () => {
  beforeEach(async () => {
    expect((await deliver(t, api.token, { id: "in-1", number: "5511987654321", body: "primeira versão" })).status).toBe(200);
  });

  it("an ack raises the stored message's ack, never lowers it", async () => {
    const res = await report(t, api.token, { type: "ack", id: "in-1", ack: 3 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ applied: true });
    expect(await stored("in-1")).toMatchObject({ ack: 3 });
    await report(t, api.token, { type: "ack", id: "in-1", ack: 2 });
    expect(await stored("in-1")).toMatchObject({ ack: 3 });
  });

  it("an edit changes the body and marks it edited", async () => {
    const res = await report(t, api.token, { type: "edit", id: "in-1", body: "segunda versão" });
    expect(res.body).toEqual({ applied: true });
    expect(await stored("in-1")).toMatchObject({ body: "segunda versão", isEdited: true });
  });

  it("a delete marks it deleted by the contact", async () => {
    const res = await report(t, api.token, { type: "delete", id: "in-1" });
    expect(res.body).toEqual({ applied: true });
    expect(await stored("in-1")).toMatchObject({ isDeleted: true, deletedBy: "contact" });
  });

  it("an unknown id changes nothing and says so", async () => {
    for (const body of [
      { type: "ack", id: "nope", ack: 2 },
      { type: "edit", id: "nope", body: "x" },
      { type: "delete", id: "nope" },
    ]) {
      const res = await report(t, api.token, body);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ applied: false });
    }
  });
});

describe("api events: errors", () => {
  const fieldsOf = async (body: unknown) => {
    const res = await report(t, api.token, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("ERR_VALIDATION");
    return res.body.fields as Record<string, string>;
  };

  it("names what is missing or wrong", async () => {
    expect(await fieldsOf({ id: "1" })).toMatchObject({ type: "Invalid value" });
    expect(await fieldsOf({ type: "read", id: "1" })).toMatchObject({ type: "Invalid value" });
    expect(await fieldsOf({ type: "ack" })).toMatchObject({ id: "Required" });
    expect(await fieldsOf({ type: "ack", id: "1" })).toMatchObject({ ack: "Required" });
    expect(await fieldsOf({ type: "ack", id: "1", ack: 9 })).toMatchObject({ ack: "Invalid value" });
    expect(await fieldsOf({ type: "ack", id: "1", ack: "3" })).toMatchObject({ ack: "Invalid value" });
    expect(await fieldsOf({ type: "edit", id: "1" })).toMatchObject({ body: "Required" });
    expect(await fieldsOf({ type: "edit", id: "1", body: "  " })).toMatchObject({ body: "Required" });
    expect(await fieldsOf({ type: "delete", id: "x".repeat(256) })).toMatchObject({ id: "Too Long!" });
  });

  it("refuses a body that is not JSON", async () => {
    const res = await t.call("POST", "/channels/api/events", { headers: { authorization: `Bearer ${api.token}`, "content-type": "application/json" } });
    expect(res.status).toBe(400);
  });
});

describe("api events: security", () => {
  it("checks the connection token before the body", async () => {
    const none = await report(t, undefined, { nonsense: true });
    expect(none.status).toBe(401);
    expect(none.body.error).toBe("ERR_SESSION_EXPIRED");
    for (const token of ["x".repeat(30), admin]) {
      const res = await report(t, token, { type: "delete", id: "in-1" });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe("ERR_INVALID_TOKEN");
    }
    const wa = await createConnection(t, admin, { channel: "whatsapp" });
    expect((await report(t, wa.token, { type: "delete", id: "in-1" })).status).toBe(403);
  });

  it("a connection only reaches its own messages", async () => {
    expect((await deliver(t, api.token, { id: "mine", number: "5511987654321", body: "oi" })).status).toBe(200);
    const other = await createConnection(t, admin, { channel: "api" });
    const res = await report(t, other.token, { type: "delete", id: "mine" });
    expect(res.body).toEqual({ applied: false });
    expect(await stored("mine")).toMatchObject({ isDeleted: false });
  });
});
