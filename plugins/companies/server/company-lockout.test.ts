import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createCompanyWithAdmin } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { addDays, utcToday } from "../shared/renew.ts";

/**
 * The companies plugin tells the kernel's company-access cache about every write, so
 * disabling, re-enabling, renewing or deleting a company takes effect on the next call,
 * not when the cache would have expired.
 */
let t: TestKernel;
let superToken: string;
let a: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
beforeEach(async () => {
  t = await createTestKernel();
  superToken = (await t.login()).token;
  a = await createCompanyWithAdmin(t, "Loja A");
  // The admin's own calls fill the cache: a stale entry is what the invalidation must beat.
  expect((await t.call("GET", `/companies/listPlan/${a.company.id}`, { token: a.token })).status).toBe(200);
});
afterEach(() => t.close());

const put = (id: number, body: Record<string, unknown>) => t.call("PUT", `/companies/${id}`, { token: superToken, body });

describe("companies: the company-access cache follows every write", () => {
  it("PUT status false refuses the company's next call at once; status true lets it back", async () => {
    expect((await put(a.company.id, { status: false })).status).toBe(200);
    expect(await t.call("GET", "/auth/me", { token: a.token })).toMatchObject({ status: 403, body: { error: "ERR_COMPANY_INACTIVE" } });
    expect((await t.call("POST", "/auth/login", { body: { email: a.email, password: a.password } })).status).toBe(403);
    expect((await put(a.company.id, { status: true })).status).toBe(200);
    expect((await t.call("GET", "/auth/me", { token: a.token })).status).toBe(200);
  });

  it("a past due date blocks ordinary routes but not the plan read; renewing opens them at once", async () => {
    expect((await put(a.company.id, { dueDate: addDays(utcToday(), -1) })).status).toBe(200);
    expect(await t.call("GET", `/companies/${a.company.id}`, { token: a.token })).toMatchObject({ status: 402, body: { error: "ERR_SUBSCRIPTION_EXPIRED" } });
    expect((await t.call("GET", `/companies/listPlan/${a.company.id}`, { token: a.token })).status).toBe(200);
    expect((await t.call("POST", `/companies/${a.company.id}/renew`, { token: superToken })).status).toBe(200);
    expect((await t.call("GET", `/companies/${a.company.id}`, { token: a.token })).status).toBe(200);
  });

  it("a company created inactive (the form's default) signs in once the super user activates it", async () => {
    const created = await t.call("POST", "/companies", { token: superToken, body: { name: "Nova", email: "nova@test.local", planId: 1, password: "Secret123" } });
    expect(created.body.status).toBe(false);
    const login = () => t.call("POST", "/auth/login", { body: { email: "nova@test.local", password: "Secret123" } });
    expect(await login()).toMatchObject({ status: 403, body: { error: "ERR_COMPANY_INACTIVE" } });
    await put(created.body.id, { status: true });
    expect((await login()).status).toBe(200);
  });

  it("the super user manages a disabled or overdue company as before", async () => {
    await put(a.company.id, { status: false, dueDate: addDays(utcToday(), -3) });
    expect(await t.call("GET", `/companies/${a.company.id}`, { token: superToken })).toMatchObject({ status: 200, body: { status: false } });
  });

  it("creating and deleting a company tell the cache too", async () => {
    const invalidate = vi.spyOn(t.kernel.companyAccess, "invalidate");
    const created = await t.call("POST", "/companies", { token: superToken, body: { name: "Nova", email: "nova@test.local", planId: 1, password: "Secret123" } });
    expect(created.status).toBe(200);
    expect(invalidate).toHaveBeenLastCalledWith(created.body.id);
    expect((await t.call("DELETE", `/companies/${created.body.id}`, { token: superToken })).status).toBe(200);
    expect(invalidate).toHaveBeenLastCalledWith(created.body.id);
    expect(await t.kernel.companyAccess.state(created.body.id)).toBe("disabled");
  });
});
