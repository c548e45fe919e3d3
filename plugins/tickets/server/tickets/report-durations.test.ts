import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrations } from "../../schema/migrations/migrations.gen.ts";
import { apiCustomerWorld, type ApiCustomerWorld } from "../testing/api-customer.fixtures.ts";

/**
 * The dashboard's durations kept at write time (issue 28, migration 0025; README "Read views
 * for reports"): `queued_at`, `first_customer_at` and `first_reply_at` follow the real paths
 * (inbound, accept, a note, replies), a bot's logs, and writes out of order; the migration's
 * backfill computes exactly what the triggers keep. plugins/reports/server/dashboard-aggregates.test.ts
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
