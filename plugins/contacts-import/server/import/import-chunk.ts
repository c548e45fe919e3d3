import { and, eq, sql } from "drizzle-orm";
import { afterCommitQueue, type Db } from "../../../../core/db/database.ts";
import type { Services } from "../../../../core/plugin/services.ts";
import { contactImportErrors, contactImports } from "../../schema/tables.ts";
import type { ColumnTarget } from "../../shared/columns.ts";
import { cellOf, mapRecords, type RowError } from "./import-rows.ts";
import type { ImportRow } from "./import-view.ts";
import type { SheetRecord } from "../../../../core/spreadsheet/index.ts";
import "../../../contacts/server/contacts.contract.ts";
import "../../../tags/server/tags.contract.ts";

/** Errors kept per import: enough to fix a file, bounded for a file that is wrong throughout. */
export const MAX_STORED_ERRORS = 1_000;

/** Another run moved the import meanwhile (a lease that lapsed): this run's chunk is undone. */
export class StaleRun extends Error {}

const parsed = <T>(text: string): T => JSON.parse(text) as T;

/**
 * Writes one chunk of records in ONE transaction: the contacts (contacts plugin), their tags
 * (tags plugin), the refused rows and the import's counters and resume point. The counters
 * move only if the resume point is still the one this run read, so two runs of one import
 * can never count a chunk twice.
 */
export async function writeChunk(db: Db, services: Services, row: ImportRow, records: SheetRecord[], announce: boolean): Promise<ImportRow> {
  const columns = parsed<ColumnTarget[]>(row.columns);
  const headers = row.hasHeader ? parsed<string[]>(row.headers) : [];
  const tagIds = parsed<number[]>(row.tagIds);
  const { rows, errors } = mapRecords(records, columns, headers);
  // Announcements of the contacts and tags this chunk writes: told only once the chunk committed.
  const { afterCommit, run: announceCommitted } = afterCommitQueue();
  const written = await db.transaction(async (tx) => {
    const results = await services.require("contacts.upsertMany")(
      row.companyId,
      rows.map((r) => r.contact),
      { tx, announce: announce ? afterCommit : null },
    );
    const refused: RowError[] = [...errors];
    let created = 0;
    let updated = 0;
    const tagged: { contactId: number; names: string[] }[] = [];
    results.forEach((result, i) => {
      const mapped = rows[i]!;
      if (!result.ok) refused.push({ line: mapped.line, field: result.field, message: result.message, value: cellOf(mapped, result.field) });
      else {
        if (result.created) created += 1;
        else updated += 1;
        tagged.push({ contactId: result.contactId, names: mapped.tagNames });
      }
    });
    const names = [...new Set(tagged.flatMap((t) => t.names))];
    const byName = names.length ? await services.require("tags.resolveNames")(row.companyId, row.userId, names, { tx, afterCommit }) : new Map<string, number>();
    const links = tagged.flatMap((t) => [...new Set([...tagIds, ...t.names.map((n) => byName.get(n.toLowerCase())!)])].map((tagId) => ({ contactId: t.contactId, tagId })));
    await services.require("tags.attach")(row.companyId, links, tx);
    const room = Math.max(0, MAX_STORED_ERRORS - row.failed);
    if (room && refused.length) {
      refused.sort((a, b) => a.line - b.line);
      await tx.insert(contactImportErrors).values(refused.slice(0, room).map((e) => ({ ...e, importId: row.id, companyId: row.companyId })));
    }
    const [next] = await tx
      .update(contactImports)
      .set({
        processedRows: sql`${contactImports.processedRows} + ${records.length}`,
        created: sql`${contactImports.created} + ${created}`,
        updated: sql`${contactImports.updated} + ${updated}`,
        failed: sql`${contactImports.failed} + ${refused.length}`,
      })
      .where(and(eq(contactImports.id, row.id), eq(contactImports.processedRows, row.processedRows), eq(contactImports.status, "running")))
      .returning();
    if (!next) throw new StaleRun(`import ${row.id} moved on`);
    return next;
  });
  announceCommitted();
  return written;
}
