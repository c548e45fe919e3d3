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
 * Issue 24: `tickets.holder` replaces the `is_bot` and `use_integration` columns. Proven on a
 * database as the last release left it: every ticket answers the same `isBot` and
 * `useIntegration` after the boot, with the holder they meant, and the old columns are gone.
 */
const HOLDER_STEPS = new Set(["tickets/0018_ticket_holder", "tickets/0019_backfill_ticket_holder", "tickets/0020_drop_is_bot_use_integration"]);

let t: TestKernel | null = null;
const dirs: string[] = [];
afterEach(async () => {
  await t?.close();
  t = null;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function lastRelease(sql: readonly string[]): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "ticket-holder-"));
  dirs.push(dir);
  const url = `file:${join(dir, "old.db")}`;
  const old = await openDatabase(url);
  await migrate(old.client, "core", coreMigrations);
  for (const p of serverPlugins)
    await migrate(
      old.client,
      p.manifest.id,
      (p.migrations ?? []).filter((m) => !HOLDER_STEPS.has(`${p.manifest.id}/${m.id}`)),
    );
  const args = [new Date().toISOString(), await hashPassword("Secret123")];
  for (const s of sql) await old.client.execute({ sql: s, args });
  old.close();
  return url;
}

describe("ticket holder: migration from isBot / useIntegration", () => {
  it("every ticket keeps its isBot and useIntegration, now derived from the holder, and the old columns are gone", async () => {
    const url = await lastRelease([
      "INSERT INTO companies (id, name, created_at, updated_at) VALUES (2, 'Loja Antiga', ?1, ?1)",
      "INSERT INTO users (id, company_id, name, email, password_hash, profile, created_at, updated_at) VALUES (21, 2, 'Ana', 'ana@antiga.test', ?2, 'admin', ?1, ?1)",
      "INSERT INTO whatsapps (id, company_id, name, token, created_at, updated_at) VALUES (5, 2, 'Principal', 'tok-five-000000000000000000000', ?1, ?1)",
      `INSERT INTO contacts (id, company_id, name, number, created_at, updated_at) VALUES
        (1, 2, 'C1', '5511900000001', ?1, ?1), (2, 2, 'C2', '5511900000002', ?1, ?1), (3, 2, 'C3', '5511900000003', ?1, ?1),
        (4, 2, 'C4', '5511900000004', ?1, ?1), (5, 2, 'C5', '5511900000005', ?1, ?1)`,
      // 1: the bot talks; 2: an integration switched on by hand; 3: an attendant's; 4: waiting; 5: closed by its attendant.
      `INSERT INTO tickets (id, uuid, company_id, status, contact_id, whatsapp_id, user_id, is_bot, use_integration, created_at, updated_at) VALUES
        (1, 'u-1', 2, 'pending', 1, 5, NULL, 1, 0, ?1, ?1),
        (2, 'u-2', 2, 'pending', 2, 5, NULL, 0, 1, ?1, ?1),
        (3, 'u-3', 2, 'open', 3, 5, 21, 0, 0, ?1, ?1),
        (4, 'u-4', 2, 'pending', 4, 5, NULL, 0, 0, ?1, ?1),
        (5, 'u-5', 2, 'closed', 5, 5, 21, 0, 0, ?1, ?1)`,
    ]);
    t = await createTestKernel({ env: { DATABASE_URL: url } });
    const ana = await t.login("ana@antiga.test", "Secret123");
    const fields = async (id: number) => {
      const { body } = await t!.call("GET", `/tickets/${id}`, { token: ana.token });
      return [body.holder, body.isBot, body.useIntegration, body.integrationId, body.promptId];
    };
    expect(await fields(1)).toEqual(["bot", true, false, null, null]);
    expect(await fields(2)).toEqual(["integration", false, true, null, null]);
    expect(await fields(3)).toEqual(["attendant", false, false, null, null]);
    expect(await fields(4)).toEqual([null, false, false, null, null]);
    expect(await fields(5)).toEqual([null, false, false, null, null]);
    const columns = (await t.kernel.database.client.execute("SELECT name FROM pragma_table_info('tickets')")).rows.map((r) => String(r.name));
    expect(columns).toContain("holder");
    expect(columns).not.toContain("is_bot");
    expect(columns).not.toContain("use_integration");
  });
});
