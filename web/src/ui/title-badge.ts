/** Spec 000 §9: the title shows circled digits up to 20 unread tickets, else the count in parentheses. */
export const CIRCLED_MAX = 20;

/** ① for 1 … ⑳ for 20, "(21)" above, "" for none. */
export function titleBadge(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return "";
  const n = Math.floor(count);
  return n <= CIRCLED_MAX ? String.fromCodePoint(0x2460 + n - 1) : `(${n})`;
}

/** A badge this module put at the start of a title (so it is replaced, never stacked). */
const BADGE_PREFIX = /^(?:[\u2460-\u2473]|\(\d+\)) /;

/** The title without a badge. */
export const stripTitleBadge = (title: string) => title.replace(BADGE_PREFIX, "");

/** `title` with the badge of `count` in front (none when nothing is unread). */
export function titleWithBadge(title: string, count: number): string {
  const base = stripTitleBadge(title);
  const badge = titleBadge(count);
  return badge ? `${badge} ${base}` : base;
}

/** Puts the badge on the document's title. */
export function applyTitleBadge(count: number, doc: Document = document): void {
  const next = titleWithBadge(doc.title, count);
  if (next !== doc.title) doc.title = next;
}

/** Sets the title's name and keeps the badge in front, so a rename (the whitelabel name loading late) never drops the count. */
export function applyTitleName(name: string, doc: Document = document): void {
  const badge = BADGE_PREFIX.exec(doc.title)?.[0] ?? "";
  const next = `${badge}${name}`;
  if (next !== doc.title) doc.title = next;
}
