import { and, desc, eq, gte, inArray, isNotNull, lt, lte, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../../../core/db/database.ts";
import { mainConnectionReads, type Reads } from "../../../core/db/read-pool.ts";
import { releaseMemorySoon } from "../../../core/runtime/release-memory.ts";
import { users } from "../../../core/db/tables.ts";
import { contactNamesView, queuesView, ticketsView, whatsappsView } from "../schema/views.ts";
import { supportSeconds } from "./metrics.ts";
import type { Elapsed } from "./sla-compliance.ts";
import type { Range } from "./report-range.ts";

/*
 * The ticket report (spec 002 §2.15, §3 "Ticket report row", §7): the company's tickets created
 * in the range, newest first, filtered, as pages. Every read is one range of
 * tickets_company_created_idx (company_id, created_at) walked in index order, with the names
 * joined by id (contacts' from their narrow index, contact_names_view); a page stops after its
 * rows. Big pages (the web's export asks 9,999,999) are read in chunks of CHUNK by keyset, each
 * chunk's rows written and joined by SQLite, so memory stays bounded whatever the size.
 */

/**
 * Rows per chunk of row objects and of the file exports' cells. Smaller pages leave less garbage
 * between two collections: a 100,000-row .xlsx export peaked at ~219 MiB with 1,000, ~205 with
 * 500 (the same 1.7 s); 250 took 1.9 s for a few MiB less.
 */
export const CHUNK = 500;

/** The biggest page read whole as row objects (the screen's 5–50, an API client's up to 1,000); bigger ones stream. */
export const WHOLE_PAGE_MAX = 1000;

/**
 * Rows per chunk of the web's big JSON page (~1 MB): fewer, bigger statements than CHUNK, as each
 * one costs the event loop its building and hand-over (measured on a month of 27,000 rows:
 * chunks of 1,000 → 4,000 took the page from 88 to 72 ms and its CPU from 160 to 121 ms).
 */
export const PAGE_CHUNK = 4000;

/** Rows per chunk: of row objects and the file exports' cells (`rows`), of the JSON page's bytes (`pageRows`). */
export interface ChunkSizes {
  rows: number;
  pageRows: number;
}

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
 * in SQL: from `support_ms`, the exact milliseconds the tickets plugin keeps (null until both
 * instants, never negative), then the same float operations; no date arithmetic per row.
 */
const SUPPORT_MINUTES = sql`round(${t.supportMs} / 1000.0 / 60 * 100) / 100`;

/** A row of the web's big page: ReportRow's fields, in its order. */
const ROW_JSON = sql`json_object('id', ${t.id}, 'uuid', ${t.uuid}, 'whatsappName', ${whatsappsView.name}, 'contactName', ${contactNamesView.name},
  'userName', ${users.name}, 'queueName', ${queuesView.name}, 'queueColor', ${queuesView.color}, 'status', ${t.status},
  'lastMessage', ${t.lastMessage}, 'createdAt', ${t.createdAt}, 'closedAt', ${t.closedAt}, 'NPS', ${t.userRating}, 'supportTime', ${SUPPORT_MINUTES})`;

/** A row of the file exports: report-export.ts's HEADER, in its order (null: an empty cell). */
const ROW_CELLS = sql`json_array(${t.id}, ${users.name}, ${t.createdAt}, ${t.closedAt}, ${t.userRating}, ${t.status},
  ${whatsappsView.name}, ${queuesView.name}, ${t.lastMessage}, ${contactNamesView.name}, ${SUPPORT_MINUTES})`;

/**
 * ROW_CELLS and, after them, what the business-hours clock needs (queue 0: none, first accepted,
 * closed): cellChunks then writes the last cell in office-hours minutes and drops these three.
 */
const ROW_CELLS_CLOCKS = sql`json_array(${t.id}, ${users.name}, ${t.createdAt}, ${t.closedAt}, ${t.userRating}, ${t.status},
  ${whatsappsView.name}, ${queuesView.name}, ${t.lastMessage}, ${contactNamesView.name}, ${SUPPORT_MINUTES}, coalesce(${t.queueId}, 0), ${t.acceptedAt}, ${t.closedAt})`;

/** A column as an expression (`+col`): SQLite then uses no index for the test. */
const plain = (col: SQLWrapper) => sql`+${col}`;

/** `[createdAt, id]` of the last row read: the next chunk starts strictly after it. */
type Cursor = [string, number];

/** A chunk of a big page as its statement gives it (a BLOB comes as an ArrayBuffer, from a thread or not). */
interface Chunk {
  n: number;
  body: string | ArrayBuffer | null;
  last: string | null;
}

/** What a big page learnt while it was read: its rows so far, and the filter's total if it was counted. */
export interface PageTally {
  rows: number;
  total: number | null;
}

/** An empty tally, for a big page about to be read. */
export const newTally = (): PageTally => ({ rows: 0, total: null });

/** What a big page reads: the filter's rows from `offset`, at most `limit`, each as `row` writes it, as text or bytes; `tally` learns as it goes. */
interface PageRead {
  companyId: number;
  f: ReportFilter;
  limit: number;
  offset: number;
  row: SQL;
  as: "text" | "bytes";
  tally: PageTally;
}

/** Added to the id in a chunk's cursor text, so every id has one width (16 digits, below 2^53). */
const ID_WIDTH = 1_000_000_000_000_000;

export class TicketReportService {
  private readonly chunk: number;
  private readonly pageChunk: number;
  /** Big pages and exports being read now. */
  private reading = 0;

  constructor(
    private readonly db: Db,
    /** The count and the big pages' chunks run here (the read pool's threads in the server). */
    private readonly reads: Reads = mainConnectionReads(db),
    /** Tests lower them to cross chunk edges with a few tickets. */
    sizes: ChunkSizes = { rows: CHUNK, pageRows: PAGE_CHUNK },
  ) {
    this.chunk = sizes.rows;
    this.pageChunk = sizes.pageRows;
  }

  /** One page and the total (GET /ticketreport/reports with a page size up to WHOLE_PAGE_MAX). */
  async page(companyId: number, f: ReportFilter, page: number, pageSize: number): Promise<{ tickets: ReportRow[]; totalTickets: { total: number } }> {
    const [tickets, total] = await Promise.all([this.read(companyId, f, pageSize, (page - 1) * pageSize, null), this.total(companyId, f)]);
    return { tickets, totalTickets: { total } };
  }

  /** How many tickets the filter matches. */
  async total(companyId: number, f: ReportFilter): Promise<number> {
    const q = this.db.select({ n: sql<number>`count(*)`.as("n") }).from(t);
    const [row] = await this.reads.all<{ n: number }>(
      (f.searchParam ? q.innerJoin(contactNamesView, eq(contactNamesView.id, t.contactId)) : q).where(this.where(companyId, f)).getSQL(),
    );
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
   * ReportRow's order) written by SQLite with json_object, as UTF-8 bytes: the web's 9,999,999
   * page never builds a row object nor a string of it (issue 28: the export's time and memory
   * were the rows' objects and their JSON.stringify), the response writes the bytes as they came.
   */
  jsonChunks(companyId: number, f: ReportFilter, limit: number, offset = 0, tally: PageTally = newTally()): AsyncGenerator<Uint8Array> {
    return this.bodies({ companyId, f, limit, offset, row: ROW_JSON, as: "bytes", tally });
  }

  /**
   * The filter's total after a big page was read (`totalTickets`), without counting again when the
   * page knows it: read whole from the first row (fewer rows than asked), or cut in halves (the
   * cut counted it). Otherwise one count, and always without a tally (a page read another way).
   */
  async totalAfter(companyId: number, f: ReportFilter, limit: number, offset: number, tally: PageTally | null): Promise<number> {
    if (!tally) return this.total(companyId, f);
    if (tally.total !== null) return tally.total;
    if (offset === 0 && tally.rows < limit) return tally.rows;
    return this.total(companyId, f);
  }

  /**
   * The file exports' rows (report-export.ts's columns), straight from SQLite into the writer:
   * each chunk's rows written by SQLite as one JSON text of arrays (json_array per row, the
   * chunks of jsonChunks) and parsed once into the writer's cells, so no row object, no
   * drizzle mapping and no per-row field copy is made (issue 28: 100,000 rows under 200 MB).
   */
  async *cellChunks(companyId: number, f: ReportFilter, limit: number, elapsed?: Elapsed): AsyncGenerator<string[][]> {
    for await (const body of this.bodies({ companyId, f, limit, offset: 0, row: elapsed ? ROW_CELLS_CLOCKS : ROW_CELLS, as: "text", tally: newTally() })) {
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
      // A long export's garbage is collected as it goes, not only after it.
      releaseMemorySoon(EXPORT_GC_GAP_MS);
    }
  }

  /**
   * A big page's chunks: `limit` rows' SQL-written texts (`row`) from `offset`, each chunk's rows
   * joined by commas. On the read pool's threads, when both are idle and the page is not huge,
   * the rows are cut in two at the middle row's instant: the newer half (that instant and after,
   * ties included) is read and written out while the older half is read at once on the other
   * thread, its chunks kept until their turn up to AHEAD_BYTES (then it waits, as a single
   * sequence does). Same rows, same order, same text as one sequence; the older half's limit is
   * what the newer half's count leaves. A bigger page (every ticket of months) is one sequence,
   * as two threads' chunks and buffers raised its peak memory by ~40–80 MiB.
   */
  private bodies(read: PageRead & { as: "text" }): AsyncGenerator<string>;
  private bodies(read: PageRead & { as: "bytes" }): AsyncGenerator<Uint8Array>;
  private async *bodies(read: PageRead): AsyncGenerator<string | Uint8Array> {
    const { companyId, f, limit, offset, as, tally } = read;
    this.reading++;
    try {
      const cut = await this.halves(companyId, f, limit, offset, as === "bytes" ? this.pageChunk : this.chunk, tally);
      if (!cut) {
        yield* this.sequence(read);
        return;
      }
      const later = cut.olderLimit > 0 ? readAhead(this.sequence({ ...read, f: cut.older, limit: cut.olderLimit, offset: 0 }), AHEAD_BYTES) : null;
      try {
        yield* this.sequence({ ...read, f: cut.newer, offset: 0 });
        if (later) yield* later.batches;
      } finally {
        await later?.stop();
      }
    } finally {
      // Big pages leave megabytes of garbage: collected soon once the last one of a burst ended,
      // not after each (16 at once: a full collection a second cost each page ~2.5 ms of the event loop).
      if (--this.reading === 0) releaseMemorySoon();
    }
  }

  /**
   * `limit` rows from `offset` as chunks (of CHUNK rows; PAGE_CHUNK for bytes), one statement each by keyset: SQLite
   * writes each row (json_object / json_array) and joins the chunk (group_concat), so one value
   * per chunk crosses into JavaScript instead of one per row (measured on a month of 27,000
   * rows: 104 → 64 ms of a read thread with contact_names_view). The next chunk's statement is
   * sent before this chunk is given out, so a read thread works while the response writes.
   */
  private async *sequence({ companyId, f, limit, offset, row, as, tally }: PageRead): AsyncGenerator<string | Uint8Array> {
    const rows = as === "bytes" ? this.pageChunk : this.chunk;
    let left = limit;
    let size = Math.min(rows, left);
    let next: Promise<Chunk | undefined> | null = size > 0 ? this.jsonChunk(companyId, f, size, offset, null, row, as) : null;
    try {
      while (next) {
        const chunk = await next;
        next = null;
        if (!chunk?.n || !chunk.body || !chunk.last) return;
        left -= chunk.n;
        tally.rows += chunk.n;
        if (chunk.n === size && left > 0) {
          const at = chunk.last.lastIndexOf("#");
          size = Math.min(rows, left);
          next = this.jsonChunk(companyId, f, size, 0, [chunk.last.slice(0, at), Number(chunk.last.slice(at + 1)) - ID_WIDTH], row, as);
        }
        yield typeof chunk.body === "string" ? chunk.body : new Uint8Array(chunk.body);
      }
    } finally {
      // Left early (a cancelled download): the statement already sent ends on its own; its answer is dropped.
      next?.catch(() => {});
    }
  }

  /** Where bodies cuts a page from its first row, or null to read it as one sequence. */
  private async halves(
    companyId: number,
    f: ReportFilter,
    limit: number,
    offset: number,
    chunk: number,
    tally: PageTally,
  ): Promise<{ newer: ReportFilter; older: ReportFilter; olderLimit: number } | null> {
    // Two threads free (at 1 client): one page on both. Busy (many exports at once), the halves
    // would only queue behind others and cost each page more CPU (two cold page caches).
    if (offset !== 0 || (this.reads.idle ?? 0) < 2) return null;
    // The filter's total: the page's totalTickets too (tally), not counted again after the rows.
    tally.total = await this.total(companyId, f);
    const rows = Math.min(limit, tally.total);
    if (rows < 2 * chunk || rows > SPLIT_MAX_ROWS) return null;
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
      (f.searchParam ? q.leftJoin(contactNamesView, eq(contactNamesView.id, t.contactId)) : q)
        .where(this.where(companyId, f))
        .orderBy(desc(t.createdAt), desc(t.id))
        .limit(1)
        .offset(index)
        .getSQL(),
    );
    return found?.at ?? null;
  }

  /**
   * One chunk of a big page: how many rows, their `row` texts joined by commas in report order
   * (text, or a BLOB of its UTF-8 for `bytes`), and the last row's (created_at, id) as `k`.
   */
  private async jsonChunk(companyId: number, f: ReportFilter, size: number, offset: number, after: Cursor | null, row: SQL, as: "text" | "bytes"): Promise<Chunk | undefined> {
    const [found] = await this.reads.all<Chunk>(this.chunkQuery(companyId, f, size, offset, after, row, as));
    return found;
  }

  /** jsonChunk's statement (public for the query-plan test, which sees no threads). */
  chunkQuery(companyId: number, f: ReportFilter, size: number, offset: number, after: Cursor | null, row: SQL = ROW_JSON, as: "text" | "bytes" = "bytes"): SQL {
    const page = this.db
      .select({
        j: sql<string>`${row}`.as("j"),
        // (created_at, id) as one text that sorts like the pair (ISO times have one width, the id
        // is offset to one width): the cursor, the smallest of the chunk.
        k: sql<string>`${t.createdAt} || '#' || (${sql.raw(String(ID_WIDTH))} + ${t.id})`.as("k"),
      })
      .from(t)
      .leftJoin(contactNamesView, eq(contactNamesView.id, t.contactId))
      .leftJoin(whatsappsView, eq(whatsappsView.id, t.whatsappId))
      .leftJoin(queuesView, eq(queuesView.id, t.queueId))
      .leftJoin(users, eq(users.id, t.userId))
      .where(this.where(companyId, f, after))
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(size)
      .offset(offset);
    // group_concat takes the rows in the subquery's order: SQLite keeps a subquery's ORDER BY
    // when it has a LIMIT (it decides which rows), and feeds the aggregate as they come. An
    // ORDER BY inside group_concat would say so too, but sorts the chunk's texts again (+40 ms a
    // month); the tests compare every big page with the 1,000-row pages.
    const body = as === "bytes" ? sql`cast(group_concat(j, ',') as blob)` : sql`group_concat(j, ',')`;
    return sql`select count(*) as n, ${body} as body, min(k) as last from ${page}`;
  }

  private where(companyId: number, f: ReportFilter, after: Cursor | null = null): SQL {
    // After a cursor its instant is the only upper bound (it lies inside the range): with two,
    // SQLite bounds the index range by one of them and may start every chunk at the range's end,
    // skipping the rows already read again (a 100,000-row export's 400 chunks took 3.6 s).
    const upper = after ? lte(t.createdAt, after[0]) : lt(t.createdAt, f.range.end);
    const w: (SQL | undefined)[] = [eq(t.companyId, companyId), gte(t.createdAt, f.range.start), upper];
    if (after) w.push(sql`not (${t.createdAt} = ${after[0]} and ${t.id} >= ${after[1]})`);
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
      w.push(or(sql`${contactNamesView.name} like ${term} escape '\\'`, sql`${t.lastMessage} like ${term} escape '\\'`, sql`cast(${t.id} as text) = ${f.searchParam}`));
    }
    return and(...w)!;
  }

  private async read(companyId: number, f: ReportFilter, limit: number, offset: number, after: Cursor | null): Promise<ReportRow[]> {
    const rows = await this.db
      .select({
        id: t.id,
        uuid: t.uuid,
        whatsappName: whatsappsView.name,
        contactName: contactNamesView.name,
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
      .leftJoin(contactNamesView, eq(contactNamesView.id, t.contactId))
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

/**
 * The least time between two collections while a file export runs (release-memory.ts): each costs
 * ~20 ms; measured on 100,000 rows, peak / time: .xlsx 193–201 MiB / 1.75 s with one a second,
 * 182–187 / 1.85 s every 250 ms, 179–185 / 2.0 s every 150; .csv 189–196, 187–190, 180–182 MiB.
 */
const EXPORT_GC_GAP_MS = 150;

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
