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
 * The default connection, the ticket-list width and the farewell left the kernel's `users`
 * table for the connections and tickets plugins (core/db/tables.ts, the users table's comment).
 * Proven on databases as earlier releases left them: every user answers the same values after
 * the boot, and the old columns are gone.
 */
/** The steps of the first move: the default connection and the ticket-list width. */
const DEFAULTS_AND_WIDTHS = [
  "core/0003_user_columns_to_plugins",
  "connections/0002_user_default_connections",
  "connections/0003_copy_user_defaults",
  "tickets/0009_ticket_list_preferences",
  "tickets/0010_copy_list_widths",
];
/** The steps of the farewell's move to the tickets plugin. */
const FAREWELLS = ["core/0005_farewell_message_to_tickets", "tickets/0013_user_farewell_messages", "tickets/0014_copy_farewell_messages"];

let t: TestKernel | null = null;
const dirs: string[] = [];
afterEach(async () => {
  await t?.close();
  t = null;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A database with every migration but the `skipped` steps, then `sql` run on it (args: now, a password hash). */
async function previousRelease(skipped: readonly string[], sql: readonly string[]): Promise<string> {
  const NEW_STEPS = new Set(skipped);
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
  for (const s of sql) await old.client.execute({ sql: s, args: [now, hash] });
  old.close();
  return url;
}

const userColumns = async () => (await t!.kernel.database.client.execute("SELECT name FROM pragma_table_info('users')")).rows.map((r) => String(r.name));
const storedFarewells = async () =>
  Object.fromEntries(
    (await t!.kernel.database.client.execute("SELECT user_id, message FROM user_farewell_messages ORDER BY user_id")).rows.map((r) => [Number(r.user_id), String(r.message)]),
  );

describe("user fields: migration from the kernel's users columns", () => {
  it("two releases back: every user answers the same default connection, width and farewell, and the old columns are gone", async () => {
    const url = await previousRelease(
      [...DEFAULTS_AND_WIDTHS, ...FAREWELLS],
      [
        "INSERT INTO companies (id, name, created_at, updated_at) VALUES (2, 'Loja Antiga', ?1, ?1), (3, 'Outra', ?1, ?1)",
        "INSERT INTO whatsapps (id, company_id, name, token, created_at, updated_at) VALUES (5, 2, 'Principal', 'tok-five-000000000000000000000', ?1, ?1), (6, 3, 'Alheia', 'tok-six-0000000000000000000000', ?1, ?1)",
        // 21: an admin with a default and a width; 22: defaults everywhere; 23: a default of
        // another company's connection (never valid), 24: of a connection that no longer exists.
        `INSERT INTO users (id, company_id, name, email, password_hash, profile, whatsapp_id, default_tickets_manager_width, farewell_message, created_at, updated_at) VALUES
      (21, 2, 'Ana', 'ana@antiga.test', ?2, 'admin', 5, 620, 'Até logo, {{name}}!', ?1, ?1),
      (22, 2, 'Bia', 'bia@antiga.test', ?2, 'user', NULL, 550, '', ?1, ?1),
      (23, 2, 'Caio', 'caio@antiga.test', ?2, 'user', 6, 404, '', ?1, ?1),
      (24, 2, 'Davi', 'davi@antiga.test', ?2, 'user', 99, 700, 'Tchau!', ?1, ?1)`,
      ],
    );
    t = await createTestKernel({ env: { DATABASE_URL: url } });
    const ana = await t.login("ana@antiga.test", "Secret123");
    expect(ana.user).toMatchObject({ id: 21, whatsappId: 5, defaultTicketsManagerWidth: 620, farewellMessage: "Até logo, {{name}}!" });
    const me = await t.call("GET", "/auth/me", { token: ana.token });
    expect(me.body).toMatchObject({ whatsappId: 5, defaultTicketsManagerWidth: 620, farewellMessage: "Até logo, {{name}}!" });

    const page = await t.call("GET", "/users/", { token: ana.token });
    const byId = Object.fromEntries(
      page.body.users.map((u: { id: number; whatsappId: number | null; defaultTicketsManagerWidth: number; farewellMessage: string }) => [
        u.id,
        [u.whatsappId, u.defaultTicketsManagerWidth, u.farewellMessage],
      ]),
    );
    // A default that was never the company's own connection is not carried over.
    expect(byId).toEqual({ 21: [5, 620, "Até logo, {{name}}!"], 22: [null, 550, ""], 23: [null, 404, ""], 24: [null, 700, "Tchau!"] });
    expect((await t.call("GET", "/users/23", { token: ana.token })).body).toMatchObject({ whatsappId: null, defaultTicketsManagerWidth: 404, farewellMessage: "" });

    const names = await userColumns();
    expect(names).not.toContain("whatsapp_id");
    expect(names).not.toContain("default_tickets_manager_width");
    expect(names).not.toContain("farewell_message");
  });

  it("the last release: every farewell survives in the tickets plugin's table, the empty ones as no row, and the column is gone", async () => {
    const url = await previousRelease(FAREWELLS, [
      "INSERT INTO companies (id, name, created_at, updated_at) VALUES (2, 'Loja Antiga', ?1, ?1), (3, 'Outra', ?1, ?1)",
      // 31: a farewell with variables; 32: none; 33: only blanks (answered back as they were);
      // 34: another company's user.
      `INSERT INTO users (id, company_id, name, email, password_hash, profile, farewell_message, created_at, updated_at) VALUES
        (31, 2, 'Ana', 'ana@antiga.test', ?2, 'admin', 'Obrigado, {{firstName}}! Protocolo #{{ticket_id}}', ?1, ?1),
        (32, 2, 'Bia', 'bia@antiga.test', ?2, 'user', '', ?1, ?1),
        (33, 2, 'Caio', 'caio@antiga.test', ?2, 'user', '   ', ?1, ?1),
        (34, 3, 'Davi', 'davi@outra.test', ?2, 'admin', 'Até mais', ?1, ?1)`,
    ]);
    t = await createTestKernel({ env: { DATABASE_URL: url } });
    expect(await userColumns()).not.toContain("farewell_message");
    expect(await storedFarewells()).toEqual({ 31: "Obrigado, {{firstName}}! Protocolo #{{ticket_id}}", 33: "   ", 34: "Até mais" });
    const stored = await t.kernel.database.client.execute("SELECT user_id, company_id FROM user_farewell_messages ORDER BY user_id");
    expect(stored.rows.map((r) => [Number(r.user_id), Number(r.company_id)])).toEqual([
      [31, 2],
      [33, 2],
      [34, 3],
    ]);

    const ana = await t.login("ana@antiga.test", "Secret123");
    expect(ana.user.farewellMessage).toBe("Obrigado, {{firstName}}! Protocolo #{{ticket_id}}");
    const page = await t.call("GET", "/users/", { token: ana.token });
    expect(Object.fromEntries(page.body.users.map((u: { id: number; farewellMessage: string }) => [u.id, u.farewellMessage]))).toEqual({
      31: "Obrigado, {{firstName}}! Protocolo #{{ticket_id}}",
      32: "",
      33: "   ",
    });
    // The migrated farewell is the user's like any other: cleared from the profile, it leaves no row.
    const cleared = await t.call("PUT", "/users/31", { token: ana.token, body: { farewellMessage: "" } });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.farewellMessage).toBe("");
    expect(await storedFarewells()).toEqual({ 33: "   ", 34: "Até mais" });
  });

  it("a fresh database answers the defaults", async () => {
    t = await createTestKernel();
    const admin = await t.login();
    expect(admin.user).toMatchObject({ whatsappId: null, defaultTicketsManagerWidth: 550, farewellMessage: "" });
  });
});
