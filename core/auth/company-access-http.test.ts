import { z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCompanyWithAdmin } from "../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../tests/support/test-kernel.ts";
import { companies } from "../db/tables.ts";
import { routeFactory } from "../http/route.ts";
import { definePlugin } from "../plugin/manifest.ts";
import { defineServerPlugin } from "../plugin/server-plugin.ts";

/** A throwaway plugin: one ordinary route and one that an overdue company may still call (as billing will). */
const manifest = definePlugin({ id: "access-probe" });
const route = routeFactory(manifest);
const ok = { 200: { description: "ok", content: { "application/json": { schema: z.object({ ok: z.boolean() }) } } } };
const work = route({ method: "get", path: "/probe/work", access: "user", responses: ok });
const billing = route({ method: "get", path: "/probe/billing", access: "admin", whenOverdue: "allow", responses: ok });
const platform = route({ method: "get", path: "/probe/platform", access: "super", responses: ok });
const plugin = defineServerPlugin({
  manifest,
  setup(ctx) {
    ctx.router.openapi(work, (c) => c.json({ ok: true }, 200));
    ctx.router.openapi(billing, (c) => c.json({ ok: true }, 200));
    ctx.router.openapi(platform, (c) => c.json({ ok: true }, 200));
  },
});

const YESTERDAY = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const TODAY = new Date().toISOString().slice(0, 10);

let t: TestKernel;
let a: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
beforeEach(async () => {
  t = await createTestKernel({ plugins: [plugin] });
  a = await createCompanyWithAdmin(t, "Alfa");
});
afterEach(() => t.close());

/** Changes the company row the way the companies plugin does: write, then invalidate. */
async function setCompany(id: number, values: Partial<typeof companies.$inferInsert>) {
  await t.kernel.db.update(companies).set(values).where(eq(companies.id, id));
  await t.kernel.companyAccess.invalidate(id);
}
const refresh = (cookie: string) => t.call("POST", "/auth/refresh_token", { headers: { cookie } });

describe("company access: a disabled company", () => {
  it("cannot sign in: 403 ERR_COMPANY_INACTIVE after a right password, ERR_INVALID_CREDENTIALS after a wrong one", async () => {
    await setCompany(a.company.id, { status: false });
    const res = await t.call("POST", "/auth/login", { body: { email: a.email, password: a.password } });
    expect(res).toMatchObject({ status: 403, body: { error: "ERR_COMPANY_INACTIVE" } });
    expect(res.headers.get("set-cookie")).toBeNull();
    // A stranger learns nothing about the company's state.
    const wrong = await t.call("POST", "/auth/login", { body: { email: a.email, password: "nope" } });
    expect(wrong).toMatchObject({ status: 401, body: { error: "ERR_INVALID_CREDENTIALS" } });
  });

  it("its tokens are refused on every authenticated route, /auth/me included", async () => {
    await setCompany(a.company.id, { status: false });
    for (const path of ["/auth/me", "/probe/work", "/probe/billing"]) {
      const res = await t.call("GET", path, { token: a.token });
      expect(res, path).toMatchObject({ status: 403, body: { error: "ERR_COMPANY_INACTIVE" } });
    }
  });

  it("its refresh cookie gets no new session", async () => {
    const { cookie } = await t.login(a.email, a.password);
    await setCompany(a.company.id, { status: false });
    expect(await refresh(cookie)).toMatchObject({ status: 403, body: { error: "ERR_COMPANY_INACTIVE" } });
  });

  it("enabling it again restores the old token and the refresh cookie", async () => {
    const { token, cookie } = await t.login(a.email, a.password);
    await setCompany(a.company.id, { status: false });
    expect((await t.call("GET", "/probe/work", { token })).status).toBe(403);
    await setCompany(a.company.id, { status: true });
    expect((await t.call("GET", "/probe/work", { token })).status).toBe(200);
    expect((await refresh(cookie)).status).toBe(200);
  });
});

describe("company access: an overdue company", () => {
  beforeEach(() => setCompany(a.company.id, { dueDate: YESTERDAY }));

  it("still signs in, refreshes and loads its session, so the admin can pay", async () => {
    const { token, cookie, user } = await t.login(a.email, a.password);
    expect(user.company).toMatchObject({ id: a.company.id, dueDate: YESTERDAY });
    expect((await t.call("GET", "/auth/me", { token })).status).toBe(200);
    expect((await refresh(cookie)).status).toBe(200);
  });

  it("ordinary routes answer 402 ERR_SUBSCRIPTION_EXPIRED; routes marked whenOverdue: allow answer", async () => {
    expect(await t.call("GET", "/probe/work", { token: a.token })).toMatchObject({ status: 402, body: { error: "ERR_SUBSCRIPTION_EXPIRED" } });
    expect(await t.call("GET", "/probe/billing", { token: a.token })).toMatchObject({ status: 200, body: { ok: true } });
  });

  it("is overdue from the due day itself (the web shows 'vence em hoje' and red)", async () => {
    await setCompany(a.company.id, { dueDate: TODAY });
    expect((await t.call("GET", "/probe/work", { token: a.token })).status).toBe(402);
  });

  it("the overdue check comes before the permission check (the answer says why)", async () => {
    expect(await t.call("GET", "/probe/platform", { token: a.token })).toMatchObject({ status: 402, body: { error: "ERR_SUBSCRIPTION_EXPIRED" } });
  });
});

describe("company access: security", () => {
  it("company 1 never expires, whatever its row says", async () => {
    await setCompany(1, { dueDate: YESTERDAY });
    const { token } = await t.login();
    expect((await t.call("GET", "/probe/work", { token })).status).toBe(200);
  });

  it("a super user is never blocked: they run the platform (and re-enable companies)", async () => {
    await setCompany(1, { status: false });
    const { token, cookie } = await t.login();
    expect((await t.call("GET", "/probe/platform", { token })).status).toBe(200);
    expect((await refresh(cookie)).status).toBe(200);
  });

  it("one company's state never blocks another's", async () => {
    const b = await createCompanyWithAdmin(t, "Beta");
    await setCompany(a.company.id, { status: false });
    await setCompany(b.company.id, { dueDate: YESTERDAY });
    const c = await createCompanyWithAdmin(t, "Gama");
    expect((await t.call("GET", "/probe/work", { token: c.token })).status).toBe(200);
    expect((await t.call("GET", "/probe/work", { token: b.token })).status).toBe(402);
    expect((await t.call("GET", "/probe/work", { token: a.token })).status).toBe(403);
  });
});
