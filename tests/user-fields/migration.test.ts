import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { hashPassword } from "../../core/auth/password.ts";
import { openDatabase } from "../../core/db/database.ts";
import { migrate } from "../../core/db/migrator.ts";
import { migrations as coreMigrations } from "../../core/db/migrations/migrations.gen.ts";
import { createTestKernel, serverPlugins, type TestKernel } from "../support/test-kernel.ts";

/**
 * The default connection and the ticket-list width left the kernel's `users` table for the
 * connections and tickets plugins (core/db/tables.ts, the users table's comment). Proven on a
 * database as the release before left it: every user answers the same values after the boot.
 */
const NEW_STEPS = new Set([
  "core/0003_user_columns_to_plugins",
  "connections/0002_user_default_connections",
  "connections/0003_copy_user_defaults",
  "tickets/0009_ticket_list_preferences",
  "tickets/0010_copy_list_widths",
]);

let t: TestKernel | null = null;
const dirs: string[] = [];
afterEach(async () => {
  await t?.close();
  t = null;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A database with every migration but this change's, and users carrying the two old columns. */
async function previousRelease(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "user-fields-"));
  dirs.push(dir);
  const url = `file:${join(dir, "old.db")}`;
  const old = await openDatabase(url);
  await migrate(
    old.client,
    "core",
    coreMigrations.filter((m) => !NEW_STEPS.has(`core/${m.id}`)),
  );
  for (const p of serverPlugins)
    await migrate(
      old.client,
      p.manifest.id,
      (p.migrations ?? []).filter((m) => !NEW_STEPS.has(`${p.manifest.id}/${m.id}`)),
    );
  const now = new Date().toISOString();
  const hash = await hashPassword("Secret123");
  const sql = [
    "INSERT INTO companies (id, name, created_at, updated_at) VALUES (2, 'Loja Antiga', ?1, ?1), (3, 'Outra', ?1, ?1)",
    "INSERT INTO whatsapps (id, company_id, name, token, created_at, updated_at) VALUES (5, 2, 'Principal', 'tok-five-000000000000000000000', ?1, ?1), (6, 3, 'Alheia', 'tok-six-0000000000000000000000', ?1, ?1)",
    // 21: an admin with a default and a width; 22: defaults everywhere; 23: a default of
    // another company's connection (never valid), 24: of a connection that no longer exists.
    `INSERT INTO users (id, company_id, name, email, password_hash, profile, whatsapp_id, default_tickets_manager_width, created_at, updated_at) VALUES
      (21, 2, 'Ana', 'ana@antiga.test', ?2, 'admin', 5, 620, ?1, ?1),
      (22, 2, 'Bia', 'bia@antiga.test', ?2, 'user', NULL, 550, ?1, ?1),
      (23, 2, 'Caio', 'caio@antiga.test', ?2, 'user', 6, 404, ?1, ?1),
      (24, 2, 'Davi', 'davi@antiga.test', ?2, 'user', 99, 700, ?1, ?1)`,
  ];
  for (const s of sql) await old.client.execute({ sql: s, args: [now, hash] });
  old.close();
  return url;
}

describe("user fields: migration from the kernel's users columns", () => {
  it("every user answers the same default connection and width, and the old columns are gone", async () => {
    const url = await previousRelease();
    t = await createTestKernel({ env: { DATABASE_URL: url } });
    const ana = await t.login("ana@antiga.test", "Secret123");
    expect(ana.user).toMatchObject({ id: 21, whatsappId: 5, defaultTicketsManagerWidth: 620 });
    const me = await t.call("GET", "/auth/me", { token: ana.token });
    expect(me.body).toMatchObject({ whatsappId: 5, defaultTicketsManagerWidth: 620 });

    const page = await t.call("GET", "/users/", { token: ana.token });
    const byId = Object.fromEntries(
      page.body.users.map((u: { id: number; whatsappId: number | null; defaultTicketsManagerWidth: number }) => [u.id, [u.whatsappId, u.defaultTicketsManagerWidth]]),
    );
    // A default that was never the company's own connection is not carried over.
    expect(byId).toEqual({ 21: [5, 620], 22: [null, 550], 23: [null, 404], 24: [null, 700] });
    expect((await t.call("GET", "/users/23", { token: ana.token })).body).toMatchObject({ whatsappId: null, defaultTicketsManagerWidth: 404 });

    const columns = await t.kernel.database.client.execute("SELECT name FROM pragma_table_info('users')");
    const names = columns.rows.map((r) => String(r.name));
    expect(names).not.toContain("whatsapp_id");
    expect(names).not.toContain("default_tickets_manager_width");
  });

  it("a fresh database answers the defaults", async () => {
    t = await createTestKernel();
    const admin = await t.login();
    expect(admin.user).toMatchObject({ whatsappId: null, defaultTicketsManagerWidth: 550 });
  });
});
