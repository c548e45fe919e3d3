import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { isAdmin } from "../../../../core/auth/permissions.ts";
import type { Db } from "../../../../core/db/database.ts";
import type { UserRow } from "../../../../core/db/rows.ts";
import { ticketTags, tickets, type TicketStatus } from "../../schema/tables.ts";
import type { TicketListResponse, TicketView } from "../../shared/ticket-types.ts";
import type { TicketListParams } from "./tickets.schemas.ts";
import { viewSelect, viewsOfRows } from "./tickets-view-query.ts";
import type { TicketViews } from "./tickets-views.ts";

export const PAGE_SIZE = 40;
/** A message search counts its tickets exactly up to this many (or the page asked for); beyond, it answers this. */
export const COUNT_CAP = 10_000;
/** The most tickets the kanban board shows at once (newest activity first). */
export const BOARD_LIMIT = 500;

/** Whether the user may use the show-all toggle (rule tickets-manager:showall). */
export const mayShowAll = (u: UserRow) => isAdmin(u) || u.allUserChat === "enabled";

/** The day [start, end) of a YYYY-MM-DD as ISO timestamps (stored times are UTC ISO strings). */
function dayRange(day: string): [string, string] {
  const start = new Date(`${day}T00:00:00.000Z`);
  return [start.toISOString(), new Date(start.getTime() + 86_400_000).toISOString()];
}

/** The shortest term the contacts' trigram index can match; shorter ones use LIKE. */
const TRIGRAM = 3;

/** An FTS5 string literal. */
const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;

/**
 * GET /tickets: one tab (or the search view) of the tickets the caller may see, filtered,
 * 40 a page, newest activity first. Every condition is on the tickets table (searches are
 * id subqueries), and each tab's WHERE + ORDER BY matches one covering index of
 * schema/tables.ts, so a page reads 41 index entries and a count never reads the table.
 */
export class TicketList {
  constructor(
    private db: Db,
    private views: TicketViews,
    /** Brings the full-text indexes up to date (inbound/full-text-deferral.ts); awaited before a search reads them. */
    private beforeSearch: () => Promise<void>,
  ) {}

  async page(user: UserRow, q: TicketListParams): Promise<TicketListResponse> {
    const mask = await this.views.masksFor(user);
    const { filters, hits } = await this.conditions(user, q, mask);
    const where = and(...filters);
    const newestFirst = q.status === "closed" || q.status === "search" || q.sortTickets === "DESC";
    const order = newestFirst ? [desc(tickets.updatedAt), desc(tickets.id)] : [asc(tickets.updatedAt), asc(tickets.id)];
    const offset = (q.pageNumber - 1) * PAGE_SIZE;
    // The page's ids come from the tickets table alone (a covering index in the page's
    // order, early stop); one row past the page says whether there is more, whatever the
    // count. The joins that build the views then touch only those 40 rows.
    let ids: { id: number; n?: number }[];
    let n: number;
    if (hits) {
      ids = await this.searchPage(hits, where, order, offset);
      // A page past the end carries no count: count on its own.
      n = ids[0]?.n ?? (await this.countHits(hits, where, COUNT_CAP));
    } else {
      ids = await this.db
        .select({ id: tickets.id })
        .from(tickets)
        .where(where)
        .orderBy(...order)
        .limit(PAGE_SIZE + 1)
        .offset(offset);
      n = await this.count(where);
    }
    const hasMore = ids.length > PAGE_SIZE;
    if (hasMore) ids.pop();
    const rows = ids.length
      ? await viewSelect(this.db).where(
          inArray(
            tickets.id,
            ids.map((r) => r.id),
          ),
        )
      : [];
    const position = new Map(ids.map((r, i) => [r.id, i]));
    rows.sort((a, b) => (position.get(a.t.id) ?? 0) - (position.get(b.t.id) ?? 0));
    // Never fewer than the tickets this page shows to exist (a capped count, or rows that
    // arrived between two reads); a page past the end proves nothing.
    const seen = ids.length ? offset + ids.length + (hasMore ? 1 : 0) : 0;
    return { tickets: await viewsOfRows(this.db, rows, mask), count: Math.max(n, seen), hasMore };
  }

