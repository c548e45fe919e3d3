import { and, count, desc, eq, gte, like, lt, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "../../../core/db/database.ts";
import { users } from "../../../core/db/tables.ts";
import { schedules } from "../schema/tables.ts";
import { contactsView, queuesView, whatsappsView } from "../schema/views.ts";
import type { ScheduleView } from "../shared/schedule-types.ts";

const PAGE_SIZE = 20;

export type ScheduleRow = typeof schedules.$inferSelect;

const ticketUsers = alias(users, "ticket_users");

/** The columns of a schedule as the API shows it: the row (less the sender's bookkeeping) and the names it points to. */
const columns = {
  row: schedules,
  contactName: contactsView.name,
  userName: users.name,
  ticketUserName: ticketUsers.name,
  queueName: queuesView.name,
  queueColor: queuesView.color,
  whatsappName: whatsappsView.name,
};

type Joined = {
  row: ScheduleRow;
  contactName: string;
  userName: string | null;
  ticketUserName: string | null;
  queueName: string | null;
  queueColor: string | null;
  whatsappName: string | null;
};

function toView(j: Joined): ScheduleView {
  const { dueAt: _due, occurrence: _occurrence, attempts: _attempts, ...row } = j.row;
  const named = (id: number | null, name: string | null) => (id != null && name != null ? { id, name } : null);
  return {
    ...row,
    mediaUrl: row.mediaPath ? `/public/company${row.companyId}/${row.mediaPath}` : null,
    contact: { id: row.contactId, name: j.contactName },
    user: named(row.userId, j.userName),
    ticketUser: named(row.ticketUserId, j.ticketUserName),
    queue: row.queueId != null && j.queueName != null ? { id: row.queueId, name: j.queueName, color: j.queueColor ?? "" } : null,
    whatsapp: named(row.whatsappId, j.whatsappName),
  };
}

/** Reads schedules as the API answers them, joined with the names of what they point to (the owners' views). */
export class ScheduleViews {
  constructor(private db: Db) {}

  private select() {
    return this.db
      .select(columns)
      .from(schedules)
      .innerJoin(contactsView, eq(contactsView.id, schedules.contactId))
      .leftJoin(users, eq(users.id, schedules.userId))
      .leftJoin(ticketUsers, eq(ticketUsers.id, schedules.ticketUserId))
      .leftJoin(queuesView, eq(queuesView.id, schedules.queueId))
      .leftJoin(whatsappsView, eq(whatsappsView.id, schedules.whatsappId));
  }

  async one(companyId: number, id: number): Promise<ScheduleView | null> {
    const [row] = await this.select()
      .where(and(eq(schedules.companyId, companyId), eq(schedules.id, id)))
      .limit(1);
    return row ? toView(row) : null;
  }

  /** GET /schedules: 20 a page, latest time first; the search matches the text or the contact's name; from/to bound sendAt (the calendar's month). */
  async page(companyId: number, q: { searchParam: string; pageNumber: number; contactId?: number | null; from?: string; to?: string }) {
    const term = q.searchParam.trim().toLowerCase();
    const where: SQL | undefined = and(
      eq(schedules.companyId, companyId),
      q.contactId ? eq(schedules.contactId, q.contactId) : undefined,
      q.from ? gte(schedules.sendAt, q.from) : undefined,
      q.to ? lt(schedules.sendAt, q.to) : undefined,
      term ? or(like(sql`lower(${schedules.body})`, `%${term}%`), like(sql`lower(${contactsView.name})`, `%${term}%`)) : undefined,
    );
    const rows = await this.select()
      .where(where)
      .orderBy(desc(schedules.sendAt), desc(schedules.id))
      .limit(PAGE_SIZE)
      .offset((q.pageNumber - 1) * PAGE_SIZE);
    const [total] = await this.db.select({ n: count() }).from(schedules).innerJoin(contactsView, eq(contactsView.id, schedules.contactId)).where(where);
    const n = total?.n ?? 0;
    return { schedules: rows.map(toView), count: n, hasMore: q.pageNumber * PAGE_SIZE < n };
  }
}
