import { specHolderFields } from "../../shared/holder.contract.ts";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../../core/db/database.ts";
import { preparedPer } from "../../../../core/db/prepared.ts";
import type { SyncDb } from "../../../../core/db/write-batch.ts";
import { users } from "../../../../core/db/tables.ts";
import { specChannel } from "../../../connections/server/connections.contract.ts";
import { maskNumber } from "../../../contacts/server/contacts.contract.ts";
import { contactsView, queuesView, tagsView, whatsappsView } from "../../schema/views.ts";
import { ticketTags, tickets } from "../../schema/tables.ts";
import type { TagChip, TicketView } from "../../shared/ticket-types.ts";
import { ratingOfScore } from "./ticket-clocks.ts";

/**
 * Builds TicketViews with one joined SELECT (ticket + contact + user + queue + connection)
 * and one SELECT of the tags of every ticket of the page: two queries whatever the page
 * size. The joins read other plugins' published views (schema/views.ts).
 */
const viewColumns = {
  t: tickets,
  contact: {
    id: contactsView.id,
    name: contactsView.name,
    number: contactsView.number,
    email: contactsView.email,
    urlPicture: contactsView.urlPicture,
    disableBot: contactsView.disableBot,
    isGroup: contactsView.isGroup,
    active: contactsView.active,
    acceptAudioMessage: contactsView.acceptAudioMessage,
    channel: contactsView.channel,
  },
  userName: users.name,
  queueName: queuesView.name,
  queueColor: queuesView.color,
  whatsappName: whatsappsView.name,
  whatsappChannel: whatsappsView.channel,
  groupAsTicket: whatsappsView.groupAsTicket,
};

/** The joined SELECT every view starts from; callers add where / order / limit. */
export function viewSelect(db: DbOrTx) {
  return db
    .select(viewColumns)
    .from(tickets)
    .innerJoin(contactsView, eq(contactsView.id, tickets.contactId))
    .leftJoin(users, eq(users.id, tickets.userId))
    .leftJoin(queuesView, eq(queuesView.id, tickets.queueId))
    .leftJoin(whatsappsView, eq(whatsappsView.id, tickets.whatsappId));
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof viewSelect>["where"]>>[number];

/** The tags of each ticket named. */
export async function tagsOfTickets(db: DbOrTx, ticketIds: number[]): Promise<Map<number, TagChip[]>> {
  const out = new Map<number, TagChip[]>();
  if (!ticketIds.length) return out;
  const rows = await db
    .select({ ticketId: ticketTags.ticketId, id: tagsView.id, name: tagsView.name, color: tagsView.color })
    .from(ticketTags)
    .innerJoin(tagsView, eq(tagsView.id, ticketTags.tagId))
    .where(inArray(ticketTags.ticketId, ticketIds))
    .orderBy(ticketTags.id);
  for (const { ticketId, ...tag } of rows) {
    const list = out.get(ticketId) ?? [];
    list.push(tag);
    out.set(ticketId, list);
  }
  return out;
}

function toView(r: ViewRow, tags: TagChip[], mask: boolean): TicketView {
  const t = r.t;
  return {
    id: t.id,
    uuid: t.uuid,
    status: t.status,
    contactId: t.contactId,
    contact: { ...r.contact, number: mask ? maskNumber(r.contact.number) : r.contact.number },
    userId: t.userId,
    // Users carry no colour column: the chip uses the web's default colour.
    user: t.userId != null && r.userName != null ? { id: t.userId, name: r.userName, color: "" } : null,
    queueId: t.queueId,
    queue: t.queueId != null && r.queueName != null ? { id: t.queueId, name: r.queueName, color: r.queueColor ?? "" } : null,
    whatsappId: t.whatsappId,
    whatsapp:
      r.whatsappName != null
        ? {
            id: t.whatsappId,
            name: r.whatsappName,
            channel: specChannel(r.whatsappChannel ?? t.channel),
            channelKind: r.whatsappChannel ?? t.channel,
            groupAsTicket: r.groupAsTicket ?? "disabled",
          }
        : null,
    // The spec's channel for every client; the driver (`api` for the API channel) as channelKind (issue 32).
    channel: specChannel(t.channel),
    channelKind: t.channel,
    lastMessage: t.lastMessage,
    unreadMessages: t.unreadMessages,
    isGroup: t.isGroup,
    // Derived from the holder (issue 24): the spec's isBot, useIntegration, integrationId, promptId.
    holder: t.holder,
    ...specHolderFields(t.holder),
    amount: t.amount,
    tags,
    userRating: t.userRating == null ? null : { rate: ratingOfScore(t.userRating), score: t.userRating },
    createdAt: t.createdAt,
    acceptedAt: t.acceptedAt,
    closedAt: t.closedAt,
    updatedAt: t.updatedAt,
  };
}

/** Views of the rows a viewSelect returned, in the same order. */
export async function viewsOfRows(db: DbOrTx, rows: ViewRow[], mask: boolean): Promise<TicketView[]> {
  const tags = await tagsOfTickets(
    db,
    rows.map((r) => r.t.id),
  );
  return rows.map((r) => toView(r, tags.get(r.t.id) ?? [], mask));
}

/** The two queries of a view by id, prepared once per database handle (every inbound message announces one). */
const byIdQueries = preparedPer((db: Db | SyncDb) => {
  // The same builders serve the batch's sync handle: Drizzle types them for the async
  // database, but on a sync session the prepared queries answer at once (hence casts below).
  const p = sql.placeholder;
  return {
    row: viewSelect(db as Db)
      .where(and(eq(tickets.companyId, p("companyId")), eq(tickets.id, p("id"))))
      .limit(1)
      .prepare(),
    tags: (db as Db)
      .select({ id: tagsView.id, name: tagsView.name, color: tagsView.color })
      .from(ticketTags)
      .innerJoin(tagsView, eq(tagsView.id, ticketTags.tagId))
      .where(eq(ticketTags.ticketId, p("id")))
      .orderBy(ticketTags.id)
      .prepare(),
  };
});

/** One ticket of the company by id, as a view, or null. */
export async function viewById(db: Db, companyId: number, id: number, mask: boolean): Promise<TicketView | null> {
  const q = byIdQueries(db);
  const row = await q.row.get({ companyId, id });
  if (!row) return null;
  return toView(row, await q.tags.all({ id }), mask);
}

/**
 * The ticket's row and view inside a write batch's unit, as the unit is about to commit them:
 * the inbound pipeline answers and announces with both after the commit, reading nothing again.
 */
export function viewInUnit(db: SyncDb, companyId: number, id: number, created: boolean): { row: ViewRow["t"]; view: TicketView } | null {
  const q = byIdQueries(db);
  const row = q.row.get({ companyId, id }) as unknown as ViewRow | undefined;
  // A ticket created by this very unit has no tags yet.
  return row ? { row: row.t, view: toView(row, created ? [] : (q.tags.all({ id }) as unknown as TagChip[]), false) } : null;
}

/** The LGPD-masked copy of a view (for the masked rooms). */
export const maskedView = (v: TicketView): TicketView => ({ ...v, contact: { ...v.contact, number: maskNumber(v.contact.number) } });
