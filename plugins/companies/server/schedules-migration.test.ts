import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../../core/db/database.ts";
import { migrate } from "../../../core/db/migrator.ts";
import { migrations as coreMigrations } from "../../../core/db/migrations/migrations.gen.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { defaultOfficeHours } from "../../office-hours/office-hours.contract.ts";

/**
 * company_schedules moved from the kernel to this plugin (README, "Tables"): the kernel's
 * migration 0000 created it, so this plugin's migration must keep an existing table and its
 * rows, and create it where it is missing.
 */
let t: TestKernel | null = null;
const dirs: string[] = [];
afterEach(async () => {
  await t?.close();
  t = null;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const saturday = { weekday: "Sábado", weekdayEn: "saturday", startTimeA: "09:00", endTimeA: "13:00", startTimeB: "", endTimeB: "" };

/** A database file with the kernel's migrations before this change applied (as the previous release left it), and `then` run on it. */
async function oldDatabase(then: (run: (sql: string, args?: (string | number)[]) => Promise<unknown>) => Promise<void>): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "company-schedules-"));
  dirs.push(dir);
  const url = `file:${join(dir, "old.db")}`;
  const old = await openDatabase(url);
  await migrate(
    old.client,
    "core",
    coreMigrations.filter((m) => m.id < "0003"),
  );
  await then((sql, args = []) => old.client.execute({ sql, args }));
  old.close();
  return url;
}

const now = new Date().toISOString();
const companySeven = (run: (sql: string, args?: (string | number)[]) => Promise<unknown>) =>
  run("INSERT INTO companies (id, name, email, created_at, updated_at) VALUES (7, 'Antiga', 'antiga@example.com', ?, ?)", [now, now]);

/** Reads and replaces company 7's week as the super user; answers what GET said before and after. */
async function readAndReplace(kernel: TestKernel) {
  const { token } = await kernel.login();
  const before = (await kernel.call("GET", "/companies/7", { token })).body.schedules;
  const week = defaultOfficeHours().map((d) => (d.weekdayEn === "monday" ? { ...d, startTimeA: "07:00" } : d));
  const put = await kernel.call("PUT", "/companies/7/schedules", { token, body: { schedules: week } });
  const after = (await kernel.call("GET", "/companies/7", { token })).body.schedules;
  const indexes = await kernel.kernel.database.client.execute(
    "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'company_schedules' AND name NOT LIKE 'sqlite_%'",
  );
  return { before, put, after, week, indexes: indexes.rows.map((r) => String(r.name)) };
}

describe("company_schedules: the table moved to the companies plugin", () => {
  it("a database the previous release left keeps its office hours, and PUT/GET work on them", async () => {
    const url = await oldDatabase(async (run) => {
      await companySeven(run);
      await run(
        "INSERT INTO company_schedules (company_id, weekday, weekday_en, start_time_a, end_time_a, start_time_b, end_time_b) VALUES (7, 'Sábado', 'saturday', '09:00', '13:00', '', '')",
      );
    });
    t = await createTestKernel({ env: { DATABASE_URL: url } });
    const r = await readAndReplace(t);
    expect(r.before).toEqual([saturday]);
    expect(r.put.status).toBe(200);
    expect(r.put.body.schedules).toEqual(r.week);
    expect(r.after).toEqual(r.week);
    expect(r.indexes).toEqual(["company_schedules_company_idx"]);
  });

  it("a fresh database answers the same", async () => {
    t = await createTestKernel();
    await t.kernel.database.client.execute({
      sql: "INSERT INTO companies (id, name, email, created_at, updated_at) VALUES (7, 'Nova', 'nova@example.com', ?, ?)",
      args: [now, now],
    });
    const r = await readAndReplace(t);
    expect(r.before).toEqual(defaultOfficeHours());
    expect(r.put.status).toBe(200);
    expect(r.after).toEqual(r.week);
    expect(r.indexes).toEqual(["company_schedules_company_idx"]);
    const ran = await t.kernel.database.client.execute("SELECT owner, id FROM _migrations WHERE id LIKE '%company_schedules%' ORDER BY owner");
    expect(ran.rows.map((row) => `${row.owner}/${row.id}`)).toEqual(["companies/0000_company_schedules", "core/0004_company_schedules_to_companies"]);
  });

  it("a database without the table (a kernel whose history no longer creates it) gets it from this plugin", async () => {
    const url = await oldDatabase(async (run) => {
      await companySeven(run);
      await run("DROP TABLE company_schedules");
    });
    t = await createTestKernel({ env: { DATABASE_URL: url } });
    const r = await readAndReplace(t);
    expect(r.before).toEqual(defaultOfficeHours());
    expect(r.put.status).toBe(200);
    expect(r.after).toEqual(r.week);
    expect(r.indexes).toEqual(["company_schedules_company_idx"]);
  });
});