  /**
   * The kanban board's tickets (`tickets.board`): the live (pending and open) tickets the
   * user may see, whatever their attendant (the search view's visibility), whose last
   * activity falls in [from, to), newest first, at most BOARD_LIMIT (`hasMore` beyond).
   * The queue filter is the list's: tickets without a queue always pass.
   */
  async board(user: UserRow, q: { queueIds: number[]; from: string; to: string }): Promise<{ tickets: TicketView[]; hasMore: boolean }> {
    const mask = await this.views.masksFor(user);
    const c: SQL[] = [eq(tickets.companyId, user.companyId), inArray(tickets.status, ["pending", "open"]), gte(tickets.updatedAt, q.from), lt(tickets.updatedAt, q.to)];
    if (!isAdmin(user)) c.push(this.visibleToUser(user, await this.views.queueIdsOf(user.id), null));
    if (q.queueIds.length) c.push(or(inArray(tickets.queueId, q.queueIds), isNull(tickets.queueId))!);
    const rows = await viewSelect(this.db)
      .where(and(...c))
      .orderBy(desc(tickets.updatedAt), desc(tickets.id))
      .limit(BOARD_LIMIT + 1);
    const hasMore = rows.length > BOARD_LIMIT;
    if (hasMore) rows.pop();
    // The tags are read a list page at a time: with hundreds of ids in one IN list, SQLite
    // with statistics prefers scanning ticket_tags to probing it (tests/architecture/query-plans).
    const views: TicketView[] = [];
    for (let i = 0; i < rows.length; i += PAGE_SIZE) views.push(...(await viewsOfRows(this.db, rows.slice(i, i + PAGE_SIZE), mask)));
    return { tickets: views, hasMore };
  }

  private async count(where: SQL | undefined): Promise<number> {
    return (await this.db.select({ n: count() }).from(tickets).where(where))[0]?.n ?? 0;
  }

  /**
   * A message search's page and its count in one statement, so the hit set (the costly part
   * for a common word: ~130k index hits, ~70k tickets) is built once. The page scans the
   * list index in order, testing membership, and stops after 41; the count probes each hit
   * ticket by primary key (not a scan of the company's tickets) and stops at the cap: a
   * common word matches most tickets, and counting them all would cost more than the page.
   */
  private async searchPage(hits: SQL, filters: SQL | undefined, order: SQL[], offset: number): Promise<{ id: number; n: number }[]> {
    const cap = Math.max(COUNT_CAP, offset + PAGE_SIZE + 1);
    const counted = sql`select count(*) from (select 1 from hits join ${tickets} on ${tickets.id} = hits.id where ${filters ?? sql`1`} limit ${cap})`;
    const rows = await this.db.all<{ id: number; n: number }>(
      sql`with hits(id) as materialized (${hits}) select ${tickets.id} as id, (${counted}) as n from ${tickets} where ${filters ?? sql`1`} and ${tickets.id} in (select id from hits) order by ${sql.join(order, sql`, `)} limit ${PAGE_SIZE + 1} offset ${offset}`,
    );
    return rows.map((r) => ({ id: Number(r.id), n: Number(r.n) }));
  }

  /** The count part of searchPage alone. */
  private async countHits(hits: SQL, filters: SQL | undefined, cap: number): Promise<number> {
    const matches = sql`select 1 from (${hits}) as hits join ${tickets} on ${tickets.id} = hits.id where ${filters ?? sql`1`} limit ${cap}`;
    const [row] = await this.db.all<{ n: number }>(sql`select count(*) as n from (${matches})`);
    return Number(row?.n ?? 0);
  }

