/**
 * A company big and skewed enough for SQLite's statistics to matter: thousands of tickets
 * and messages (the benchmark's generator, small), one contact with 50 tickets, notes, tags
 * on tickets and contacts, quick messages; and 150 small companies, so that after ANALYZE
 * `company_id` looks unselective for the big one's tickets and messages while the shared
 * configuration tables hold many companies' rows, as on a real installation.
 */
import { createClient, type InValue } from "@libsql/client";
import { join } from "node:path";
import { createCompanyWithAdmin, createUser } from "../../support/fixtures.ts";
import type { TestKernel } from "../../support/test-kernel.ts";
import { generate } from "../../bench/conversations/generate.ts";
import type { BenchWorld } from "../../bench/conversations/setup.ts";
import { cloneCompany } from "./tenants.ts";

export interface Person {
  token: string;
  id: number;
}

export interface Seeded {
  companyId: number;
  admin: Person;
  plain: Person;
  historic: Person;
  queueIds: number[];
  tagIds: number[];
  connectionId: number;
  /** A waiting ticket whose contact has one ticket, and one whose contact has 50 (every user kind may open both). */
  single: { id: number; uuid: string; contactId: number; number: string };
  regular: { id: number; uuid: string; contactId: number; number: string };
}

const TICKETS = 3_000;
const MESSAGES = 30_000;
const SMALL_COMPANIES = 150;

