import { sql } from "drizzle-orm";
import type { BatchHooks } from "../../../../core/db/write-batch.ts";

/**
 * Indexes a write batch's new messages and contacts once, at the end of the batch, instead of
 * one by one from the insert triggers (schema migration 0007_full_text_in_batches).
 *
 * Why: every statement of a batch that may abort halfway opens a statement savepoint, and
 * opening one makes each FTS5 table already written in the transaction flush its pending
 * terms into a new segment. With the triggers, that was a segment per message (and per new
 * contact), and FTS5 merging those segments took more time than the rest of the inbound
 * pipeline. Here the triggers skip the batch's new rows, and one INSERT … SELECT per table,
 * in rowid order, indexes them right before the COMMIT: one segment per batch.
 *
 * The ids that mark "new in this batch" live in the one-row `full_text_deferral` table and
 * are set and cleared inside the batch's own transaction, so no other transaction ever sees
 * them set. Rows the batch changes or deletes that were there before it are re-indexed by
 * the triggers as usual; new ones are indexed as they are at the end. A batch of a single unit
 * (a quiet server's usual batch) is left to the triggers.
 */
export const fullTextDeferral: BatchHooks = {
  // A batch of one unit gains nothing (its new rows would make one segment either way): the
  // triggers index them as they do the client's, and the marks are not written.
  begin: (db, units) => void (units > 1 && db.run(MARK)),
  end: (db, units) => {
    if (units < 2) return;
    // Most batches of a busy server's other writers (job outcomes, webhook logs) add neither:
    // an FTS5 insert costs its table's setup even when it selects no row.
    const [messagesAdded, contactsAdded] = db.values<[number, number]>(ADDED)[0] ?? [1, 1];
    if (messagesAdded) db.run(INDEX_MESSAGES);
    if (contactsAdded) db.run(INDEX_CONTACTS);
    db.run(CLEAR);
  },
};

const MARK = sql`UPDATE full_text_deferral SET messages_after = (SELECT coalesce(max(id), 0) FROM messages), contacts_after = (SELECT coalesce(max(id), 0) FROM contacts)`;
const ADDED = sql`SELECT (SELECT coalesce(max(id), 0) FROM messages) > messages_after, (SELECT coalesce(max(id), 0) FROM contacts) > contacts_after FROM full_text_deferral`;
// The rowid puts the message id above the ticket id: ascending ids are ascending rowids.
const INDEX_MESSAGES = sql`INSERT INTO messages_fts(rowid, body) SELECT (id << 31) | ticket_id, body FROM messages WHERE id > (SELECT messages_after FROM full_text_deferral) ORDER BY id`;
const INDEX_CONTACTS = sql`INSERT INTO ticket_contacts_fts(rowid, name, number) SELECT id, name, number FROM contacts WHERE id > (SELECT contacts_after FROM full_text_deferral) ORDER BY id`;
const CLEAR = sql`UPDATE full_text_deferral SET messages_after = NULL, contacts_after = NULL`;
