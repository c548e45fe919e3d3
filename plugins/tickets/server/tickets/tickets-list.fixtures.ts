import { eq } from "drizzle-orm";
import type { users } from "../../../../core/db/tables.ts";
import { createCompanyWithAdmin, createUser } from "../../../../tests/support/fixtures.ts";
import type { TestKernel } from "../../../../tests/support/test-kernel.ts";
import type {} from "../../../queues/server/queues.contract.ts";
import { messages, ticketTags, tickets } from "../../schema/tables.ts";
import { createConnection } from "../testing/tickets.fixtures.ts";

/**
 * A company ready for ticket tests: an admin, a default connection, two queues, and
 * helpers to add contacts, attendants (with queues and flags), tickets and messages.
 * Tickets and messages are written straight to the plugin's own tables so every test
 * builds exactly the state it needs.
 */
export async function ticketCompany(t: TestKernel, name = `Empresa ${Math.random().toString(36).slice(2, 7)}`) {
  const admin = await createCompanyWithAdmin(t, name);
  const companyId = admin.company.id;
  const connection = await createConnection(t, admin.token, { isDefault: true });
  const queueA = await createQueue(t, admin.token);
  const queueB = await createQueue(t, admin.token);
  let seq = 0;

  async function contact(fields: { name?: string; number?: string } = {}) {
    seq += 1;
    const number = fields.number ?? `5511${String(900000000 + seq * 7919 + Math.floor(Math.random() * 1000)).slice(0, 9)}`;
    const res = await t.call("POST", "/contacts", { token: admin.token, body: { name: fields.name ?? `Cliente ${seq}`, number } });
    if (res.status !== 200) throw new Error(`POST /contacts: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: number; name: string; number: string };
  }

  /** A plain user working `queueIds`, with permission flags. */
  async function attendant(queueIds: number[] = [], fields: Partial<typeof users.$inferInsert> = {}) {
    const u = await createUser(t, companyId, fields);
    await t.kernel.services.require("queues.setUserQueues")(companyId, u.user.id, queueIds);
    return u;
  }

  async function ticket(fields: Partial<typeof tickets.$inferInsert> & { contactId?: number } = {}) {
    const contactId = fields.contactId ?? (await contact()).id;
    const [row] = await t.kernel.db
      .insert(tickets)
      .values({ companyId, whatsappId: connection.id, status: "pending", ...fields, contactId })
      .returning();
    return row!;
  }

  async function message(ticketId: number, body: string) {
    seq += 1;
    const [row] = await t.kernel.db
      .insert(messages)
      .values({ companyId, ticketId, whatsappId: connection.id, providerId: `fx-${seq}-${Math.random()}`, body })
      .returning();
    return row!;
  }

  async function tag(name: string) {
    const res = await t.call("POST", "/tags", { token: admin.token, body: { name, color: "#123456" } });
    if (res.status !== 200) throw new Error(`POST /tags: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: number; name: string };
  }

  async function tagTicket(ticketId: number, tagId: number) {
    await t.kernel.db.insert(ticketTags).values({ companyId, ticketId, tagId });
  }

  const row = async (id: number) => (await t.kernel.db.select().from(tickets).where(eq(tickets.id, id)))[0];

  return { admin, companyId, connection, queueA, queueB, contact, attendant, ticket, message, tag, tagTicket, row };
}

export type TicketCompany = Awaited<ReturnType<typeof ticketCompany>>;

let queues = 0;
/** A queue through the API (a colour no other test queue uses). */
async function createQueue(t: TestKernel, token: string) {
  queues += 1;
  const res = await t.call("POST", "/queue", {
    token,
    body: { name: `Fila T${queues}`, color: `#${(0x200000 + queues).toString(16)}`, greetingMessage: `Bem-vindo à fila T${queues}` },
  });
  if (res.status !== 200) throw new Error(`POST /queue: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; name: string };
}

/** GET /tickets with query parameters. */
export function listTickets(t: TestKernel, token: string, query: Record<string, string | number | boolean | unknown[]> = {}) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? JSON.stringify(v) : String(v)]));
  return t.call("GET", `/tickets?${qs}`, { token });
}

/** The ids of a GET /tickets answer, for compact assertions. */
export const idsOf = (body: { tickets: { id: number }[] }) => body.tickets.map((x) => x.id).sort((a, b) => a - b);