async function call(t: TestKernel, token: string, method: string, path: string, body?: unknown) {
  const res = await t.call(method, path, { token, body });
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function seed(t: TestKernel): Promise<Seeded> {
  const owner = await createCompanyWithAdmin(t, "Planos Grande");
  const queueIds: number[] = [];
  for (const [i, name] of ["Vendas", "Suporte", "Financeiro"].entries())
    queueIds.push((await call(t, owner.token, "POST", "/queue", { name, color: `#00000${i}`, greetingMessage: `Olá, ${name}!` })).id);
  const connection = await call(t, owner.token, "POST", "/whatsapp", { name: "API", channel: "api", webhookUrl: "http://127.0.0.1:9/hook" });
  const tagIds: number[] = [];
  for (const name of ["Lead", "Negociação", "Pago"]) tagIds.push((await call(t, owner.token, "POST", "/tags", { name, kanban: 1 })).id);
  const plain = await createUser(t, owner.company.id, { allowGroup: true });
  const historic = await createUser(t, owner.company.id, { allowGroup: true, allHistoric: "enabled" });
  // Every queue has an attendant (the generator gives each queued ticket one of the queue's).
  const queuesOf = new Map([
    [plain.user.id, [queueIds[0]!, queueIds[1]!]],
    [historic.user.id, [queueIds[1]!, queueIds[2]!]],
  ]);
  for (const u of [plain, historic]) await call(t, owner.token, "PUT", `/users/${u.user.id}`, { queueIds: queuesOf.get(u.user.id) });
  for (let i = 0; i < 30; i++) await call(t, owner.token, "POST", "/quick-messages", { shortcode: `atalho${i}`, message: `Mensagem rápida ${i}`, geral: i % 2 === 0 });

  const world: BenchWorld = {
    dataDir: t.dataDir,
    companyId: owner.company.id,
    admin: { id: owner.user.id, email: owner.email, password: owner.password },
    users: [plain, historic].map((u) => ({ id: u.user.id, email: u.email, password: u.password, queueIds: queuesOf.get(u.user.id)! })),
    queueIds,
    connection: { id: connection.id, token: connection.token },
    tagIds,
  };
  const file = join(t.dataDir, "app.db");
  await generate(file, world, { tickets: TICKETS, messages: MESSAGES, contacts: TICKETS / 2 });

  const client = createClient({ url: `file:${file}` });
  try {
    await client.execute("PRAGMA busy_timeout = 10000");
    const rows = async (sql: string, args: InValue[] = []) => (await client.execute({ sql, args })).rows;
    const c = owner.company.id;
    const ticketOf = async (where: string) => {
      const [r] = await rows(
        `SELECT t.id, t.uuid, t.contact_id, k.number FROM tickets t JOIN contacts k ON k.id = t.contact_id WHERE t.company_id = ? AND ${where} ORDER BY t.id LIMIT 1`,
        [c],
      );
      return { id: Number(r!.id), uuid: String(r!.uuid), contactId: Number(r!.contact_id), number: String(r!.number) };
    };
    // The plain user's open tickets: one stays a single-ticket contact, one becomes a regular.
    await client.execute({ sql: "UPDATE tickets SET user_id = ? WHERE company_id = ? AND status = 'open' AND is_group = 0 AND id % 7 = 0", args: [plain.user.id, c] });
    const single = await ticketOf(`t.user_id = ${plain.user.id} AND t.status = 'open' AND (SELECT count(*) FROM tickets x WHERE x.contact_id = t.contact_id) = 1`);
    const regular = await ticketOf(`t.user_id = ${plain.user.id} AND t.status = 'open' AND t.id <> ${single.id}`);
    // Waiting in the queue both attendants work: every kind of user may open them.
    await client.execute({ sql: "UPDATE tickets SET status = 'pending', user_id = NULL, queue_id = ? WHERE id IN (?, ?)", args: [queueIds[1]!, single.id, regular.id] });
    await client.execute({
      sql: "UPDATE tickets SET contact_id = ? WHERE id IN (SELECT id FROM tickets WHERE company_id = ? AND status = 'closed' AND is_group = 0 ORDER BY id LIMIT 49)",
      args: [regular.contactId, c],
    });
    await client.execute({
      sql: "UPDATE messages SET contact_id = ? WHERE from_me = 0 AND ticket_id IN (SELECT id FROM tickets WHERE contact_id = ?)",
      args: [regular.contactId, regular.contactId],
    });
    const now = new Date().toISOString();
    // Notes on a few tickets (many on the regular's), tags on contacts.
    await client.execute({
      sql: `INSERT INTO ticket_notes (company_id, ticket_id, contact_id, user_id, note, created_at, updated_at)
            SELECT company_id, id, contact_id, ?, 'observação', ?, ? FROM tickets WHERE company_id = ? AND (id % 5 = 0 OR contact_id = ?)`,
      args: [owner.user.id, now, now, c, regular.contactId],
    });
    await client.execute({
      sql: "INSERT INTO contact_tags (company_id, contact_id, tag_id, created_at, updated_at) SELECT company_id, id, ?, ?, ? FROM contacts WHERE company_id = ? AND id % 4 = 0",
      args: [tagIds[0]!, now, now, c],
    });
    await client.execute({
      sql: "INSERT INTO contact_extra_info (contact_id, name, value, created_at, updated_at) SELECT id, 'CPF', '000', ?, ? FROM contacts WHERE company_id = ? AND id % 3 = 0",
      args: [now, now, c],
    });
    // The report times and their history (issue 24): attended tickets accepted minutes after
    // their creation, closed ones resolved at their last change; logs and ratings to match.
    const at = (expr: string) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${expr})`;
    await client.execute({ sql: `UPDATE tickets SET accepted_at = ${at("created_at, '+' || (id % 900) || ' seconds'")} WHERE company_id = ? AND user_id IS NOT NULL`, args: [c] });
    await client.execute({ sql: "UPDATE tickets SET closed_at = updated_at WHERE company_id = ? AND status = 'closed'", args: [c] });
    await client.execute({
      sql: `INSERT INTO ticket_logs (company_id, ticket_id, type, user_id, queue_id, created_at)
            SELECT company_id, id, 'create', NULL, queue_id, created_at FROM tickets WHERE company_id = ?1
            UNION ALL SELECT company_id, id, 'open', user_id, queue_id, accepted_at FROM tickets WHERE company_id = ?1 AND accepted_at IS NOT NULL
            UNION ALL SELECT company_id, id, 'closed', user_id, queue_id, closed_at FROM tickets WHERE company_id = ?1 AND closed_at IS NOT NULL
            UNION ALL SELECT company_id, id, 'transfered', user_id, queue_id, accepted_at FROM tickets WHERE company_id = ?1 AND accepted_at IS NOT NULL AND id % 10 = 0`,
      args: [c],
    });
    await client.execute({
      sql: `INSERT INTO ticket_ratings (company_id, ticket_id, user_id, queue_id, whatsapp_id, rate, created_at)
            SELECT company_id, id, user_id, queue_id, whatsapp_id, id % 11, closed_at FROM tickets WHERE company_id = ? AND closed_at IS NOT NULL AND id % 3 = 0`,
      args: [c],
    });
    // Many small companies besides: a template built through the API, then copied.
    const tiny = await createCompanyWithAdmin(t, "Planos Pequena");
    await call(t, tiny.token, "POST", "/whatsapp", { name: "API", channel: "api", webhookUrl: "http://127.0.0.1:9/hook" });
    for (const [i, name] of ["Vendas", "Suporte", "Financeiro"].entries()) await call(t, tiny.token, "POST", "/queue", { name, color: `#10000${i}`, greetingMessage: "Olá!" });
    for (const name of ["Lead", "Cliente", "Pago"]) await call(t, tiny.token, "POST", "/tags", { name, kanban: 1 });
    for (let i = 0; i < 5; i++) await call(t, tiny.token, "POST", "/quick-messages", { shortcode: `oi${i}`, message: "Olá!", geral: true });
    for (let i = 0; i < 20; i++) await call(t, tiny.token, "POST", "/contacts", { name: `Cliente ${i}`, number: `55119000000${String(i).padStart(2, "0")}` });
    await cloneCompany(client, tiny.company.id, SMALL_COMPANIES);
    return {
      companyId: c,
      admin: { token: owner.token, id: owner.user.id },
      plain: { token: plain.token, id: plain.user.id },
      historic: { token: historic.token, id: historic.user.id },
      queueIds,
      tagIds,
      connectionId: connection.id,
      single,
      regular,
    };
  } finally {
    client.close();
  }
}
