import type { BulkContactInput } from "../../../contacts/server/contacts.contract.ts";
import { typedTagNameProblem } from "../../../tags/shared/tag-name.contract.ts";
import { type ColumnTarget, TAG_SEPARATORS } from "../../shared/columns.ts";
import type { SheetRecord } from "../../../../core/spreadsheet/index.ts";

/** A row refused, as the errors list shows it. */
export interface RowError {
  line: number;
  field: string;
  message: string;
  value: string;
}

/** A record turned into what the contacts and tags plugins take, with its line. */
export interface MappedRow {
  line: number;
  contact: BulkContactInput;
  tagNames: string[];
}

/** Tag names in a cell, trimmed; the tags plugin's name rule applies to each. */
function tagsOf(cell: string): { names: string[] } | { error: string; value: string } {
  const names = cell
    .split(TAG_SEPARATORS)
    .map((n) => n.trim())
    .filter(Boolean);
  for (const name of names) {
    const problem = typedTagNameProblem(name);
    if (problem) return { error: problem, value: name };
  }
  return { names };
}

/** An export's formula guard (`'=…`) taken off again, so an exported file imports back as it was. */
const unescaped = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** A cell as the errors list quotes it. */
const quote = (cell: string) => (cell.length > 100 ? `${cell.slice(0, 100)}…` : cell);

/**
 * Maps records to contacts by the chosen column targets (extra info named after the header
 * cell, or "Coluna N" without a header). A record the parser could not read, or whose tags
 * break the tag rules, is an error here; the contact rules are the contacts plugin's.
 */
export function mapRecords(records: SheetRecord[], columns: ColumnTarget[], headers: string[]): { rows: MappedRow[]; errors: RowError[] } {
  const rows: MappedRow[] = [];
  const errors: RowError[] = [];
  for (const record of records) {
    if (record.error) {
      errors.push({ line: record.line, field: "row", message: record.error, value: "" });
      continue;
    }
    const contact: BulkContactInput = { number: "", name: "", email: "", extraInfo: [] };
    let tagNames: string[] = [];
    let failed: RowError | null = null;
    columns.forEach((target, i) => {
      const cell = unescaped(record.cells[i] ?? "");
      if (target === "number") contact.number = cell;
      else if (target === "name") contact.name = cell;
      else if (target === "email") contact.email = cell;
      else if (target === "extra") contact.extraInfo!.push({ name: headers[i]?.trim() || `Coluna ${i + 1}`, value: cell });
      else if (target === "tags" && cell.trim()) {
        const tags = tagsOf(cell);
        if ("error" in tags) failed ??= { line: record.line, field: "tags", message: tags.error, value: quote(tags.value) };
        else tagNames = tags.names;
      }
    });
    if (failed) errors.push(failed);
    else rows.push({ line: record.line, contact, tagNames });
  }
  return { rows, errors };
}

/** The cell a contact error points at, quoted for the errors list. */
export function cellOf(row: MappedRow, field: string): string {
  const c = row.contact;
  const value = field === "number" ? c.number : field === "name" ? c.name : field === "email" ? c.email : c.extraInfo?.find((e) => e.name === field)?.value;
  return quote(value ?? "");
}
