import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrations } from "../../schema/migrations/migrations.gen.ts";
import { apiCustomerWorld, type ApiCustomerWorld } from "../testing/api-customer.fixtures.ts";

/**
 * The dashboard's durations kept at write time (issue 28, migrations 0025 and 0026; README "Read views
 * for reports"): `queued_at`, `first_customer_at` and `first_reply_at` follow the real paths
 * (inbound, accept, a note, replies), a bot's logs, and writes out of order; the migration's
 * backfill computes exactly what the triggers keep; so do the milliseconds between them. plugins/reports/server/dashboard-aggregates.test.ts
 * compares the dashboard read from them with the definitions computed from logs and messages.
 */
let w: ApiCustomerWorld;
beforeAll(async () => {
  w = await apiCustomerWorld();
});
afterAll(() => w.close());

const sql = async (text: string, args: (string | number | null)[] = []) =>
  (await w.t.kernel.database.client.execute({ sql: text, args })).rows.map((r) => ({ ...r }) as Record<string, unknown>);
const kept = async (id: number) => {
  const [row] = await sql("SELECT created_at, accepted_at, queued_at, first_customer_at, first_reply_at FROM tickets WHERE id = ?", [id]);
  return row!;
};
const messageAt = async (id: number, fromMe: boolean, body: string) =>
  String((await sql("SELECT created_at FROM messages WHERE ticket_id = ? AND from_me = ? AND body = ? ORDER BY id LIMIT 1", [id, fromMe ? 1 : 0, body]))[0]!.created_at);
