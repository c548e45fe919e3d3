/**
 * A cell a spreadsheet program could run as a formula (`=`, `+`, `-`, `@`, and tab or carriage
 * return before them) gets a leading apostrophe, the usual defence against formula injection
 * (a contact named `=HYPERLINK(...)` by a customer). Both writers apply it to every cell; an
 * importer that reads our files back removes it again.
 */
export function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A CSV field: quoted when it holds the delimiter, a quote or a line break (and formula-safe, see safeCell). */
export function csvField(value: string, delimiter: string): string {
  const v = safeCell(value);
  return v.includes(delimiter) || /["\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}
