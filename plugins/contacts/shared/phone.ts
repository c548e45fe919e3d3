/**
 * Phone numbers as contacts store and show them (spec 000 §5, §6). Pure functions shared
 * by the server and the web.
 */

/** Brazil's country code: the only country whose rules we apply. */
const BR = "55";

/**
 * The stored form of a number: digits only. A Brazilian mobile number written with 12
 * digits (55 + two-digit area code + 8 digits, the first of them 6–9) gets the ninth
 * digit Brazil added to mobiles, so one person never ends up as two contacts.
 * Group ids (`120363…-…`, `…@g.us`) are ids, not numbers: with `isGroup` they are only trimmed.
 * @example normalizeNumber("+55 (11) 8765-4321") === "5511987654321"
 */
export function normalizeNumber(raw: string, isGroup = false): string {
  if (isGroup) return raw.trim();
  const digits = raw.replace(/\D/g, "");
  if (/^55[1-9][1-9][6-9]\d{7}$/.test(digits)) return `${digits.slice(0, 4)}9${digits.slice(4)}`;
  return digits;
}

/**
 * The contact number rule (spec 000 §5: 8 to 50 characters), as POST /contacts, PUT
 * /contacts/{id} and the spreadsheet import apply it: the stored form, or the field message.
 * `strict` (imports) also refuses what a person typing would never send but a spreadsheet
 * does: an LGPD-masked number (an export re-imported, '5511*****4321'), a number Excel
 * turned into scientific notation ('5.5119E+12', digits lost) and cells with letters.
 * @example checkNumber("+55 (11) 8765-4321") // { number: "5511987654321" }
 */
export function checkNumber(raw: string, isGroup = false, strict = false): { number: string } | { error: "Required" | "Too Short!" | "Too Long!" | "Invalid number" } {
  const typed = raw.trim();
  if (!typed) return { error: "Required" };
  if (typed.length > 50) return { error: "Too Long!" };
  if (strict && !isGroup && (isMasked(typed) || /\de[+-]?\d/i.test(typed) || /[^\d\s+().\-/]/.test(typed))) return { error: "Invalid number" };
  const number = normalizeNumber(typed, isGroup);
  if (number.length < 8) return { error: "Too Short!" };
  return { number };
}

/** A group id as the channels write them, so a group is recognised even when isGroup is not sent. */
export function looksLikeGroupId(raw: string): boolean {
  return /@g\.us$/.test(raw.trim()) || /^\d{10,}-\d+$/.test(raw.trim());
}

/**
 * The Brazilian display masks: '+55 (11) 99999-9999' for 13 digits and '+55 (11) 9999-9999'
 * for 12. A masked digit ('*', from the LGPD mask) counts as a digit. Anything else is
 * shown as it is.
 */
export function formatNumber(number: string): string {
  const n = number.trim();
  if (!/^[\d*]+$/.test(n) || !n.startsWith(BR)) return n;
  const ddd = n.slice(2, 4);
  const local = n.slice(4);
  if (n.length === 13) return `+55 (${ddd}) ${local.slice(0, 5)}-${local.slice(5)}`;
  if (n.length === 12) return `+55 (${ddd}) ${local.slice(0, 4)}-${local.slice(4)}`;
  return n;
}

/**
 * The LGPD mask (spec 000 §6): a plain user sees who the contact is roughly (country and
 * area code) and the last digits, never the whole number.
 * @example maskNumber("5511987654321") === "5511*****4321"
 */
export function maskNumber(number: string): string {
  const n = number.trim();
  if (!n) return n;
  if (!/^\d+$/.test(n)) return "*".repeat(Math.max(0, n.length - 2)) + n.slice(-2);
  if (n.startsWith(BR) && (n.length === 12 || n.length === 13)) return `${n.slice(0, 4)}${"*".repeat(n.length - 8)}${n.slice(-4)}`;
  if (n.length <= 4) return "*".repeat(n.length);
  const keep = n.length >= 8 ? 2 : 1;
  return `${n.slice(0, keep)}${"*".repeat(n.length - keep - 2)}${n.slice(-2)}`;
}

/** Whether a number carries LGPD mask characters (a masked number sent back unchanged). */
export const isMasked = (number: string): boolean => number.includes("*");