const tick = () => new Promise((r) => setTimeout(r, 3));
const reply = async (id: number, body: string, isPrivate = false) => {
  const res = await w.t.call("POST", `/messages/${id}`, { token: w.admin.token, body: { body, isPrivate } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

describe("durations kept at write time", () => {
  it("through the product: queued at creation, the customer's first message once accepted, the attendant's first reply (notes never)", async () => {
    const id = await w.customerWrites("Bia", "Oi");
    const created = await kept(id);
    expect(created).toMatchObject({ queued_at: created.created_at, accepted_at: null, first_customer_at: null, first_reply_at: null });
    await tick();
    await w.customerWrites("Bia", "alguém?");
    expect(await kept(id)).toMatchObject({ first_customer_at: null });
    await tick();
    expect((await w.put(w.admin.token, id, { status: "open", userId: w.admin.user.id })).status).toBe(200);
    const asked = await messageAt(id, false, "Oi");
    expect(await kept(id)).toMatchObject({ queued_at: created.created_at, first_customer_at: asked, first_reply_at: null });
    await tick();
    await reply(id, "nota", true);
    expect(await kept(id)).toMatchObject({ first_reply_at: null });
    await tick();
    await reply(id, "Olá, Bia");
    const answered = await messageAt(id, true, "Olá, Bia");
    await tick();
    await reply(id, "Mais alguma coisa?");
    expect(await kept(id)).toMatchObject({ first_customer_at: asked, first_reply_at: answered });
  });

  it("a bot's logs: the queue entry after the bot's first log, up to the acceptance; writes in any order give the same values", async () => {
    const id = await w.customerWrites("Caio", "menu");
    const companyId = w.companyId;
    const log = (type: string, at: string) => sql("INSERT INTO ticket_logs (company_id, ticket_id, type, created_at) VALUES (?, ?, ?, ?)", [companyId, id, type, at]);
    const message = (fromMe: boolean, userId: number | null, at: string) =>
      sql("INSERT INTO messages (company_id, ticket_id, provider_id, body, from_me, user_id, is_private, created_at, updated_at) VALUES (?, ?, ?, 'x', ?, ?, 0, ?, ?)", [
        companyId,
        id,
        `durations-${at}-${String(fromMe)}`,
        fromMe ? 1 : 0,
        userId,
        at,
        at,
      ]);
    const at = (m: number) => `2030-03-01T10:${String(m).padStart(2, "0")}:00.000Z`;
    // The reply first, then the acceptance, then the bot's logs, then the customer's message.
    await message(true, w.admin.user.id, at(20));
    await sql("UPDATE tickets SET created_at = ?, accepted_at = ? WHERE id = ?", [at(0), at(15), id]);
    expect(await kept(id)).toMatchObject({ queued_at: at(0), first_customer_at: null, first_reply_at: null });
    await log("queue", at(1)); // before the bot talked: no entry
    await log("chatBot", at(2));
    expect(await kept(id)).toMatchObject({ queued_at: null });
    await log("queue", at(30)); // after the acceptance: never counts
    await log("handBack", at(5));
    await log("redirect", at(4));
    expect(await kept(id)).toMatchObject({ queued_at: at(4) });
    await message(false, null, at(3)); // to the bot: before the entry
    await message(false, null, at(6));
    expect(await kept(id)).toMatchObject({ queued_at: at(4), first_customer_at: at(6), first_reply_at: at(20) });
    // A later acceptance moves nothing here; an earlier one (before the entry) drops the entry.
    await sql("UPDATE tickets SET accepted_at = ? WHERE id = ?", [at(3), id]);
    expect(await kept(id)).toMatchObject({ queued_at: null, first_customer_at: at(3), first_reply_at: at(20) });
    await sql("UPDATE tickets SET accepted_at = ? WHERE id = ?", [at(15), id]);
    await sql("DELETE FROM messages WHERE ticket_id = ? AND created_at = ?", [id, at(20)]);
    expect(await kept(id)).toMatchObject({ queued_at: at(4), first_customer_at: at(6), first_reply_at: null });
  });

  it("the durations in milliseconds follow their instants on every write (migration 0026), also on a ticket inserted with them", async () => {
    const id = await w.customerWrites("Duda", "oi");
    const at = (m: number) => `2030-04-01T10:${String(m).padStart(2, "0")}:00.000Z`;
    const durations = async (ticketId: number) => (await sql("SELECT wait_ms, support_ms, first_response_ms FROM tickets WHERE id = ?", [ticketId]))[0];
    expect(await durations(id)).toEqual({ wait_ms: null, support_ms: null, first_response_ms: null });
    await sql("UPDATE tickets SET created_at = ?, accepted_at = ? WHERE id = ?", [at(0), at(15), id]);
    expect(await durations(id)).toEqual({ wait_ms: 15 * 60_000, support_ms: null, first_response_ms: null });
    const message = (fromMe: boolean, userId: number | null, m: number) =>
      sql("INSERT INTO messages (company_id, ticket_id, provider_id, body, from_me, user_id, is_private, created_at, updated_at) VALUES (?, ?, ?, 'x', ?, ?, 0, ?, ?)", [
        w.companyId,
        id,
        `ms-${m}`,
        fromMe ? 1 : 0,
        userId,
        at(m),
        at(m),
      ]);
    await message(false, null, 16);
    await message(true, w.admin.user.id, 20);
    expect(await durations(id)).toEqual({ wait_ms: 15 * 60_000, support_ms: null, first_response_ms: 4 * 60_000 });
    await sql("UPDATE tickets SET closed_at = ? WHERE id = ?", [at(45), id]);
    expect(await durations(id)).toMatchObject({ support_ms: 30 * 60_000 });
    // A close stamped before the acceptance (clocks of two machines) counts 0, never negative.
    await sql("UPDATE tickets SET closed_at = ? WHERE id = ?", [at(14), id]);
    expect(await durations(id)).toMatchObject({ support_ms: 0 });
    await sql("UPDATE tickets SET accepted_at = NULL, closed_at = NULL WHERE id = ?", [id]);
    expect(await durations(id)).toEqual({ wait_ms: null, support_ms: null, first_response_ms: null });

    const [source] = await sql("SELECT contact_id, whatsapp_id FROM tickets WHERE id = ?", [id]);
    await sql(
      "INSERT INTO tickets (uuid, company_id, status, contact_id, whatsapp_id, created_at, updated_at, accepted_at, closed_at) VALUES ('ms-imported', ?, 'closed', ?, ?, ?, ?, ?, ?)",
      [w.companyId, source!.contact_id as number, source!.whatsapp_id as number, at(0), at(50), at(2), at(50)],
    );
    const [imported] = await sql("SELECT id FROM tickets WHERE uuid = 'ms-imported'");
    expect(await durations(Number(imported!.id))).toEqual({ wait_ms: 2 * 60_000, support_ms: 48 * 60_000, first_response_ms: null });
  });

  it("0026's backfill computes the milliseconds the trigger keeps", async () => {
    const before = await sql("SELECT id, wait_ms, support_ms, first_response_ms FROM tickets ORDER BY id");
    expect(before.some((r) => r.support_ms !== null) && before.some((r) => r.first_response_ms !== null)).toBe(true);
    await sql("UPDATE tickets SET wait_ms = NULL, support_ms = NULL, first_response_ms = NULL");
    const migration = migrations.find((m) => m.id === "0026_report_duration_ms")!.sql;
    const backfill = migration.split("--> statement-breakpoint").find((st) => st.includes("-- The backfill"))!;
    await w.t.kernel.database.client.execute(backfill);
    expect(await sql("SELECT id, wait_ms, support_ms, first_response_ms FROM tickets ORDER BY id")).toEqual(before);
  });

  it("the migration's backfill computes what the triggers keep", async () => {
    const before = await sql("SELECT id, queued_at, first_customer_at, first_reply_at FROM tickets ORDER BY id");
    expect(before.some((r) => r.first_reply_at !== null)).toBe(true);
    await sql("UPDATE tickets SET queued_at = NULL, first_customer_at = NULL, first_reply_at = NULL");
    const migration = migrations.find((m) => m.id === "0025_report_durations_kept")!.sql;
    const backfill = migration.split("--> statement-breakpoint").slice(-3);
    expect(backfill.every((st) => /^\s*(--[^\n]*\n\s*)*UPDATE `tickets` SET/.test(st))).toBe(true);
    for (const st of backfill) await w.t.kernel.database.client.execute(st);
    expect(await sql("SELECT id, queued_at, first_customer_at, first_reply_at FROM tickets ORDER BY id")).toEqual(before);
  });
});
