import { type ColumnTarget, HEADER_WORDS, headerKey, SINGLE_TARGETS } from "../../shared/columns.ts";

/** A cell that reads like a phone number: 8 or more digits and only what people write around them. */
const looksLikePhone = (cell: string) => /^[\d\s+().\-/]+$/.test(cell.trim()) && cell.replace(/\D/g, "").length >= 8;
const looksLikeEmail = (cell: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(cell.trim());
const hasLetters = (cell: string) => /\p{L}/u.test(cell);

/** The share of non-empty cells of column `i` that pass `test`. */
function share(rows: string[][], i: number, test: (cell: string) => boolean): number {
  const cells = rows.map((r) => r[i] ?? "").filter((c) => c.trim());
  return cells.length ? cells.filter(test).length / cells.length : 0;
}

/** The header words' target for a header cell, if any. */
function targetOfHeader(cell: string): ColumnTarget | null {
  const key = headerKey(cell);
  if (!key) return null;
  for (const [target, words] of Object.entries(HEADER_WORDS) as [ColumnTarget, string[]][]) if (words.includes(key)) return target;
  for (const [target, words] of Object.entries(HEADER_WORDS) as [ColumnTarget, string[]][]) if (words.some((w) => w.length > 3 && key.split(" ").includes(w))) return target;
  return null;
}

/**
 * The mapping a file's first rows suggest: whether the first row is a header (nothing in it
 * reads like a number or an e-mail), header words in four languages, and otherwise what the
 * cells look like (phones, e-mails, then the first column with letters as the name). The user
 * changes any of it before starting.
 */
export function suggestColumns(rows: string[][]): { hasHeader: boolean; columns: ColumnTarget[] } {
  const width = Math.max(0, ...rows.map((r) => r.length));
  const first = rows[0] ?? [];
  const hasHeader = rows.length > 0 && first.some((c) => c.trim()) && !first.some((c) => looksLikePhone(c) || looksLikeEmail(c));
  const columns: ColumnTarget[] = Array.from({ length: width }, () => "ignore");
  const taken = new Set<ColumnTarget>();
  const assign = (i: number, target: ColumnTarget) => {
    if (columns[i] !== "ignore" || (SINGLE_TARGETS.includes(target) && taken.has(target))) return;
    columns[i] = target;
    taken.add(target);
  };
  if (hasHeader)
    first.forEach((cell, i) => {
      const target = targetOfHeader(cell);
      if (target) assign(i, target);
    });
  const data = hasHeader ? rows.slice(1) : rows;
  const best = (test: (cell: string) => boolean) => {
    let pick = -1;
    let top = 0.5;
    for (let i = 0; i < width; i += 1) {
      const s = columns[i] === "ignore" ? share(data, i, test) : 0;
      if (s > top) [pick, top] = [i, s];
    }
    return pick;
  };
  if (!taken.has("number")) {
    const i = best(looksLikePhone);
    if (i >= 0) assign(i, "number");
  }
  if (!taken.has("email")) {
    const i = best(looksLikeEmail);
    if (i >= 0) assign(i, "email");
  }
  if (!taken.has("name")) {
    const i = best(hasLetters);
    if (i >= 0) assign(i, "name");
  }
  return { hasHeader, columns };
}
