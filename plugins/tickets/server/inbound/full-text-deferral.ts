import { sql } from "drizzle-orm";
import { setTimeout } from "node:timers";
import type { Db } from "../../../../core/db/database.ts";
import type { Logger } from "../../../../core/log.ts";
import type { BatchHooks, SyncDb, WriteBatcher } from "../../../../core/db/write-batch.ts";

/**
 * Indexes new messages and contacts in chunks of a few hundred rows instead of one by one
 * from the insert triggers (schema migration 0007_full_text_in_batches).
 *
 * Why: every statement of a batch that may abort halfway opens a statement savepoint, and
 * opening one makes each FTS5 table already written in the transaction flush its pending
 * terms into a new segment. With the triggers, that was a segment per message (and per new
 * contact), and FTS5 merging those segments took more time than the rest of the inbound
 * pipeline. One segment per write batch was better; one per few hundred rows is better still
 * (a tenth of the inbound pipeline's SQL time went to the index with a segment per batch).
 *
 * `full_text_deferral` holds the ids after which messages and contacts are not indexed yet.
 * A batch of several units sets them when they are unset; from then on the insert triggers
 * skip new rows (of any writer) and the update and delete triggers leave those rows alone.
 * One INSERT … SELECT per table, in rowid order, then indexes the rows as they are by then
 * and clears the marks (`catchUp`): at the end of a batch once enough rows wait, a second
 * after they began waiting otherwise, and before every full-text search, so a search finds
 * everything written before it (`beforeSearch`). The marks live in the database, so rows a
 * crash left unindexed are indexed by the next catch-up. While the marks are unset (a quiet
 * server: its batches are single units), the triggers index at once, as before.
 */
export function fullTextDeferral(writes: WriteBatcher, log: Pick<Logger, "warn">): BatchHooks {
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** When the rows that wait now began to wait (the marks were last set), as far as this process knows. */
  let waitingSince = 0;
  const catchUpSoon = (delay = CATCH_UP_AFTER_MS) => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      // A search or a batch caught up and new rows began to wait since: theirs is a new second.
      const left = waitingSince + CATCH_UP_AFTER_MS - Date.now();
      if (left > 0) return catchUpSoon(left);
      // Rows that still wait (a closed database, a failed write) go with the next catch-up.
      writes.run(({ db }) => catchUp(db)).catch((err: unknown) => log.warn("full-text catch-up failed", { error: err instanceof Error ? err.message : String(err) }));
    }, delay);
    timer.unref();
  };
  return {
    begin: (db, units) => {
      if (units > 1 && db.values(MARK).length) waitingSince = Date.now();
    },
    end: (db, units) => {
      // A single unit sets no marks; rows that already wait have their catch-up scheduled.
      if (units < 2) return;
      const rows = waiting(db);
      if (!rows) return;
      if (rows.messages >= MESSAGES_PER_CATCH_UP || rows.contacts >= CONTACTS_PER_CATCH_UP) catchUp(db);
      else catchUpSoon();
    },
  };
}

/**
 * Indexes every row waiting for the full-text index, so a search that follows sees all that
 * was committed before it. A read when nothing waits; a write unit when something does.
 */
export async function beforeSearch(db: Db, writes: WriteBatcher): Promise<void> {
  const [row] = await db.all<{ waiting: number }>(sql`SELECT messages_after IS NOT NULL AS waiting FROM full_text_deferral`);
  if (row?.waiting) await writes.run(({ db }) => catchUp(db));
}

/** Indexes the waiting rows as they are now, in rowid order, and clears the marks. */
function catchUp(db: SyncDb): void {
  const rows = waiting(db);
  if (!rows) return;
  // An FTS5 insert costs its table's setup even when it selects no row.
  if (rows.messages > 0) db.run(INDEX_MESSAGES);
  if (rows.contacts > 0) db.run(INDEX_CONTACTS);
  db.run(CLEAR);
}

/** How many ids lie above each mark (the marks are set and cleared together); null when nothing waits. */
function waiting(db: SyncDb): { messages: number; contacts: number } | null {
  const [messages, contacts] = db.values<[number | null, number | null]>(WAITING)[0] ?? [null, null];
  return messages === null || contacts === null ? null : { messages, contacts };
}

/** Rows that wait before a batch indexes them itself (about a tenth of a second of a busy server's inbound). */
const MESSAGES_PER_CATCH_UP = 500;
/** Contacts cost more (a trigram index over name and number). */
const CONTACTS_PER_CATCH_UP = 200;
/** The longest rows wait when no batch or search indexes them first. */
const CATCH_UP_AFTER_MS = 1_000;

// Returns a row when it set the marks: rows began to wait in this batch.
const MARK = sql`UPDATE full_text_deferral SET messages_after = (SELECT coalesce(max(id), 0) FROM messages), contacts_after = (SELECT coalesce(max(id), 0) FROM contacts) WHERE messages_after IS NULL RETURNING 1`;
const WAITING = sql`SELECT (SELECT coalesce(max(id), 0) FROM messages) - messages_after, (SELECT coalesce(max(id), 0) FROM contacts) - contacts_after FROM full_text_deferral`;
// The rowid puts the message id above the ticket id: ascending ids are ascending rowids.
const INDEX_MESSAGES = sql`INSERT INTO messages_fts(rowid, body) SELECT (id << 31) | ticket_id, body FROM messages WHERE id > (SELECT messages_after FROM full_text_deferral) ORDER BY id`;
const INDEX_CONTACTS = sql`INSERT INTO ticket_contacts_fts(rowid, name, number) SELECT id, name, number FROM contacts WHERE id > (SELECT contacts_after FROM full_text_deferral) ORDER BY id`;
const CLEAR = sql`UPDATE full_text_deferral SET messages_after = NULL, contacts_after = NULL`;
