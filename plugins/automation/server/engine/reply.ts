/**
 * Reading the customer's answer to a menu. Numbers pick (1 is the first entry); `0` goes
 * back one level and `#` back to the start (the spec names no convention: this one is the
 * common one of Brazilian WhatsApp menus, and the menus print both hints). List and button
 * replies arrive as the row's id (the number) or its title, so a title picks too.
 */

/** The two navigation keys. */
export const BACK = "0";
export const START = "#";

export type Reply = { kind: "pick"; index: number } | { kind: "back" } | { kind: "start" } | { kind: "invalid" };

/** Folds case and accents so "Suporte Técnico" matches "suporte tecnico". */
export const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .trim()
    .toLowerCase();

/**
 * What `body` asks among `names` (the entries in menu order).
 *
 * @example
 * parseReply(" 2 ", ["Vendas", "Suporte"]) // { kind: "pick", index: 1 }
 * parseReply("suporte", ["Vendas", "Suporte"]) // { kind: "pick", index: 1 }
 */
export function parseReply(body: string, names: readonly string[]): Reply {
  const text = body.trim();
  if (text === START) return { kind: "start" };
  // "2", "*2*", "2." or "2)" — how people type a menu number.
  const number = /^\*?(\d{1,3})\*?[.)-]?$/.exec(text)?.[1];
  if (number !== undefined) {
    const n = Number(number);
    if (n === 0) return { kind: "back" };
    return n <= names.length ? { kind: "pick", index: n - 1 } : { kind: "invalid" };
  }
  const folded = fold(text);
  const index = folded ? names.findIndex((name) => fold(name) === folded) : -1;
  return index >= 0 ? { kind: "pick", index } : { kind: "invalid" };
}
