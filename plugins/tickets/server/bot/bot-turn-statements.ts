import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../../core/db/database.ts";
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

/** The unit's writes, on the write batcher's connection. */
export const unitStatements = preparedPer((db: SyncDb) => ({
  ticket: db.select().from(tickets).where(ticketOfCompany).limit(1).prepare(),
  /** A bot message (fromMe, no author, ack 0). */
  insertMessage: db
    .insert(messages)
    .values({
      companyId: p("companyId"),
      ticketId: p("ticketId"),
      contactId: p("contactId"),
      whatsappId: p("whatsappId"),
      providerId: p("providerId"),
      body: p("body"),
      fromMe: true,
      mediaType: p("mediaType"),
      mediaUrl: p("mediaUrl"),
      ack: 0,
      userId: null,
      queueId: p("queueId"),
      dataJson: p("dataJson"),
      createdAt: p("now"),
      updatedAt: p("now"),
    })
    .returning()
    .prepare(),
  lastMessage: db
    .update(tickets)
    .set({ lastMessage: sql<string>`${p("lastMessage")}`, updatedAt: sql<string>`${p("now")}` })
    .where(eq(tickets.id, p("ticketId")))
    .prepare(),
}));
