import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { hashPassword } from "../../../../core/auth/password.ts";
import { openDatabase } from "../../../../core/db/database.ts";
import { migrate } from "../../../../core/db/migrator.ts";
import { migrations as coreMigrations } from "../../../../core/db/migrations/migrations.gen.ts";
import { createTestKernel, serverPlugins, type TestKernel } from "../../../../tests/support/test-kernel.ts";

/**
 * Migrations 0016 (the report times' columns, indexes and views) and 0017 (their backfill from
 * ticket_logs), proven on a database as the previous release left it: tickets of every history
 * the log can tell, booted by the new release, answer their times through the API and the views.
 */
const NEW_STEPS = new Set(["tickets/0016_report_times", "tickets/0017_backfill_report_times"]);
const at = (minute: number) => new Date(Date.UTC(2026, 2, 2, 12, minute)).toISOString();

let t: TestKernel | null = null;
const dirs: string[] = [];
afterEach(async () => {
  await t?.close();
  t = null;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** [id, status, user_id, updated_at minute, [log type, minute, user_id][]]; every ticket created at minute 0. */
type OldTicket = [number, string, number | null, number, [string, number, number | null][]];
const OLD: OldTicket[] = [
  // Waiting, never taken.
  [1, "pending", null, 0, [["create", 0, null]]],
  // Accepted at 3.
  [
    2,
    "open",
    21,
    3,
    [
      ["create", 0, null],
      ["open", 3, 21],
    ],
  ],
  // Accepted at 2, resolved at 5, reopened by the attendant at 8, resolved again at 9.
  [
    3,
    "closed",
    21,
    9,
    [
      ["create", 0, null],
      ["open", 2, 21],
      ["closed", 5, 21],
      ["reopen", 8, 21],
      ["closed", 9, 21],
    ],
  ],
  // Resolved with the rating at 4, rated and closed by the bot at 7: resolved at 4.
  [
    4,
    "closed",
    21,
    7,
    [
      ["create", 0, null],
      ["open", 1, 21],
      ["nps", 4, 21],
      ["rated", 7, 21],
      ["closed", 7, null],
    ],
  ],
  // Rating asked at 4, then transferred back at 6 and resolved at 9 without it.
  [
    5,
    "closed",
    22,
    9,
    [
      ["create", 0, null],
      ["open", 1, 21],
      ["nps", 4, 21],
      ["transfered", 6, 21],
      ["receivedTransfer", 6, 22],
      ["closed", 9, 22],
    ],
  ],
  // Waiting for its rating since 4.
  [
    6,
    "nps",
    21,
    4,
    [
      ["create", 0, null],
      ["open", 2, 21],
      ["nps", 4, 21],
    ],
  ],
  // Opened by a forward (logged `create` only) and attended now: since its creation.
  [7, "open", 21, 5, [["create", 0, 21]]],
  // Ignored at 6 (pending -> closed), never attended.
  [
    8,
    "closed",
    null,
    6,
    [
      ["create", 0, null],
      ["closed", 6, 21],
    ],
  ],
  // Transferred to an attendant at 3, resolved at 10.
  [
    9,
    "closed",
    22,
    10,
    [
      ["create", 0, null],
      ["queue", 2, null],
      ["transfered", 3, 21],
      ["receivedTransfer", 3, 22],
      ["closed", 10, 22],
    ],
  ],
  // Closed with no log at all: its last change.
  [10, "closed", 21, 12, []],
];
/** [acceptedAt minute, closedAt minute] per ticket, null for none. */
const EXPECTED: Record<number, [number | null, number | null]> = {
  1: [null, null],
  2: [3, null],
  3: [2, 9],
  4: [1, 4],
  5: [1, 9],
  6: [2, 4],
  7: [0, null],
  8: [null, 6],
  9: [3, 10],
  10: [null, 12],
};

async function previousRelease(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "report-times-"));
  dirs.push(dir);
  const url = `file:${join(dir, "old.db")}`;
  const old = await openDatabase(url);
  await migrate(old.client, "core", coreMigrations);
  for (const p of serverPlugins)
    await migrate(
      old.client,
      p.manifest.id,
      // The previous release stopped before 0016: later tickets migrations (e.g. 0022, which
      // rebuilds 0016's indexes) run on boot after it, as they would on a real upgrade.
      (p.migrations ?? []).filter((m) => !NEW_STEPS.has(`${p.manifest.id}/${m.id}`) && !(p.manifest.id === "tickets" && m.id > "0016")),
    );
  const columns = (await old.client.execute("SELECT name FROM pragma_table_info('tickets')")).rows.map((r) => String(r.name));
  expect(columns).not.toContain("accepted_at");
  const hash = await hashPassword("Secret123");
  const run = (sql: string, args: (string | number | null)[] = []) => old.client.execute({ sql, args });
  await run("INSERT INTO companies (id, name, created_at, updated_at) VALUES (2, 'Loja Antiga', ?1, ?1)", [at(0)]);
  await run(
    `INSERT INTO users (id, company_id, name, email, password_hash, profile, created_at, updated_at) VALUES
      (21, 2, 'Ana', 'ana@antiga.test', ?2, 'admin', ?1, ?1), (22, 2, 'Bia', 'bia@antiga.test', ?2, 'user', ?1, ?1)`,
    [at(0), hash],
  );
  await run("INSERT INTO whatsapps (id, company_id, name, token, created_at, updated_at) VALUES (5, 2, 'Principal', 'tok-five-000000000000000000000', ?1, ?1)", [at(0)]);
  for (const [id, status, userId, updated, logs] of OLD) {
    await run("INSERT INTO contacts (id, company_id, name, number, created_at, updated_at) VALUES (?1, 2, ?2, ?3, ?4, ?4)", [id, `Cliente ${id}`, `55119000000${id}`, at(0)]);
    await run(
      `INSERT INTO tickets (id, uuid, company_id, status, contact_id, whatsapp_id, user_id, created_at, updated_at, activity_at, agent_activity_at)
        VALUES (?1, ?2, 2, ?3, ?1, 5, ?4, ?5, ?6, ?6, ?6)`,
      [id, crypto.randomUUID(), status, userId, at(0), at(updated)],
    );
    for (const [type, minute, by] of logs)
      await run("INSERT INTO ticket_logs (company_id, ticket_id, type, user_id, created_at) VALUES (2, ?1, ?2, ?3, ?4)", [id, type, by, at(minute)]);
  }
  old.close();
  return url;
}

