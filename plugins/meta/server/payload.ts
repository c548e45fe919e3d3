/**
 * Readers for webhook JSON: Meta adds fields over time and a signed payload can still be
 * malformed, so every value is checked for its type and a wrong one reads as absent.
 */
export const obj = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
/** A non-empty string (numbers, as some ids arrive, become their text). */
export const str = (v: unknown): string | undefined => {
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  return typeof v === "string" && v.trim() ? v.trim() : undefined;
};
/** A finite number (numeric strings, as Cloud API timestamps arrive, included). */
export const num = (v: unknown): number | undefined => {
  const n = typeof v === "string" && v.trim() ? Number(v) : v;
  return typeof n === "number" && Number.isFinite(n) ? n : undefined;
};
