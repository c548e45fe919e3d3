import type { z } from "@hono/zod-openapi";
import type { Realtime } from "../../../../core/realtime/realtime.ts";
import type { contactImports } from "../../schema/tables.ts";
import type { ColumnTarget } from "../../shared/columns.ts";
import type { ContactImport } from "../contacts-import.schemas.ts";

export type ImportRow = typeof contactImports.$inferSelect;
export type ImportView = z.infer<typeof ContactImport>;

const parsed = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/** A row as the API answers it: JSON columns parsed, the private stored path left out. */
export function importView(row: ImportRow): ImportView {
  const { storedPath: _private, columns, headers, tagIds, source, format, status, ...rest } = row;
  return {
    ...rest,
    source: source as ImportView["source"],
    format: format as ImportView["format"],
    status: status as ImportView["status"],
    columns: parsed<ColumnTarget[]>(columns, []),
    headers: parsed<string[]>(headers, []),
    tagIds: parsed<number[]>(tagIds, []),
  };
}

/** Progress events at most this often per import (the last one of a run always goes). */
const PROGRESS_EVERY_MS = 250;

/**
 * `company-{id}-contactImport` `{ action: "update", contactImport }`: every change of an
 * import's state, and its progress while it runs (throttled). Every user of the company may
 * import, so the whole namespace hears it; the payload names no contact.
 */
export class ImportFeed {
  private last = new Map<number, number>();

  constructor(private realtime: Realtime) {}

  changed(row: ImportRow, force = true): void {
    const now = Date.now();
    if (!force && now - (this.last.get(row.id) ?? 0) < PROGRESS_EVERY_MS) return;
    this.last.set(row.id, now);
    if (["done", "failed", "cancelled"].includes(row.status)) this.last.delete(row.id);
    this.realtime.emit(row.companyId, `company-${row.companyId}-contactImport`, { action: "update", contactImport: importView(row) });
  }
}
