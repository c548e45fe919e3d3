import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { users } from "../../../core/db/tables.ts";
import { companyById, createCompanyWithAdmin, createUser } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";

let t: TestKernel;
let superToken: string;
beforeEach(async () => {
  t = await createTestKernel();
  superToken = (await t.login()).token;
});
afterEach(() => t.close());

const week = [{ weekday: "Segunda-feira", weekdayEn: "monday", startTimeA: "09:00", endTimeA: "12:00", startTimeB: "", endTimeB: "" }];

describe("companies: security", () => {
  it("a company admin (not super) gets 403 on every super route", async () => {
    const a = await createCompanyWithAdmin(t, "Loja A");
    const calls: [string, string, unknown?][] = [
      ["GET", "/companies"],
      ["GET", "/companies/list"],
      ["GET", "/companiesPlan/"],
      ["GET", "/companiesPlan"],
      ["POST", "/companies", { name: "Nova", email: "n@n.test", planId: 1, password: "12345" }],
      ["PUT", `/companies/${a.company.id}`, { name: "Minha" }],
      ["PUT", "/companies/1", { name: "Tomada" }],
      ["DELETE", `/companies/${a.company.id}`],
      ["POST", `/companies/${a.company.id}/renew`],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.call(method, path, { token: a.token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error).toBe("ERR_NO_PERMISSION");
    }
    expect((await companyById(t, a.company.id))?.name).toBe("Loja A");
  });

  it("an admin of company B cannot read or change company A", async () => {
    const a = await createCompanyWithAdmin(t, "Loja A");
    const b = await createCompanyWithAdmin(t, "Loja B");
    const read = await t.call("GET", `/companies/${a.company.id}`, { token: b.token });
    expect(read.status).toBe(404);
    const plan = await t.call("GET", `/companies/listPlan/${a.company.id}`, { token: b.token });
    expect(plan.status).toBe(404);
    const hours = await t.call("PUT", `/companies/${a.company.id}/schedules`, { token: b.token, body: { schedules: week } });
    expect(hours.status).toBe(404);
    // Company A's hours are untouched (still the defaults).
    const own = await t.call("GET", `/companies/${a.company.id}`, { token: a.token });
    expect(own.body.schedules[0]).toMatchObject({ startTimeA: "08:00" });
  });

  it("an admin reads their own company and its plan; a plain user reads only the plan", async () => {
    const a = await createCompanyWithAdmin(t, "Loja A");
    expect((await t.call("GET", `/companies/${a.company.id}`, { token: a.token })).status).toBe(200);
    const user = await createUser(t, a.company.id);
    expect((await t.call("GET", `/companies/listPlan/${a.company.id}`, { token: user.token })).status).toBe(200);
    expect((await t.call("GET", `/companies/${a.company.id}`, { token: user.token })).status).toBe(403);
    expect((await t.call("PUT", `/companies/${a.company.id}/schedules`, { token: user.token, body: { schedules: week } })).status).toBe(403);
  });

  it("the super user reaches every company", async () => {
    const a = await createCompanyWithAdmin(t, "Loja A");
    expect((await t.call("GET", `/companies/${a.company.id}`, { token: superToken })).status).toBe(200);
    expect((await t.call("PUT", `/companies/${a.company.id}/schedules`, { token: superToken, body: { schedules: week } })).status).toBe(200);
  });

  it("a super user cannot delete the company they belong to", async () => {
    const a = await createCompanyWithAdmin(t, "Loja A");
    await t.kernel.db.update(users).set({ super: true }).where(eq(users.id, a.user.id));
    const res = await t.call("DELETE", `/companies/${a.company.id}`, { token: a.token });
    expect(res.body.error).toBe("ERR_CANNOT_DELETE_SELF");
    expect(await companyById(t, a.company.id)).toBeDefined();
  });

  it("every route needs a login", async () => {
    for (const [method, path] of [
      ["GET", "/companies"],
      ["GET", "/companies/1"],
      ["GET", "/companiesPlan/"],
      ["GET", "/companies/listPlan/1"],
      ["PUT", "/companies/1/schedules"],
      ["POST", "/companies"],
    ] as const)
      expect((await t.call(method, path)).status, `${method} ${path}`).toBe(401);
  });

  it("answers never carry password hashes", async () => {
    const res = await t.call("POST", "/companies", { token: superToken, body: { name: "Padaria", email: "p@p.test", planId: 1, password: "segredo" } });
    expect(JSON.stringify(res.body)).not.toMatch(/password|argon2/i);
    const list = await t.call("GET", "/companiesPlan/", { token: superToken });
    expect(JSON.stringify(list.body)).not.toMatch(/password|argon2/i);
  });
});
