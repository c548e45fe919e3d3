import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCompanyWithAdmin, createUser } from "../support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../support/test-kernel.ts";

/**
 * Issue 11, finding 2, across plugins: a disabled company loses access everywhere; an
 * overdue one keeps sign-in, the shell's reads and billing, while every other company
 * route answers 402 ERR_SUBSCRIPTION_EXPIRED and its customers are still heard.
 * Companies change through PUT /companies/{id} as the super user, like the admin screen.
 */
let t: TestKernel;
let superToken: string;
let a: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
beforeEach(async () => {
  t = await createTestKernel();
  superToken = (await t.login()).token;
  a = await createCompanyWithAdmin(t, "Alfa");
});
afterEach(() => t.close());

const YESTERDAY = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const put = async (id: number, body: Record<string, unknown>) => expect((await t.call("PUT", `/companies/${id}`, { token: superToken, body })).status).toBe(200);

/** What the web shell (and its plugins' start-up) reads before any page: these stay open for an overdue company. */
const shellReads = (companyId: number) => [
  "/auth/me",
  "/version",
  "/public-settings/appName",
  "/companySettingOne?column=scheduleType",
  "/settings",
  "/setting/userRating",
  `/companySettings/${companyId}`,
  `/companies/listPlan/${companyId}`,
];
/** Ordinary work of several plugins. */
const work = ["/tickets", "/contacts", "/queue", "/whatsapp", "/users", "/quick-messages", "/tags"];

async function apiConnection(token: string) {
  const res = await t.call("POST", "/whatsapp", { token, body: { name: "Integração", channel: "api" } });
  expect(res.status).toBe(200);
  return res.body as { id: number; token: string };
}
const inbound = (token: string, id: string) =>
  t.call("POST", "/channels/api/inbound", { headers: { authorization: `Bearer ${token}` }, body: { id, number: "5511912345678", body: `mensagem ${id}` } });

describe("company access across plugins: an overdue company", () => {
  it("signs in and reads what the shell needs; every other route answers 402 ERR_SUBSCRIPTION_EXPIRED", async () => {
    const plain = await createUser(t, a.company.id);
    await put(a.company.id, { dueDate: YESTERDAY });
    const { token } = await t.login(a.email, a.password);
    for (const path of shellReads(a.company.id)) expect((await t.call("GET", path, { token })).status, path).toBe(200);
    for (const path of work) expect(await t.call("GET", path, { token }), path).toMatchObject({ status: 402, body: { error: "ERR_SUBSCRIPTION_EXPIRED" } });
    // A plain user too (the shell's reads a plain user may make).
    expect((await t.call("GET", "/auth/me", { token: plain.token })).status).toBe(200);
    expect((await t.call("GET", "/tickets", { token: plain.token })).status).toBe(402);
    // Writes are closed as well.
    expect((await t.call("POST", "/contacts", { token, body: { name: "Novo", number: "5511900000000" } })).status).toBe(402);
  });

  it("its customers' messages are still stored", async () => {
    const api = await apiConnection(a.token);
    await put(a.company.id, { dueDate: YESTERDAY });
    expect((await inbound(api.token, "late-1")).status).toBe(200);
    await put(a.company.id, { dueDate: "2999-01-01" });
    const tickets = await t.call("GET", "/tickets?status=pending&showAll=true", { token: a.token });
    expect(tickets.status).toBe(200);
    expect(tickets.body.tickets.map((x: { lastMessage: string }) => x.lastMessage)).toEqual(["mensagem late-1"]);
  });
});

describe("company access across plugins: a disabled company", () => {
  it("loses every route and its API channel; enabling it restores both", async () => {
    const api = await apiConnection(a.token);
    await put(a.company.id, { status: false });
    for (const path of [...shellReads(a.company.id).filter((p) => !["/version", "/public-settings/appName"].includes(p)), ...work])
      expect(await t.call("GET", path, { token: a.token }), path).toMatchObject({ status: 403, body: { error: "ERR_COMPANY_INACTIVE" } });
    expect((await inbound(api.token, "off")).status).toBe(503);
    await put(a.company.id, { status: true });
    expect((await t.call("GET", "/tickets", { token: a.token })).status).toBe(200);
    expect((await inbound(api.token, "on")).status).toBe(200);
  });
});

describe("company access across plugins: security", () => {
  it("company 1 and the super user are never blocked, and another company is untouched", async () => {
    const b = await createCompanyWithAdmin(t, "Beta");
    await put(a.company.id, { status: false });
    await put(1, { dueDate: YESTERDAY }); // the companies plugin pins company 1 to 2999 anyway
    for (const path of work) expect((await t.call("GET", path, { token: superToken })).status, path).toBe(200);
    for (const path of work) expect((await t.call("GET", path, { token: b.token })).status, path).toBe(200);
    expect(await t.call("GET", `/companies/${a.company.id}`, { token: superToken })).toMatchObject({ status: 200, body: { status: false } });
  });
});
