import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { isAdmin } from "../../../core/auth/permissions.ts";
import type { Db } from "../../../core/db/database.ts";
import type { UserRow } from "../../../core/db/rows.ts";
import { ticketTags, tickets } from "../schema/tables.ts";
import type { TicketListResponse } from "../shared/ticket-types.ts";
import type { TicketListParams } from "./tickets.schemas.ts";
import { viewSelect, viewsOfRows } from "./tickets-view-query.ts";
import type { TicketViews } from "./tickets-views.ts";

export const PAGE_SIZE = 40;

/** Whether the user may use the show-all toggle (rule tickets-manager:showall). */
export const mayShowAll = (u: UserRow) => isAdmin(u) || u.allUserChat === "enabled";

/** The day [start, end) of a YYYY-MM-DD as ISO timestamps (stored times are UTC ISO strings). */
function dayRange(day: string): [string, string] {
  const start = new Date(`${day}T00:00:00.000Z`);
  return [start.toISOString(), new Date(start.getTime() + 86_400_000).toISOString()];
}

/** An FTS5 string literal. */
const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;

/**
 * GET /tickets: one tab (or the search view) of the tickets the caller may see, filtered,
 * 40 a page, newest activity first. Every condition is on the tickets table (searches are
 * id subqueries), so the page and its count share one WHERE and use the list indexes.
 */
export class TicketList {
  constructor(
    private db: Db,
    private views: TicketViews,
  ) {}

  async page(user: UserRow, q: TicketListParams): Promise<TicketListResponse> {
    const mask = await this.views.masksFor(user);
    const where = and(...(await this.conditions(user, q, mask)));
    const newestFirst = q.status === "closed" || q.status === "search" || q.sortTickets === "DESC";
    const order = newestFirst ? [desc(tickets.updatedAt), desc(tickets.id)] : [asc(tickets.updatedAt), asc(tickets.id)];
    const offset = (q.pageNumber - 1) * PAGE_SIZE;
    // The page's ids come from the tickets table alone (index order, early stop); the
    // joins that build the views then touch only those 40 rows.
    const [ids, [total]] = await Promise.all([
      this.db.select({ id: tickets.id }).from(tickets).where(where).orderBy(...order).limit(PAGE_SIZE).offset(offset),
      this.db.select({ n: count() }).from(tickets).where(where),
    ]);
    const n = total?.n ?? 0;
    const rows = ids.length ? await viewSelect(this.db).where(inArray(tickets.id, ids.map((r) => r.id))) : [];
    const position = new Map(ids.map((r, i) => [r.id, i]));
    rows.sort((a, b) => (position.get(a.t.id) ?? 0) - (position.get(b.t.id) ?? 0));
    return { tickets: await viewsOfRows(this.db, rows, mask), count: n, hasMore: offset + ids.length < n };
  }

  private async conditions(user: UserRow, q: TicketListParams, mask: boolean): Promise<SQL[]> {
    const admin = isAdmin(user);
    const myQueues = await this.views.queueIdsOf(user.id);
    const c: SQL[] = [eq(tickets.companyId, user.companyId)];

    if (q.status !== "search") c.push(eq(tickets.status, q.status));
    if (q.statusFilter.length) c.push(inArray(tickets.status, q.statusFilter));

    // What the caller may open at all (ticket-rooms.ts userMayOpen, as SQL).
    if (!admin) c.push(this.visibleToUser(user, myQueues));

    // Without show-all the tabs narrow to "mine": my open tickets; waiting, grouped and
    // closed tickets of my queues (and my own). The search view is never narrowed.
    const showAll = q.showAll && mayShowAll(user);
    if (!showAll && q.status !== "search") {
      if (q.status === "open") c.push(eq(tickets.userId, user.id));
      else if (admin) c.push(or(eq(tickets.userId, user.id), isNull(tickets.queueId), myQueues.length ? inArray(tickets.queueId, myQueues) : sql`0`)!);
    }

    if (q.queueIds.length) c.push(or(inArray(tickets.queueId, q.queueIds), isNull(tickets.queueId))!);
    if (q.whatsapps.length) c.push(inArray(tickets.whatsappId, q.whatsapps));
    if (q.users.length && admin) c.push(inArray(tickets.userId, q.users));
    if (q.tags.length)
      c.push(inArray(tickets.id, this.db.select({ id: ticketTags.ticketId }).from(ticketTags).where(and(eq(ticketTags.companyId, user.companyId), inArray(ticketTags.tagId, q.tags)))));
    if (q.withUnreadMessages) c.push(gt(tickets.unreadMessages, 0));
    if (q.date) {
      const [from, to] = dayRange(q.date);
      c.push(gte(tickets.createdAt, from), lt(tickets.createdAt, to));
    }
    if (q.updatedAt) {
      const [from, to] = dayRange(q.updatedAt);
      c.push(gte(tickets.updatedAt, from), lt(tickets.updatedAt, to));
    }
    const search = q.searchParam.trim();
    if (search) c.push(this.searchCondition(user.companyId, search, q.searchOnMessages, mask));
    return c;
  }

  /** Own tickets, or tickets of the user's scope (queues, no-queue with allTicket), groups with allowGroup, others' closed with allHistoric. */
  private visibleToUser(user: UserRow, myQueues: number[]): SQL {
    const scopes: SQL[] = [];
    if (myQueues.length) scopes.push(inArray(tickets.queueId, myQueues));
    if (user.allTicket === "enable") scopes.push(isNull(tickets.queueId));
    const shared: SQL[] = [scopes.length ? or(...scopes)! : sql`0`];
    if (!user.allowGroup) shared.push(eq(tickets.isGroup, false));
    if (user.allHistoric !== "enabled") shared.push(ne(tickets.status, "closed"));
    return or(eq(tickets.userId, user.id), and(...shared))!;
  }

  /**
   * The contact's name or number (accent- and case-insensitive, any substring, through the
   * trigram index; masked viewers match names only, so digits cannot be probed), or with
   * `onMessages` also any message text (word prefixes through the messages FTS index).
   */
  private searchCondition(companyId: number, search: string, onMessages: boolean, mask: boolean): SQL {
    let contacts: SQL;
    if ([...search].length >= 3) {
      const match = mask ? `name : ${quote(search)}` : quote(search);
      contacts = sql`${tickets.contactId} in (select rowid from ticket_contacts_fts where ticket_contacts_fts match ${match})`;
    } else {
      // Trigrams need three characters: short terms fall back to LIKE.
      const like = `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      const number = mask ? sql`0` : sql`number like ${like} escape '\\'`;
      contacts = sql`${tickets.contactId} in (select id from contacts where company_id = ${companyId} and (name like ${like} escape '\\' or ${number}))`;
    }
    if (!onMessages) return contacts;
    const words = search.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    if (!words.length) return contacts;
    const match = words.map((w) => `${quote(w)}*`).join(" ");
    // "id IN (rowids of the match)" lets SQLite probe messages by primary key from the FTS
    // result; a JOIN form was five times slower on 300k messages.
    const inMessages = sql`${tickets.id} in (select ticket_id from messages where id in (select rowid from messages_fts where messages_fts match ${match}) and company_id = ${companyId})`;
    return or(contacts, inMessages)!;
  }
}
