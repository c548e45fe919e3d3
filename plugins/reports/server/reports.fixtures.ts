import { createCompanyWithAdmin, createUser } from "../../../tests/support/fixtures.ts";
import type { TestKernel } from "../../../tests/support/test-kernel.ts";

let seq = 0;

/** An API-channel connection of the token's company (the test channel: outbound posts go to a closed port). */
async function createApiConnection(t: TestKernel, token: string) {
  const res = await t.call("POST", "/whatsapp", { token, body: { name: `API ${++seq}`, channel: "api", webhookUrl: "http://127.0.0.1:9/hook" } });
  if (res.status !== 200) throw new Error(`connection: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; token: string };
}

/** A customer writes in through the API channel; answers the ticket the message landed on. */
async function customerWrites(t: TestKernel, connectionToken: string, number: string, body: string, name = `Cliente ${number.slice(-4)}`) {
  const res = await t.call("POST", "/channels/api/inbound", {
    body: { id: `in-${++seq}-${Date.now()}`, number, name, body },
    headers: { authorization: `Bearer ${connectionToken}` },
  });
  if (res.status !== 200) throw new Error(`inbound: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { ticketId: number; ticketUuid: string; contactId: number };
}

/** The tickets plugin's rows by plain SQL (a plugin never imports another's tables): fixture setup only. */
async function sqlRows(t: TestKernel, sql: string, args: (string | number | null)[] = []) {
  const res = await t.kernel.database.client.execute({ sql, args });
  return res.rows.map((r) => ({ ...r }) as Record<string, unknown>);
}

/** An instant of the fixture's days, UTC: `at("10", "10:05")` is 2030-01-10T10:05:00.000Z. */
export const at = (day: string, hhmm: string) => `2030-01-${day}T${hhmm}:00.000Z`;

export interface Pinned {
  status: "pending" | "open" | "closed" | "nps" | "group";
  userId?: number | null;
  createdAt: string;
  acceptedAt?: string | null;
  closedAt?: string | null;
  rating?: number | null;
  /** Bot and queue logs beside the `create` one: [type, at]. */
  logs?: [string, string][];
}

/**
 * A ticket made by a customer writing in through the API channel (real contact, connection,
 * create log), then its report times pinned by SQL to hand-chosen values: the tickets plugin
 * writes those clocks from real time, and the figures must be computed by hand.
 */
export async function pinnedTicket(t: TestKernel, connectionToken: string, number: string, p: Pinned, name?: string) {
  const { ticketId, contactId } = await customerWrites(t, connectionToken, number, "Olá", name);
  await sqlRows(t, "UPDATE tickets SET status = ?, user_id = ?, created_at = ?, accepted_at = ?, closed_at = ?, user_rating = ? WHERE id = ?", [
    p.status,
    p.userId ?? null,
    p.createdAt,
    p.acceptedAt ?? null,
    p.closedAt ?? null,
    p.rating ?? null,
    ticketId,
  ]);
  await sqlRows(t, "UPDATE ticket_logs SET created_at = ? WHERE ticket_id = ? AND type = 'create'", [p.createdAt, ticketId]);
  const companyId = Number((await sqlRows(t, "SELECT company_id FROM tickets WHERE id = ?", [ticketId]))[0]!.company_id);
  for (const [type, when] of p.logs ?? [])
    await sqlRows(t, "INSERT INTO ticket_logs (company_id, ticket_id, type, created_at) VALUES (?, ?, ?, ?)", [companyId, ticketId, type, when]);
  return { ticketId, contactId };
}

/**
 * A company with an attendant (Ana) and the admin, and five tickets with known times:
 * on 2030-01-10 T1 (Ana, waited 5, support 30, rated 10), T2 (Ana, bot 10:00–10:02 then waited
 * 10, support 60, rated 6), T3 (admin, open, waited 15), T4 (pending); on 2030-01-11 T5 (pending).
 */
export async function reportWorld(t: TestKernel, name = "Relatórios") {
  const company = await createCompanyWithAdmin(t, name);
  const ana = await createUser(t, company.company.id, { name: "Ana", showDashboard: "enabled", allowRealTime: "enabled" });
  const plain = await createUser(t, company.company.id, { name: "Zé" });
  const conn = await createApiConnection(t, company.token);
  const d = "10";
  const t1 = await pinnedTicket(
    t,
    conn.token,
    "5511900000001",
    { status: "closed", userId: ana.user.id, createdAt: at(d, "10:00"), acceptedAt: at(d, "10:05"), closedAt: at(d, "10:35"), rating: 10 },
    "Carla Souza",
  );
  const t2 = await pinnedTicket(t, conn.token, "5511900000002", {
    status: "closed",
    userId: ana.user.id,
    createdAt: at(d, "10:00"),
    acceptedAt: at(d, "10:12"),
    closedAt: at(d, "11:12"),
    rating: 6,
    logs: [
      ["chatBot", at(d, "10:00")],
      ["queue", at(d, "10:02")],
    ],
  });
  const t3 = await pinnedTicket(t, conn.token, "5511900000003", { status: "open", userId: company.user.id, createdAt: at(d, "12:00"), acceptedAt: at(d, "12:15") });
  const t4 = await pinnedTicket(t, conn.token, "5511900000004", { status: "pending", createdAt: at(d, "13:00") });
  const t5 = await pinnedTicket(t, conn.token, "5511900000005", { status: "pending", createdAt: at("11", "09:00") });
  return { ...company, ana, plain, conn, tickets: [t1, t2, t3, t4, t5] };
}
