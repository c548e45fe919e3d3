import { and, desc, eq, gte, inArray, isNotNull, lt, lte, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../../../core/db/database.ts";
import { mainConnectionReads, type Reads } from "../../../core/db/read-pool.ts";
import { releaseMemorySoon } from "../../../core/runtime/release-memory.ts";
import { users } from "../../../core/db/tables.ts";
import { contactsView, queuesView, ticketsView, whatsappsView } from "../schema/views.ts";
import { supportSeconds } from "./metrics.ts";
import type { Elapsed } from "./sla-compliance.ts";
import type { Range } from "./report-range.ts";

/*
 * The ticket report (spec 002 §2.15, §3 "Ticket report row", §7): the company's tickets created
 * in the range, newest first, filtered, as pages. Every read is one range of
 * tickets_company_created_idx (company_id, created_at) walked in index order, with the names
 * joined by primary key; a page stops after its rows. Big pages (the web's export asks 9,999,999)
 * are read in chunks of CHUNK by keyset, so memory stays bounded whatever the size.
 */

export const CHUNK = 1000;

export interface ReportFilter {
  range: Range;
  searchParam?: string;
  contactId?: number;
  whatsappIds: number[];
  userIds: number[];
  queueIds: number[];
  statuses: string[];
  onlyRated: boolean;
}

export interface ReportRow {
  id: number;
  uuid: string;
  whatsappName: string | null;
  contactName: string | null;
  userName: string | null;
  queueName: string | null;
  queueColor: string | null;
  status: string;
  lastMessage: string;
  createdAt: string;
  closedAt: string | null;
  /** closed − first accepted, minutes (2 decimals); null while not resolved. */
  supportTime: number | null;
  /** The NPS answer 0–10; null unrated. */
  NPS: number | null;
}

const t = ticketsView;

/**
 * supportTime as read() computes it (metrics.ts supportSeconds, in minutes rounded to 2 decimals),
 * in SQL: the milliseconds exact (julianday rounded), then the same float operations.
 */
const SUPPORT_MINUTES = sql`case when ${t.acceptedAt} is null or ${t.closedAt} is null then null
  else round(max(0, round((julianday(${t.closedAt}) - julianday(${t.acceptedAt})) * 86400000) / 1000.0) / 60 * 100) / 100 end`;

/** A row of the web's big page: ReportRow's fields, in its order. */
const ROW_JSON = sql`json_object('id', ${t.id}, 'uuid', ${t.uuid}, 'whatsappName', ${whatsappsView.name}, 'contactName', ${contactsView.name},
  'userName', ${users.name}, 'queueName', ${queuesView.name}, 'queueColor', ${queuesView.color}, 'status', ${t.status},
  'lastMessage', ${t.lastMessage}, 'createdAt', ${t.createdAt}, 'closedAt', ${t.closedAt}, 'NPS', ${t.userRating}, 'supportTime', ${SUPPORT_MINUTES})`;

/** A row of the file exports: report-export.ts's HEADER, in its order (null: an empty cell). */
const ROW_CELLS = sql`json_array(${t.id}, ${users.name}, ${t.createdAt}, ${t.closedAt}, ${t.userRating}, ${t.status},
  ${whatsappsView.name}, ${queuesView.name}, ${t.lastMessage}, ${contactsView.name}, ${SUPPORT_MINUTES})`;

/**
 * ROW_CELLS and, after them, what the business-hours clock needs (queue 0: none, first accepted,
 * closed): cellChunks then writes the last cell in office-hours minutes and drops these three.
 */
const ROW_CELLS_CLOCKS = sql`json_array(${t.id}, ${users.name}, ${t.createdAt}, ${t.closedAt}, ${t.userRating}, ${t.status},
  ${whatsappsView.name}, ${queuesView.name}, ${t.lastMessage}, ${contactsView.name}, ${SUPPORT_MINUTES}, coalesce(${t.queueId}, 0), ${t.acceptedAt}, ${t.closedAt})`;

/** A column as an expression (`+col`): SQLite then uses no index for the test. */
const plain = (col: SQLWrapper) => sql`+${col}`;

/** `[createdAt, id]` of the last row read: the next chunk starts strictly after it. */
type Cursor = [string, number];

export class TicketReportService {
  /** `chunk`: rows per read of a big page (tests lower it to cross chunk edges with a few tickets). */
  constructor(
    private readonly db: Db,
    private readonly chunk = CHUNK,
    /** The count and the big pages' chunks run here (the read pool's threads in the server). */
    private readonly reads: Reads = mainConnectionReads(db),
  ) {}

  /** One page and the total (GET /ticketreport/reports with a page size up to CHUNK). */
  async page(companyId: number, f: ReportFilter, page: number, pageSize: number): Promise<{ tickets: ReportRow[]; totalTickets: { total: number } }> {
    const [tickets, total] = await Promise.all([this.read(companyId, f, pageSize, (page - 1) * pageSize, null), this.total(companyId, f)]);
    return { tickets, totalTickets: { total } };
  }

  /** How many tickets the filter matches. */
  async total(companyId: number, f: ReportFilter): Promise<number> {
    const q = this.db.select({ n: sql<number>`count(*)`.as("n") }).from(t);
    const [row] = await this.reads.all<{ n: number }>((f.searchParam ? q.innerJoin(contactsView, eq(contactsView.id, t.contactId)) : q).where(this.where(companyId, f)).getSQL());
    return row?.n ?? 0;
  }

  /** `limit` rows from `offset`, in chunks of CHUNK read by keyset: what a big page streams. */
  async *chunks(companyId: number, f: ReportFilter, limit: number, offset = 0): AsyncGenerator<ReportRow[]> {
    let left = limit;
    let cursor: Cursor | null = null;
    while (left > 0) {
      const rows = await this.read(companyId, f, Math.min(this.chunk, left), cursor ? 0 : offset, cursor);
      if (!rows.length) return;
      yield rows;
      left -= rows.length;
      if (rows.length < Math.min(this.chunk, left + rows.length)) return;
      const last = rows[rows.length - 1]!;
      cursor = [last.createdAt, last.id];
    }
  }

  /**
   * The same rows as `chunks`, each chunk already JSON (`{…},{…}`, the row's fields in
   * ReportRow's order) written by SQLite with json_object: the web's 9,999,999 page never builds
   * a row object (issue 28: the export's time and memory were the rows' objects and their
   * JSON.stringify). One part per chunk: UTF-8 bytes on the read pool's threads, a string
   * elsewhere (the keyset chunks).
   */
  jsonChunks(companyId: number, f: ReportFilter, limit: number, offset = 0): AsyncGenerator<string | Uint8Array> {
    const reads = this.reads;
    // The response writes the bytes as they come (handed over from the thread without a copy).
    if (reads.threaded && reads.bytes) return this.threadedBodies(companyId, f, limit, offset, sql`cast(${ROW_JSON} as blob)`, (q) => reads.bytes!(q, { rows: this.chunk }));
    return this.bodies(companyId, f, limit, offset, ROW_JSON);
  }

  /**
   * The file exports' rows (report-export.ts's columns), straight from SQLite into the writer:
   * each chunk's rows written by SQLite as one JSON text of arrays (json_array per row, the
   * keyset walk of jsonChunks) and parsed once into the writer's cells, so no row object, no
   * drizzle mapping and no per-row field copy is made (issue 28: 100,000 rows under 200 MB).
   */
  async *cellChunks(companyId: number, f: ReportFilter, limit: number, elapsed?: Elapsed): AsyncGenerator<string[][]> {
    for await (const body of this.bodies(companyId, f, limit, 0, elapsed ? ROW_CELLS_CLOCKS : ROW_CELLS)) {
      const rows = JSON.parse(`[${body}]`) as (string | number | null)[][];
      for (const row of rows) {
        // `businessHours=true`: the support time (closed − first accepted) on the office-hours
        // clock, as the page's (business-hours.service.ts businessSupportTimes).
        if (elapsed) {
          const [queueId, acceptedAt, closedAt] = row.splice(-3) as [number, string | null, string | null];
          const last = row.length - 1;
          if (row[last] !== null && acceptedAt && closedAt) row[last] = Math.round((elapsed(queueId, acceptedAt, closedAt) / 60) * 100) / 100;
        }
        for (let i = 0; i < row.length; i++) row[i] = row[i] === null ? "" : String(row[i]);
      }
      yield rows as string[][];
    }
  }

  /**
   * `limit` rows' SQL-written texts (`row`), joined by commas per chunk of CHUNK. On the read
   * pool's threads: one statement walked over the range (reads.texts), the next chunk read while
   * this one is written out. Elsewhere (a remote database, tests): one statement per chunk, by
   * keyset, so memory stays bounded there too. Both give the same text.
   */
  private async *bodies(companyId: number, f: ReportFilter, limit: number, offset: number, row: SQL): AsyncGenerator<string> {
    const reads = this.reads;
    if (reads.threaded && reads.texts) {
      yield* this.threadedBodies(companyId, f, limit, offset, row, (q) => reads.texts!(q, { rows: this.chunk }));
      return;
    }
    let left = limit;
    let cursor: Cursor | null = null;
    while (left > 0) {
      const size = Math.min(this.chunk, left);
      const chunk = await this.jsonChunk(companyId, f, size, cursor ? 0 : offset, cursor, row);
      if (!chunk?.n || !chunk.body || !chunk.last) return;
      yield chunk.body;
      left -= chunk.n;
      if (chunk.n < size) return;
      const at = chunk.last.lastIndexOf("#");
      cursor = [chunk.last.slice(0, at), Number(chunk.last.slice(at + 1))];
    }
  }

  /**
   * A big page on the read pool's threads. From its first row (offset 0), the rows are cut in two
   * at the middle row's instant: the newer half (that instant and after, ties included) is walked
   * and written out while the older half is walked at once on the other thread, its batches kept
   * until their turn up to AHEAD_BYTES (then that walk waits, as a single one does). Same rows,
   * same order, same text as one walk; the older half's limit is what the newer half's count
   * leaves. Only when both threads are idle, and for pages of up to SPLIT_MAX_ROWS: a bigger one
   * (every ticket of months) is one walk, as two threads' batches and buffers raised its peak
   * memory by ~40–80 MiB.
   */
  private async *threadedBodies<T extends string | Uint8Array>(
    companyId: number,
    f: ReportFilter,
    limit: number,
    offset: number,
    row: SQL,
    walked: (query: SQL) => AsyncGenerator<T>,
  ): AsyncGenerator<T> {
    const cut = await this.halves(companyId, f, limit, offset);
    try {
      if (!cut) {
        yield* walked(this.walk(companyId, f, limit, offset, row));
        return;
      }
      const later = cut.olderLimit > 0 ? readAhead(walked(this.walk(companyId, cut.older, cut.olderLimit, 0, row)), AHEAD_BYTES) : null;
      try {
        yield* walked(this.walk(companyId, cut.newer, limit, 0, row));
        if (later) yield* later.batches;
      } finally {
        await later?.stop();
      }
    } finally {
      // A big page leaves megabytes of garbage here and on the thread: collected soon, not lazily.
      releaseMemorySoon();
    }
  }

  /** Where threadedBodies cuts a page from its first row, or null to walk it whole. */
  private async halves(companyId: number, f: ReportFilter, limit: number, offset: number): Promise<{ newer: ReportFilter; older: ReportFilter; olderLimit: number } | null> {
    // Two threads free (at 1 client): one page on both. Busy (many exports at once), the halves
    // would only queue behind others and cost each page more CPU (two cold page caches).
    if (offset !== 0 || (this.reads.idle ?? 0) < 2) return null;
    const rows = Math.min(limit, await this.total(companyId, f));
    if (rows < 2 * this.chunk || rows > SPLIT_MAX_ROWS) return null;
    const mid = await this.createdAtOfRow(companyId, f, Math.floor(rows / 2));
    if (!mid) return null;
    const newer: ReportFilter = { ...f, range: { ...f.range, start: mid } };
    const older: ReportFilter = { ...f, range: { ...f.range, end: mid } };
    return { newer, older, olderLimit: limit - (await this.total(companyId, newer)) };
  }

  /** The creation instant of the filter's row number `index` (from 0) in report order: one index walk, no table row. */
  private async createdAtOfRow(companyId: number, f: ReportFilter, index: number): Promise<string | null> {
    const q = this.db.select({ at: sql<string>`${t.createdAt}`.as("at") }).from(t);
    const [found] = await this.reads.all<{ at: string }>(
      (f.searchParam ? q.leftJoin(contactsView, eq(contactsView.id, t.contactId)) : q)
        .where(this.where(companyId, f))
        .orderBy(desc(t.createdAt), desc(t.id))
        .limit(1)
        .offset(index)
        .getSQL(),
    );
    return found?.at ?? null;
  }

  /**
   * The one statement a threaded big page walks: `row` (the page's JSON by default) for the
   * filter's rows in report order. Public for the query-plan test, which runs under Node (no
   * threads) and so would never see it otherwise.
   */
  walk(companyId: number, f: ReportFilter, limit: number, offset = 0, row: SQL = ROW_JSON): SQL {
    return this.db
      .select({ j: sql<string>`${row}`.as("j") })
      .from(t)
      .leftJoin(contactsView, eq(contactsView.id, t.contactId))
      .leftJoin(whatsappsView, eq(whatsappsView.id, t.whatsappId))
      .leftJoin(queuesView, eq(queuesView.id, t.queueId))
      .leftJoin(users, eq(users.id, t.userId))
      .where(this.where(companyId, f))
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(limit)
      .offset(offset)
      .getSQL();
  }

  /** One chunk of jsonChunks: how many rows, their JSON joined by commas, and the last row's (created_at, id) as `k`. */
  private async jsonChunk(
    companyId: number,
    f: ReportFilter,
    size: number,
    offset: number,
    after: Cursor | null,
    rowText: SQL,
  ): Promise<{ n: number; body: string | null; last: string | null } | undefined> {
    const page = this.db
      .select({
        j: sql<string>`${rowText}`.as("j"),
        // (created_at, id) as one text that sorts like the pair (ISO times have one width): the order and the cursor.
        k: sql<string>`${t.createdAt} || '#' || printf('%015d', ${t.id})`.as("k"),
      })
      .from(t)
      .leftJoin(contactsView, eq(contactsView.id, t.contactId))
      .leftJoin(whatsappsView, eq(whatsappsView.id, t.whatsappId))
      .leftJoin(queuesView, eq(queuesView.id, t.queueId))
      .leftJoin(users, eq(users.id, t.userId))
      .where(this.where(companyId, f, after))
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(size)
      .offset(offset);
    const [row] = await this.reads.all<{ n: number; body: string | null; last: string | null }>(
      sql`select count(*) as n, group_concat(j, ',' order by k desc) as body, min(k) as last from ${page}`,
    );
    return row;
  }

  private where(companyId: number, f: ReportFilter, after: Cursor | null = null): SQL {
    const w: (SQL | undefined)[] = [eq(t.companyId, companyId), gte(t.createdAt, f.range.start), lt(t.createdAt, f.range.end)];
    if (after) w.push(lte(t.createdAt, after[0]), sql`not (${t.createdAt} = ${after[0]} and ${t.id} >= ${after[1]})`);
    // The filters are tests on the range's rows, never an index of their own (unary `+`): with
    // statistics SQLite would otherwise read a contact's or a status's index and sort, and the
    // plan would change with the data; the date range in index order stops after a page.
    if (f.contactId) w.push(inArray(plain(t.contactId), [f.contactId]));
    if (f.whatsappIds.length) w.push(inArray(plain(t.whatsappId), f.whatsappIds));
    if (f.userIds.length) w.push(inArray(plain(t.userId), f.userIds));
    if (f.queueIds.length) w.push(inArray(plain(t.queueId), f.queueIds));
    if (f.statuses.length) w.push(inArray(plain(t.status), f.statuses));
    if (f.onlyRated) w.push(isNotNull(t.userRating));
    if (f.searchParam) {
      const term = `%${f.searchParam.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      w.push(or(sql`${contactsView.name} like ${term} escape '\\'`, sql`${t.lastMessage} like ${term} escape '\\'`, sql`cast(${t.id} as text) = ${f.searchParam}`));
    }
    return and(...w)!;
  }

  private async read(companyId: number, f: ReportFilter, limit: number, offset: number, after: Cursor | null): Promise<ReportRow[]> {
    const rows = await this.db
      .select({
        id: t.id,
        uuid: t.uuid,
        whatsappName: whatsappsView.name,
        contactName: contactsView.name,
        userName: users.name,
        queueName: queuesView.name,
        queueColor: queuesView.color,
        status: t.status,
        lastMessage: t.lastMessage,
        createdAt: t.createdAt,
        acceptedAt: t.acceptedAt,
        closedAt: t.closedAt,
        NPS: t.userRating,
      })
      .from(t)
      .leftJoin(contactsView, eq(contactsView.id, t.contactId))
      .leftJoin(whatsappsView, eq(whatsappsView.id, t.whatsappId))
      .leftJoin(queuesView, eq(queuesView.id, t.queueId))
      .leftJoin(users, eq(users.id, t.userId))
      .where(this.where(companyId, f, after))
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(limit)
      .offset(offset);
    return rows.map(({ acceptedAt, ...r }) => {
      const s = supportSeconds(acceptedAt, r.closedAt);
      return { ...r, supportTime: s === null ? null : Math.round((s / 60) * 100) / 100 };
    });
  }
}

/** How much of a big page's older half may wait, read ahead, while the newer half is written out. */
const AHEAD_BYTES = 8 * 1024 * 1024;
/** A big page of at most these rows is walked in two halves at once (a busy month: ~27k). */
const SPLIT_MAX_ROWS = 40_000;

/**
 * Pulls `source` as fast as it gives, keeping up to `maxBytes` of text until asked: the walk
 * behind it runs now instead of when its turn comes. `stop()` ends it whether or not its batches
 * were ever read (returning a generator that never started runs none of its code, so the source
 * would stay paused, its read thread with it).
 */
export function readAhead<T extends string | Uint8Array>(source: AsyncGenerator<T>, maxBytes: number): { batches: AsyncGenerator<T>; stop(): Promise<void> } {
  const kept: T[] = [];
  const size = (part: T) => (typeof part === "string" ? part.length : part.byteLength);
  let bytes = 0;
  let done = false;
  let failure: unknown = null;
  // Who waits: the reader for a batch, the pump for room.
  const waiting: { reader?: () => void; pump?: () => void } = {};
  const poke = (who: "reader" | "pump") => {
    waiting[who]?.();
    waiting[who] = undefined;
  };
  const pump = (async () => {
    try {
      for await (const text of source) {
        kept.push(text);
        bytes += size(text);
        poke("reader");
        while (bytes > maxBytes && !done) await new Promise<void>((r) => (waiting.pump = r));
        if (done) return;
      }
    } catch (err) {
      failure = err;
    } finally {
      done = true;
      poke("reader");
    }
  })();
  const stop = async () => {
    if (!done) {
      done = true;
      poke("pump");
    }
    await pump;
    kept.length = 0;
  };
  const batches = (async function* () {
    try {
      for (;;) {
        while (!kept.length && !done) await new Promise<void>((r) => (waiting.reader = r));
        if (kept.length) {
          const text = kept.shift()!;
          bytes -= size(text);
          poke("pump");
          yield text;
          continue;
        }
        if (failure) throw failure;
        return;
      }
    } finally {
      await stop();
    }
  })();
  return { batches, stop };
}