  /**
   * The WHERE of the page as `filters` on the tickets table, plus, for a message search,
   * `hits`: a subquery of the matching ticket ids (kept apart so the count can start from it).
   */
  private async conditions(user: UserRow, q: TicketListParams, mask: boolean): Promise<{ filters: SQL[]; hits: SQL | null }> {
    const admin = isAdmin(user);
    const myQueues = await this.views.queueIdsOf(user.id);
    const c: SQL[] = [eq(tickets.companyId, user.companyId)];

    const tab = q.status === "search" ? null : q.status;
    if (tab) c.push(eq(tickets.status, tab));
    if (q.statusFilter.length) c.push(inArray(tickets.status, q.statusFilter));

    // Without show-all the tabs narrow to "mine": my open tickets; waiting, grouped and
    // closed tickets of my queues (and my own). The search view is never narrowed.
    const showAll = q.showAll && mayShowAll(user);
    // A ticket waiting for its rating is still its attendant's (issue 14), like an open one.
    const onlyMine = !showAll && (tab === "open" || tab === "nps");
    if (onlyMine) c.push(eq(tickets.userId, user.id));
    else if (!showAll && tab && admin) c.push(or(eq(tickets.userId, user.id), isNull(tickets.queueId), myQueues.length ? inArray(tickets.queueId, myQueues) : sql`0`)!);

    // What the caller may open at all (ticket-rooms.ts userMayOpen, as SQL); one's own
    // tickets are always visible, so "mine" needs nothing more.
    if (!admin && !onlyMine) c.push(this.visibleToUser(user, myQueues, tab));

    if (q.queueIds.length) c.push(or(inArray(tickets.queueId, q.queueIds), isNull(tickets.queueId))!);
    if (q.whatsapps.length) c.push(inArray(tickets.whatsappId, q.whatsapps));
    if (q.users.length && admin) c.push(inArray(tickets.userId, q.users));
    if (q.tags.length)
      c.push(
        inArray(
          tickets.id,
          this.db
            .select({ id: ticketTags.ticketId })
            .from(ticketTags)
            .where(and(eq(ticketTags.companyId, user.companyId), inArray(ticketTags.tagId, q.tags))),
        ),
      );
    if (q.withUnreadMessages) c.push(gt(tickets.unreadMessages, 0));
    if (q.date) {
      const [from, to] = dayRange(q.date);
      c.push(gte(tickets.createdAt, from), lt(tickets.createdAt, to));
    }
    if (q.updatedAt) {
      const [from, to] = dayRange(q.updatedAt);
      c.push(gte(tickets.updatedAt, from), lt(tickets.updatedAt, to));
    }
    // FTS5 reads its query up to the first NUL (an unterminated phrase is a syntax error),
    // and no name, number or message word holds a control character: they separate words.
    const search = q.searchParam.replace(/\p{Cc}+/gu, " ").trim();
    if (!search) return { filters: c, hits: null };
    const words = q.searchOnMessages ? search.split(/[^\p{L}\p{N}]+/u).filter(Boolean) : [];
    // The indexes may lag the newest rows by up to a second: bring them up to date first
    // (short names and numbers are matched with LIKE, without them).
    if (words.length || [...search].length >= TRIGRAM) await this.beforeSearch();
    const contacts = this.contactIds(user.companyId, search, mask);
    if (!words.length) return { filters: [...c, sql`${tickets.contactId} in (${contacts})`], hits: null };
    // The message index's rowid carries the ticket id in its low 31 bits
    // (0007_full_text_in_batches.sql): hits resolve to tickets without reading messages.
    // Other companies' hits fall out on the tickets' company_id.
    const match = words.map((w) => `${quote(w)}*`).join(" ");
    const hits = sql`select rowid & 2147483647 as id from messages_fts where messages_fts match ${match} union select ct.id from tickets as ct where ct.company_id = ${user.companyId} and ct.contact_id in (${contacts})`;
    return { filters: c, hits };
  }

  /**
   * Own tickets, or tickets of the user's scope (queues, no-queue with allTicket), groups
   * with allowGroup, others' closed with allHistoric. Within one tab the status is known,
   * so the rule is written for it: on the closed tab without allHistoric it is just "own
   * tickets", which the (company, user, status, updated_at) index answers in page order.
   */
  private visibleToUser(user: UserRow, myQueues: number[], tab: TicketStatus | null): SQL {
    const own = eq(tickets.userId, user.id);
    const historic = user.allHistoric === "enabled";
    if (tab === "closed" && !historic) return own;
    const scopes: SQL[] = [];
    if (myQueues.length) scopes.push(inArray(tickets.queueId, myQueues));
    if (user.allTicket === "enable") scopes.push(isNull(tickets.queueId));
    if (!scopes.length) return own;
    const shared: SQL[] = [or(...scopes)!];
    if (!user.allowGroup) shared.push(eq(tickets.isGroup, false));
    if (!historic && !tab) shared.push(ne(tickets.status, "closed"));
    return or(own, and(...shared))!;
  }

  /**
   * Ids of the contacts whose name or number contains the term (accent- and case-insensitive,
   * any substring, through the trigram index; masked viewers match names only, so digits
   * cannot be probed). Message text is searched by word prefix (see conditions()).
   */
  private contactIds(companyId: number, search: string, mask: boolean): SQL {
    if ([...search].length >= TRIGRAM) {
      const match = mask ? `name : ${quote(search)}` : quote(search);
      return sql`select rowid from ticket_contacts_fts where ticket_contacts_fts match ${match}`;
    }
    // Trigrams need three characters: short terms fall back to LIKE, over the contacts
    // plugin's published view (schema/views.ts), which SQLite flattens into this subquery.
    const like = `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    const number = mask ? sql`0` : sql`number like ${like} escape '\\'`;
    return sql`select id from contacts_view where company_id = ${companyId} and (name like ${like} escape '\\' or ${number})`;
  }
}
