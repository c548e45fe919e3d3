/** Cells as text, shared by the readers and the .xls worker thread. */

/** Columns read per row: contact files are narrow; a wider row keeps its first 100 cells. */
export const MAX_COLUMNS = 100;
/** A cell longer than this is cut (a field longer than the form allows is refused by its rule anyway). */
export const MAX_CELL = 2_000;
/** Rows read from one file at most (the file-size limit bounds it too). */
export const MAX_ROWS = 1_000_000;

export const cut = (s: string) => (s.length > MAX_CELL ? s.slice(0, MAX_CELL) : s);

/** A row with no text in any cell: left out of every file's records. */
export const isBlank = (cells: string[]) => cells.every((c) => !c.trim());

/** Bytes read from a stored file at a time: each read is parsed synchronously, so smaller reads keep the event loop free (the default is 64 KiB). */
export const READ_BYTES = 16 * 1024;

/**
 * A cell as text. Numbers keep every digit (a phone typed as a number is 5511987654321, not
 * 5.5119E+12); a formula gives its cached result and is never evaluated; dates are ISO days.
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return cut(value);
  if (typeof value === "number") return Number.isInteger(value) ? BigInt(value).toString() : String(value);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    const v = value as { richText?: { text?: unknown }[]; text?: unknown; result?: unknown; error?: unknown };
    if (Array.isArray(v.richText)) return cut(v.richText.map((r) => String(r.text ?? "")).join(""));
    if ("result" in v) return cellText(v.result);
    if ("text" in v) return cellText(v.text);
  }
  return "";
}
