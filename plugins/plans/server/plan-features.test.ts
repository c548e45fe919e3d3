import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../../core/db/database.ts";
import { migrate } from "../../../core/db/migrator.ts";
import { migrations as coreMigrations } from "../../../core/db/migrations/migrations.gen.ts";
import { createCompanyWithAdmin, createPlan } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";

let t: TestKernel | null = null;
const dirs: string[] = [];
afterEach(async () => {
  await t?.close();
  t = null;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("plan features: migration from the kernel's columns", () => {
  it("every existing plan keeps each flag's value, and the old columns are gone", async () => {
    // A database as the release before this one left it: core migrations up to 0001, flags as columns.
    const dir = mkdtempSync(join(tmpdir(), "plan-features-"));
    dirs.push(dir);
    const url = `file:${join(dir, "old.db")}`;
    const old = await openDatabase(url);
    await migrate(
      old.client,
      "core",
      coreMigrations.filter((m) => m.id < "0002"),
    );
    const now = new Date().toISOString();
    await old.client.execute({
      sql: "INSERT INTO plans (id, name, use_whatsapp, use_kanban, use_open_ai, use_external_api, created_at, updated_at) VALUES (7, 'Antigo', 0, 0, 1, 0, ?, ?), (8, 'Completo', 1, 1, 1, 1, ?, ?)",
      args: [now, now, now, now],
    });
    old.close();

    t = await createTestKernel({ env: { DATABASE_URL: url } });
    const { token } = await t.login();
    const plan7 = (await t.call("GET", "/plans/7", { token })).body;
    expect(plan7).toMatchObject({ name: "Antigo", useWhatsapp: false, useKanban: false, useOpenAi: true, useExternalApi: false, useCampaigns: true, useFacebook: true });
    const plan8 = (await t.call("GET", "/plans/8", { token })).body;
    for (const key of t.kernel.planFeatures.keys()) expect(plan8[key], key).toBe(true);
    const columns = await t.kernel.database.client.execute("SELECT name FROM pragma_table_info('plans')");
    expect(columns.rows.map((r) => String(r.name)).filter((n) => n.startsWith("use_"))).toEqual([]);
  });
});

describe("plan features: gating reads a cache that forgets on every change", () => {
  it("switching a feature on the plan reaches the session and the gate at once", async () => {
    t = await createTestKernel();
    const planId = await createPlan(t, { useExternalApi: false, useKanban: false });
    const admin = await createCompanyWithAdmin(t, "Loja Cache", { planId });
    const me = async () => (await t!.call("GET", "/auth/me", { token: admin.token })).body.company.plan;
    expect(await me()).toMatchObject({ useExternalApi: false, useKanban: false, useWhatsapp: true });
    const api = () => t!.call("POST", "/whatsapp", { token: admin.token, body: { name: "Integração", channel: "api" } });
    expect((await api()).body).toEqual({ error: "ERR_PLAN_FEATURE_DISABLED", flag: "useExternalApi" });

    const { token: superToken } = await t.login();
    await t.call("PUT", `/plans/${planId}`, { token: superToken, body: { useExternalApi: true } });
    expect(await me()).toMatchObject({ useExternalApi: true, useKanban: false });
    expect((await api()).status).toBe(200);
  });

  it("moving a company to another plan is seen at once", async () => {
    t = await createTestKernel();
    const without = await createPlan(t, { useKanban: false });
    const withIt = await createPlan(t, { useKanban: true });
    const admin = await createCompanyWithAdmin(t, "Loja Troca", { planId: without });
    const me = async () => (await t!.call("GET", "/auth/me", { token: admin.token })).body.company.plan;
    expect((await me()).useKanban).toBe(false);
    const { token: superToken } = await t.login();
    expect((await t.call("PUT", `/companies/${admin.company.id}`, { token: superToken, body: { planId: withIt } })).status).toBe(200);
    expect((await me()).useKanban).toBe(true);
  });
});

describe("plan features: errors", () => {
  it("a key no plugin declares is not stored nor answered", async () => {
    t = await createTestKernel();
    const { token } = await t.login();
    const res = await t.call("POST", "/plans", { token, body: { name: "Estranho", useTeleport: false } });
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty("useTeleport");
    const rows = await t.kernel.database.client.execute({ sql: "SELECT key FROM plan_features WHERE plan_id = ?", args: [res.body.id] });
    expect(rows.rows.map((r) => String(r.key)).sort()).toEqual([...t.kernel.planFeatures.keys()].sort());
  });

  it('a feature must be a boolean (or the forms\' "true"/"false")', async () => {
    t = await createTestKernel();
    const { token } = await t.login();
    const res = await t.call("POST", "/plans", { token, body: { name: "Errado", useKanban: "talvez" } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty("useKanban");
    expect((await t.call("POST", "/plans", { token, body: { name: "Texto", useKanban: "false" } })).body.useKanban).toBe(false);
  });
});
