import { and, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../../core/db/database.ts";
import { preparedPer } from "../../../../core/db/prepared.ts";
import { users } from "../../../../core/db/tables.ts";
import type { SyncDb } from "../../../../core/db/write-batch.ts";
import type { Services } from "../../../../core/plugin/services.ts";
import type { SettingsService } from "../../../../core/settings/settings.ts";
import type {} from "../../../connections/server/connections.contract.ts";
import type {} from "../../../contacts/server/contacts.contract.ts";
import { messages, tickets } from "../../schema/tables.ts";
import { queuesView } from "../../schema/views.ts";
import { DELIVER_JOB, type Delivery } from "../delivery/deliver.ts";
import { mayHoldVariables, resolveVariables } from "../messages/message-variables.ts";
import type { MessageRow, TicketRow } from "../tickets.contract.ts";
import { mayBeSigned, needsNames, type OutboundDraft, outboundDraft, type OutboundRow, outboundRow, type VariableNames } from "./outbound-message.ts";

/** The ticket's contact and connection: whose names the variables read. */
export interface TicketRefs {
  contactId: number | null;
  whatsappId: number | null;
}

/**
 * What an outbound write reads through other plugins' services before its unit or
 * transaction (a write unit is synchronous and cannot await them): the contact's and the
 * connection's names, read only when a draft may hold a variable, and the company's
 * sendSignMessage, read only when a draft asks for a signature.
 */
export interface OutboundBefore {
  contact: string;
  connection: string;
  signing: boolean;
}

const p = sql.placeholder;

/** The write unit's statements, built once per handle (a bot turn and the composer run them). */
const unitStatements = preparedPer((db: SyncDb) => ({
  insert: db
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
      isPrivate: p("isPrivate"),
      isForwarded: p("isForwarded"),
      quotedMsgId: p("quotedMsgId"),
      userId: p("userId"),
      queueId: p("queueId"),
      dataJson: p("dataJson"),
      createdAt: p("createdAt"),
      updatedAt: p("updatedAt"),
    })
    .returning()
    .prepare(),
  lastMessage: db
    .update(tickets)
    .set({ lastMessage: sql<string>`${p("lastMessage")}`, updatedAt: sql<string>`${p("now")}` })
    .where(eq(tickets.id, p("ticketId")))
    .prepare(),
  /** An attendant's words also restart the expiry clocks (issue 14). */
  lastMessageActive: db
    .update(tickets)
    .set({ lastMessage: sql<string>`${p("lastMessage")}`, activityAt: sql<string>`${p("now")}`, agentActivityAt: sql<string>`${p("now")}`, updatedAt: sql<string>`${p("now")}` })
    .where(eq(tickets.id, p("ticketId")))
    .prepare(),
  queueName: db
    .select({ name: queuesView.name })
    .from(queuesView)
    .where(eq(queuesView.id, p("id")))
    .limit(1)
    .prepare(),
  userName: db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, p("id")))
    .limit(1)
    .prepare(),
}));

/**
 * THE outbound write of the tickets plugin: every message the company's side stores for a
 * customer (the composer and its media, forwards, lifecycle and expiry texts,
 * `tickets.sendToContact`, a bot turn's `send`) is built by `outboundRow` (variables filled
 * once, the signature rule applied once) and stored here with the ticket's lastMessage and
 * its delivery outbox row, in the caller's unit or transaction: the message and its delivery
 * commit together or not at all. Two writers for the two kinds of handle, the same steps:
 * `inUnit` on a write-batcher unit (prepared statements: the bot's and the composer's hot
 * path) and `inTx` in an async transaction (`sendToContact` runs in its caller's).
 * Announcing is the caller's: it knows what else its unit changed.
 */
export class OutboundWriter {
  constructor(
    private services: Services,
    private settings: SettingsService,
    private delivery: Delivery,
  ) {}

  /** The reads before the unit; `known` names the caller already read (no second lookup). */
  async before(companyId: number, refs: TicketRefs | null, drafts: readonly OutboundDraft[], known: { contact?: string; connection?: string } = {}): Promise<OutboundBefore> {
    const names = refs !== null && drafts.some(needsNames);
    const [contact, connection, signing] = await Promise.all([
      known.contact ??
        (names && refs.contactId != null
          ? this.services
              .require("contacts.get")(companyId, refs.contactId)
              .then((c) => c?.name ?? "")
          : ""),
      known.connection ??
        (names && refs.whatsappId != null
          ? this.services
              .require("connections.get")(companyId, refs.whatsappId)
              .then((c) => c?.name ?? "")
          : ""),
      drafts.some(mayBeSigned) ? this.settings.companyOne(companyId, "sendSignMessage").then((v) => v === "enabled") : false,
    ]);
    return { contact, connection, signing };
  }

