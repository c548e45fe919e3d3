import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../../core/db/database.ts";
import type { Services } from "../../../../core/plugin/services.ts";
import type {} from "../../../contacts/server/contacts.contract.ts";
import { messages } from "../../schema/tables.ts";
import type { MessageAck, MessageView, QuotedMessageView } from "../../shared/ticket-types.ts";
import type { MessageRow } from "../tickets.contract.ts";

type ContactBit = { id: number; name: string; urlPicture: string };

/**
 * Serialises message rows into the shared MessageView shape, with the quoted message
 * and the customer (name and picture, never the number) attached. A page needs one
 * query for the quoted messages and one contact lookup per distinct contact, which is
 * one for a ticket's page (a ticket has one contact; group members are `participant`).
 */
export class MessageViews {
  constructor(
    private db: Db,
    private services: Services,
  ) {}

  /** `known`: the message's customer when the caller holds it (no lookup then). */
  async one(companyId: number, row: MessageRow, known?: ContactBit): Promise<MessageView> {
    // Only the name and picture: the number never travels with a message.
    if (known && row.quotedMsgId == null && row.contactId === known.id)
      return toMessageView(row, null, row.fromMe ? null : { id: known.id, name: known.name, urlPicture: known.urlPicture });
    return (await this.many(companyId, [row]))[0]!;
  }

  async many(companyId: number, rows: MessageRow[]): Promise<MessageView[]> {
    const quotedIds = [...new Set(rows.map((r) => r.quotedMsgId).filter((id): id is number => id != null))];
    const quotedRows = quotedIds.length
      ? await this.db
          .select()
          .from(messages)
          .where(and(eq(messages.companyId, companyId), inArray(messages.id, quotedIds)))
      : [];
    const quoted = new Map(quotedRows.map((q) => [q.id, q]));
    const contacts = await this.contacts(companyId, [...rows, ...quotedRows]);
    return rows.map((row) => {
      const q = row.quotedMsgId != null ? quoted.get(row.quotedMsgId) : undefined;
      return toMessageView(row, q ? toQuotedView(q, contacts) : null, row.fromMe ? null : contactOf(row, contacts));
    });
  }

  /** The customers of inbound messages, looked up once each. */
  private async contacts(companyId: number, rows: MessageRow[]): Promise<Map<number, ContactBit>> {
    const out = new Map<number, ContactBit>();
    const get = this.services.require("contacts.get");
    const ids = [...new Set(rows.filter((r) => !r.fromMe && r.contactId != null).map((r) => r.contactId!))];
    for (const id of ids) {
      const c = await get(companyId, id);
      if (c) out.set(id, { id: c.id, name: c.name, urlPicture: c.urlPicture });
    }
    return out;
  }
}

const contactOf = (row: MessageRow, contacts: Map<number, ContactBit>) => (row.contactId != null ? (contacts.get(row.contactId) ?? null) : null);

function toQuotedView(q: MessageRow, contacts: Map<number, ContactBit>): QuotedMessageView {
  const c = q.fromMe ? null : contactOf(q, contacts);
  return {
    id: q.id,
    // A deleted quoted message no longer shows its text anywhere.
    body: q.isDeleted ? "" : q.body,
    fromMe: q.fromMe,
    mediaType: q.mediaType,
    mediaUrl: q.isDeleted ? null : q.mediaUrl,
    isDeleted: q.isDeleted,
    contact: c ? { id: c.id, name: c.name } : null,
  };
}

/** The shared shape of one message row (spec 000 §3 Message). */
export function toMessageView(row: MessageRow, quotedMsg: QuotedMessageView | null, contact: ContactBit | null): MessageView {
  return {
    id: row.id,
    ticketId: row.ticketId,
    providerId: row.providerId,
    body: row.body,
    fromMe: row.fromMe,
    mediaType: row.mediaType,
    mediaUrl: row.mediaUrl,
    ack: Math.max(0, Math.min(5, row.ack)) as MessageAck,
    isDeleted: row.isDeleted,
    deletedBy: row.deletedBy ?? null,
    isEdited: row.isEdited,
    isForwarded: row.isForwarded,
    isPrivate: row.isPrivate,
    quotedMsgId: row.quotedMsgId,
    quotedMsg,
    contact,
    userId: row.userId,
    queueId: row.queueId,
    participant: row.participant,
    dataJson: row.dataJson,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