describe("migration: report times of the previous release's tickets", () => {
  it("backfills acceptedAt and closedAt from the ticket log; the API and tickets_view answer them", async () => {
    t = await createTestKernel({ env: { DATABASE_URL: await previousRelease() } });
    const ana = await t.login("ana@antiga.test", "Secret123");
    const minute = (iso: string | null) => (iso === null ? null : (Date.parse(iso) - Date.parse(at(0))) / 60_000);
    const answered: Record<number, [number | null, number | null]> = {};
    for (const [id] of OLD) {
      const res = await t.call("GET", `/tickets/${id}`, { token: ana.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      answered[id] = [minute(res.body.acceptedAt), minute(res.body.closedAt)];
    }
    expect(answered).toEqual(EXPECTED);

    const view = await t.kernel.database.client.execute("SELECT id, accepted_at, closed_at FROM tickets_view WHERE company_id = 2 ORDER BY id");
    expect(Object.fromEntries(view.rows.map((r) => [Number(r.id), [minute(r.accepted_at as string | null), minute(r.closed_at as string | null)]]))).toEqual(EXPECTED);
    const indexes = (await t.kernel.database.client.execute("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('tickets', 'ticket_logs')")).rows.map(
      (r) => r.name,
    );
    expect(indexes).toEqual(expect.arrayContaining(["tickets_company_created_idx", "tickets_company_closed_idx", "ticket_logs_company_type_created_idx"]));
    expect(indexes).not.toContain("ticket_logs_company_idx");
  });
});
