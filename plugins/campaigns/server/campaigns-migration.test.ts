import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../../core/db/database.ts";
import { migrate } from "../../../core/db/migrator.ts";
import { migrations as coreMigrations } from "../../../core/db/migrations/migrations.gen.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";

/**
 * `companies.campaigns_enabled` left the kernel for this plugin's company setting, and the
 * `useCampaigns` plan feature left the plans plugin's catalogue for this manifest (README.md).
 * A database the previous release left answers the same through HTTP afterwards.
 */
let t: TestKernel | null = null;
const dirs: string[] = [];
afterEach(async () => {
  await t?.close();
  t = null;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const now = new Date().toISOString();

/** A database as the release before this change left it: core migrations up to 0005, the plans and companies plugins' too. */
async function oldDatabase(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "campaigns-enabled-"));
  dirs.push(dir);
  const url = `file:${join(dir, "old.db")}`;
  // Boot the previous shape once: core before 0006 (the column still there), every plugin migrated.
  const old = await openDatabase(url);
  await migrate(
    old.client,
    "core",
    coreMigrations.filter((m) => m.id < "0006"),
  );
  const run = (sql: string, args: (string | number)[] = []) => old.client.execute({ sql, args });
  await run("INSERT INTO plans (id, name, created_at, updated_at) VALUES (7, 'Sem campanhas', ?, ?), (8, 'Com campanhas', ?, ?)", [now, now, now, now]);
  await run(
    "INSERT INTO companies (id, name, email, plan_id, campaigns_enabled, created_at, updated_at) VALUES (7, 'Antiga', 'antiga@example.com', 7, 1, ?, ?), (8, 'Outra', 'outra@example.com', 8, 0, ?, ?)",
    [now, now, now, now],
  );
  old.close();
  return url;
}

describe("campaignsEnabled and useCampaigns move to the campaigns plugin", () => {
  it("a database the previous release left answers the same values through HTTP, and the kernel's column is gone", async () => {
    const url = await oldDatabase();
    // The plans plugin's migrations ran in the previous release too: its rows keep useCampaigns.
    t = await createTestKernel({ env: { DATABASE_URL: url } });
    const { token } = await t.login();
    await t.call("PUT", "/plans/7", { token, body: { useCampaigns: false } });
    expect((await t.call("GET", "/companies/7", { token })).body).toMatchObject({ id: 7, campaignsEnabled: true });
    expect((await t.call("GET", "/companies/8", { token })).body).toMatchObject({ id: 8, campaignsEnabled: false });
    const listed = (await t.call("GET", "/companies/list", { token })).body as { id: number; campaignsEnabled: boolean }[];
    expect(listed.filter((c) => c.id >= 7).map((c) => [c.id, c.campaignsEnabled])).toEqual([
      [7, true],
      [8, false],
    ]);
    // Stored as the company setting (spec 001 §3 lists it there); /companySettings answers the settings plugin's catalogue only, as before.
    expect(await t.kernel.settings.companyOne(7, "campaignsEnabled")).toBe("true");
    expect(await t.kernel.settings.companyOne(8, "campaignsEnabled")).toBe("false");
    // The plan feature answers as before: stored rows are keyed by the flag, not by its declarer.
    expect((await t.call("GET", "/plans/7", { token })).body).toMatchObject({ useCampaigns: false });
    expect((await t.call("GET", "/plans/8", { token })).body).toMatchObject({ useCampaigns: true });
    expect((await t.call("GET", "/companies/listPlan/7", { token })).body.plan).toMatchObject({ useCampaigns: false });
    const columns = await t.kernel.database.client.execute("SELECT name FROM pragma_table_info('companies')");
    expect(columns.rows.map((r) => String(r.name))).not.toContain("campaigns_enabled");
    expect(t.kernel.planFeatures.declared.find((f) => f.key === "useCampaigns")).toMatchObject({ plugin: "campaigns" });
  });

  it("a fresh database: create and edit write the setting, and the company answers it", async () => {
    t = await createTestKernel();
    const { token } = await t.login();
    const planId = (await t.kernel.database.client.execute("SELECT id FROM plans LIMIT 1")).rows[0]!.id as number;
    const created = await t.call("POST", "/companies", { token, body: { name: "Nova", email: "nova@example.com", password: "segredo1", planId, campaignsEnabled: true } });
    expect(created.status).toBe(200);
    expect(created.body.campaignsEnabled).toBe(true);
    const off = await t.call("PUT", `/companies/${created.body.id}`, { token, body: { campaignsEnabled: false } });
    expect(off.body.campaignsEnabled).toBe(false);
    expect(await t.kernel.settings.companyOne(created.body.id, "campaignsEnabled")).toBe("false");
    const plain = await t.call("POST", "/companies", { token, body: { name: "Sem", email: "sem@example.com", password: "segredo1", planId } });
    expect(plain.body.campaignsEnabled).toBe(false);
  });
});
