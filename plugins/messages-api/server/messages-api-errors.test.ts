import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { companies } from "../../../core/db/tables.ts";
import { createCompanyWithAdmin, createPlan } from "../../../tests/support/fixtures.ts";
import { createApiConnection, mediaForm, messagesApiWorld, type MessagesApiWorld, rowsOfCompany, sendApi } from "./messages-api.fixtures.ts";

/** Every refusal: a clear status and code, nothing stored, never a 5xx. */
let w: MessagesApiWorld;
beforeEach(async () => {
  w = await messagesApiWorld();
});
afterEach(() => w.close());

const text = { number: "5511987654321", body: "oi" };
const nothingStored = async () => expect((await rowsOfCompany(w.t, w.api.companyId)).messages).toEqual([]);

async function setCompany(values: Partial<typeof companies.$inferInsert>) {
  await w.t.kernel.db.update(companies).set(values).where(eq(companies.id, w.api.companyId));
  await w.t.kernel.companyAccess.invalidate(w.api.companyId);
}

describe("public messages API: the credential", () => {
  it("no token: 401 ERR_SESSION_EXPIRED; a wrong one or a user's JWT: 401 ERR_INVALID_API_TOKEN", async () => {
    expect(await sendApi(w.t, undefined, text)).toMatchObject({ status: 401, body: { error: "ERR_SESSION_EXPIRED" } });
    expect(await sendApi(w.t, "x".repeat(30), text)).toMatchObject({ status: 401, body: { error: "ERR_INVALID_API_TOKEN" } });
    expect(await sendApi(w.t, w.admin.token, text)).toMatchObject({ status: 401, body: { error: "ERR_INVALID_API_TOKEN" } });
    expect(await sendApi(w.t, "y".repeat(5000), text)).toMatchObject({ status: 401, body: { error: "ERR_INVALID_API_TOKEN" } });
    await nothingStored();
  });

  it("a regenerated token: the old one is refused at once, the new one sends", async () => {
    const regenerated = await w.t.call("POST", `/whatsapp/${w.api.id}/token`, { token: w.admin.token });
    expect(regenerated.status).toBe(200);
    expect(await sendApi(w.t, w.api.token, text)).toMatchObject({ status: 401, body: { error: "ERR_INVALID_API_TOKEN" } });
    expect((await sendApi(w.t, regenerated.body.token, text)).status).toBe(202);
  });

  it("another company's connection token sends in THAT company only; its ids are refused here", async () => {
    const other = await createCompanyWithAdmin(w.t, "Outra Loja");
    const theirs = await createApiConnection(w.t, other.token);
    const res = await sendApi(w.t, theirs.token, text);
    expect(res.status).toBe(202);
    expect((await rowsOfCompany(w.t, other.company.id)).messages).toHaveLength(1);
    await nothingStored();
    // Our user and queue named with their token: not of their company.
    const queue = await w.t.call("POST", "/queue", { token: w.admin.token, body: { name: "Nossa", color: "#123456" } });
    expect(await sendApi(w.t, theirs.token, { ...text, userId: w.admin.user.id })).toMatchObject({ status: 404, body: { error: "ERR_NO_USER_FOUND" } });
    expect(await sendApi(w.t, theirs.token, { ...text, queueId: queue.body.id })).toMatchObject({
      status: 400,
      body: { error: "ERR_VALIDATION", fields: { queueId: expect.any(String) } },
    });
    expect((await rowsOfCompany(w.t, other.company.id)).messages).toHaveLength(1);
  });
});

describe("public messages API: the company, the plan, the connection", () => {
  it("a disabled company: 403 ERR_COMPANY_INACTIVE; an overdue one: 402 ERR_SUBSCRIPTION_EXPIRED (as its people get)", async () => {
    await setCompany({ status: false });
    expect(await sendApi(w.t, w.api.token, text)).toMatchObject({ status: 403, body: { error: "ERR_COMPANY_INACTIVE" } });
    await setCompany({ status: true, dueDate: "2001-01-01" });
    expect(await sendApi(w.t, w.api.token, text)).toMatchObject({ status: 402, body: { error: "ERR_SUBSCRIPTION_EXPIRED" } });
    await nothingStored();
  });

  it("a plan without useExternalApi: 403 ERR_PLAN_FEATURE_DISABLED", async () => {
    const planId = await createPlan(w.t, { useExternalApi: false });
    const { token: superToken } = await w.t.login();
    expect((await w.t.call("PUT", `/companies/${w.api.companyId}`, { token: superToken, body: { planId } })).status).toBe(200);
    expect(await sendApi(w.t, w.api.token, text)).toMatchObject({ status: 403, body: { error: "ERR_PLAN_FEATURE_DISABLED", flag: "useExternalApi" } });
    await nothingStored();
  });

  it("a disconnected connection: 400 ERR_WAPP_NOT_INITIALIZED, nothing stored", async () => {
    await w.t.kernel.services.require("connections.setStatus")(w.api.companyId, w.api.id, { status: "DISCONNECTED" });
    expect(await sendApi(w.t, w.api.token, text)).toMatchObject({ status: 400, body: { error: "ERR_WAPP_NOT_INITIALIZED" } });
    await nothingStored();
  });
});

describe("public messages API: the body", () => {
  it.each([["+55 11 98765-4321"], ["(11) 98765-4321"], ["55119876543a1"], ["123"], [""], [-5511987654321], [true]])("number %j: a field error", async (number) => {
    expect(await sendApi(w.t, w.api.token, { number, body: "oi" })).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", fields: { number: expect.any(String) } } });
  });

  it("no number, no body, a bad userId, no file in a form, no content type: field errors / 415, never a 5xx", async () => {
    expect(await sendApi(w.t, w.api.token, { body: "oi" })).toMatchObject({ status: 400, body: { fields: { number: expect.any(String) } } });
    expect(await sendApi(w.t, w.api.token, { number: "5511987654321", body: "   " })).toMatchObject({ status: 400, body: { fields: { body: "Required" } } });
    expect(await sendApi(w.t, w.api.token, { ...text, userId: "abc" })).toMatchObject({ status: 400, body: { fields: { userId: "Invalid id" } } });
    expect(await sendApi(w.t, w.api.token, mediaForm({ number: "5511987654321" }, []))).toMatchObject({ status: 400, body: { fields: { medias: "Required" } } });
    const raw = await w.t.call("POST", "/api/messages/send", { headers: { authorization: `Bearer ${w.api.token}`, "content-type": "text/plain" }, body: "oi" });
    expect(raw.status).toBeGreaterThanOrEqual(400);
    expect(raw.status).toBeLessThan(500);
    await nothingStored();
  });

  it("a file over the upload limit: 413 and nothing sent", async () => {
    await w.close();
    w = await messagesApiWorld({ UPLOAD_MAX_BYTES: "1000" });
    const big = new File([new Uint8Array(1001)], "grande.pdf", { type: "application/pdf" });
    expect(await sendApi(w.t, w.api.token, mediaForm({ number: "5511987654321" }, [big]))).toMatchObject({ status: 413, body: { error: "ERR_PAYLOAD_TOO_LARGE" } });
    await nothingStored();
  });
});