  /** Stores the draft inside a write-batcher unit, the ticket as the unit has it; null when there is nothing to send. */
  inUnit(db: SyncDb, ticket: TicketRow, draft: OutboundDraft, before: OutboundBefore): MessageRow | null {
    const s = unitStatements(db);
    const names = needsNames(draft)
      ? {
          contact: before.contact,
          connection: before.connection,
          queue: ticket.queueId == null ? "" : (s.queueName.get({ id: ticket.queueId })?.name ?? ""),
          attendant: draft.author || ticket.userId == null ? "" : (s.userName.get({ id: ticket.userId })?.name ?? ""),
        }
      : null;
    const row = outboundRow(ticket, draft, names, before.signing);
    if (!row) return null;
    const message = s.insert.get(row.values);
    if (!message) throw new Error(`outbound message of ticket ${ticket.id} not stored`);
    // The stored row's time, not `row`'s: on a libSQL server this runs again after the INSERT answered, with a later clock.
    if (row.lastMessage !== null) (row.restartsClocks ? s.lastMessageActive : s.lastMessage).run({ ticketId: ticket.id, lastMessage: row.lastMessage, now: message.createdAt });
    if (row.deliver) this.delivery.enqueueInUnit(db, ticket, message.id);
    return message;
  }

  /** `inUnit` in an async transaction (a caller's, like `sendToContact`'s). */
  async inTx(tx: DbOrTx, ticket: TicketRow, draft: OutboundDraft, before: OutboundBefore): Promise<MessageRow | null> {
    const names = needsNames(draft) ? await ticketNames(tx, ticket, draft.author ? null : ticket.userId, before) : null;
    const row = outboundRow(ticket, draft, names, before.signing);
    if (!row) return null;
    const [message] = await tx
      .insert(messages)
      .values({ ...row.values, fromMe: true, ack: 0 })
      .returning();
    if (!message) throw new Error(`outbound message of ticket ${ticket.id} not stored`);
    const patch = ticketPatch(row);
    if (patch) await tx.update(tickets).set(patch).where(eq(tickets.id, ticket.id));
    if (row.deliver) await this.delivery.enqueue(DELIVER_JOB, ticket, message.id, tx);
    return message;
  }

  /**
   * The message variables filled for a ticket as it now stands, for a text a channel sends
   * on its own (`tickets.fillVariables`): the same names an outbound write reads. A text
   * without placeholders, or a ticket that is gone, is answered as given.
   */
  async fill(db: Db, companyId: number, ticketId: number, text: string): Promise<string> {
    if (!mayHoldVariables(text)) return text;
    const [ticket] = await db
      .select()
      .from(tickets)
      .where(and(eq(tickets.id, ticketId), eq(tickets.companyId, companyId)))
      .limit(1);
    if (!ticket) return text;
    const before = await this.before(companyId, ticket, [outboundDraft(text, { variables: true })]);
    const names = await ticketNames(db, ticket, ticket.userId, before);
    return resolveVariables(text, { contactName: names.contact, userName: names.attendant, ticketId, queueName: names.queue, connectionName: names.connection, now: new Date() });
  }
}

/** The queue's and the attendant's names (`attendantId` null: none needed) on an async handle. */
async function ticketNames(db: DbOrTx, ticket: TicketRow, attendantId: number | null, before: OutboundBefore): Promise<VariableNames> {
  const [queue] = ticket.queueId == null ? [] : await db.select({ name: queuesView.name }).from(queuesView).where(eq(queuesView.id, ticket.queueId)).limit(1);
  const [user] = attendantId == null ? [] : await db.select({ name: users.name }).from(users).where(eq(users.id, attendantId)).limit(1);
  return { contact: before.contact, connection: before.connection, queue: queue?.name ?? "", attendant: user?.name ?? "" };
}

/** The ticket's side of a stored message (nothing for a private one). */
function ticketPatch(row: OutboundRow): Partial<TicketRow> | null {
  if (row.lastMessage === null) return null;
  const now = row.values.createdAt;
  return row.restartsClocks ? { lastMessage: row.lastMessage, activityAt: now, agentActivityAt: now, updatedAt: now } : { lastMessage: row.lastMessage, updatedAt: now };
}
