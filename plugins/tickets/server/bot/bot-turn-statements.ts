import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../../core/db/database.ts";
import { nowIso } from "../../../../core/db/columns.ts";
import { preparedPer } from "../../../../core/db/prepared.ts";
import type { SyncDb } from "../../../../core/db/write-batch.ts";
import { messages, tickets } from "../../schema/tables.ts";

/**
 * The statements every bot turn runs, built once per database handle: a turn (one per
 * customer message the bot may answer) otherwise rebuilt each as SQL with Drizzle, which
 * cost more than SQLite running them. Columns with a JS-side default (timestamps) are
 * placeholders: a prepared statement would freeze them.
 */
const p = sql.placeholder;
const ticketOfCompany = and(eq(tickets.id, p("ticketId")), eq(tickets.companyId, p("companyId")));

/** Reads before the turn's unit, on the async database. */
export const contextStatements = preparedPer((db: Db) => ({
  ticket: db.select().from(tickets).where(ticketOfCompany).limit(1).prepare(),
  message: db
    .select()
    .from(messages)
    .where(and(eq(messages.id, p("messageId")), eq(messages.ticketId, p("ticketId"))))
    .limit(1)
    .prepare(),
  latestInbound: db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.ticketId, p("ticketId")), eq(messages.fromMe, false)))
    .orderBy(desc(messages.id))
    .limit(1)
    .prepare(),
  ticketRefs: db.select({ contactId: tickets.contactId, whatsappId: tickets.whatsappId }).from(tickets).where(ticketOfCompany).limit(1).prepare(),
}));

/** The unit's reads, on the write batcher's connection (its messages: outbound/outbound-write.ts). */
export const unitStatements = preparedPer((db: SyncDb) => ({
  ticket: db.select().from(tickets).where(ticketOfCompany).limit(1).prepare(),
}));

type TicketRow = typeof tickets.$inferSelect;
type TicketPatch = Partial<TicketRow>;
type PatchQuery = ReturnType<typeof buildPatch>;

function buildPatch(db: SyncDb, keys: readonly (keyof TicketRow)[]) {
  // Bare SQL placeholders (set() takes no others): values are mapped to the driver's form by
  // `patchTicket`. updated_at is a placeholder too, or the statement would freeze its time.
  const set: Record<string, unknown> = { updatedAt: sql`${p("updatedAt")}` };
  for (const key of keys) set[key] = sql`${p(key)}`;
  return db
    .update(tickets)
    .set(set as TicketPatch)
    .where(eq(tickets.id, p("ticketId")))
    .returning()
    .prepare();
}

/** One prepared UPDATE per handle and set of columns a turn changes (a handful in practice). */
const patchQueries = preparedPer((_db: SyncDb) => new Map<string, PatchQuery>());

/**
 * `UPDATE tickets SET <patch>, updated_at = now WHERE id = ? RETURNING *` as a statement
 * prepared once per set of columns: a bot turn changes isBot, the queue or the status on
 * nearly every ticket, and Drizzle building each UPDATE cost more than running it.
 */
export function patchTicket(db: SyncDb, ticketId: number, patch: TicketPatch): TicketRow | undefined {
  // Like Drizzle's set(): keys whose value is undefined are left alone.
  const keys = (Object.keys(patch) as (keyof TicketRow)[]).filter((k) => k !== "updatedAt" && patch[k] !== undefined).sort();
  const shape = keys.join(",");
  const queries = patchQueries(db);
  let query = queries.get(shape);
  if (!query) queries.set(shape, (query = buildPatch(db, keys)));
  const values: Record<string, unknown> = { ticketId, updatedAt: patch.updatedAt ?? nowIso() };
  for (const key of keys) values[key] = patch[key] === null ? null : tickets[key].mapToDriverValue(patch[key] as never);
  return query.get(values);
}
