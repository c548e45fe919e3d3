import { WEEKDAYS, type OfficeHours } from "../../../plugins/office-hours/office-hours.contract.ts";

/** Source values as our columns store them. */

/** ISO-8601 text (our timestamps), or null. */
export function iso(v: unknown): string | null {
  if (v === null || v === undefined || v === "") return null;
  const d = v instanceof Date ? v : new Date(String(v));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** ISO text, or now when the source has none. */
export const isoOrNow = (v: unknown): string => iso(v) ?? new Date().toISOString();

/** YYYY-MM-DD (a company's due date), or null. */
export const day = (v: unknown): string | null => iso(v)?.slice(0, 10) ?? null;

export const str = (v: unknown, fallback = ""): string => (v === null || v === undefined ? fallback : String(v));
export const strOrNull = (v: unknown): string | null => (v === null || v === undefined || v === "" ? null : String(v));

export function int(v: unknown, fallback = 0): number {
  const n = typeof v === "number" ? v : Number.parseInt(String(v ?? ""), 10);
  return Number.isFinite(n) ? Math.trunc(n) : fallback;
}

export function bool(v: unknown, fallback = false): boolean {
  if (v === null || v === undefined) return fallback;
  if (typeof v === "boolean") return v;
  if (typeof v === "number") return v !== 0;
  return ["true", "t", "1", "enabled", "yes"].includes(String(v).toLowerCase());
}

/** One of `allowed`, or the fallback. */
export function oneOf<T extends string>(v: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(v as T) ? (v as T) : fallback;
}

/** JSON that may arrive parsed (jsonb through the driver) or as text (json in MySQL). */
export function json(v: unknown): unknown {
  if (typeof v !== "string") return v;
  try {
    return JSON.parse(v);
  } catch {
    return null;
  }
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = (v: unknown) => (typeof v === "string" && HHMM.test(v) ? v : "");

/**
 * An office-hours week from the source's JSONB array of `{weekday, weekdayEn, startTime,
 * endTime}` (forks add a second shift as startTimeB/endTimeB or startTimeA…). Days the source
 * lacks are closed; an unreadable value answers null (the column keeps its default).
 */
export function week(v: unknown): OfficeHours[] | null {
  const list = json(v);
  if (!Array.isArray(list)) return null;
  const byDay = new Map<string, Record<string, unknown>>();
  for (const d of list)
    if (d && typeof d === "object" && typeof (d as { weekdayEn?: unknown }).weekdayEn === "string")
      byDay.set(String((d as { weekdayEn: string }).weekdayEn).toLowerCase(), d as Record<string, unknown>);
  return WEEKDAYS.map((w) => {
    const d = byDay.get(w.weekdayEn) ?? {};
    return {
      weekday: w.weekday,
      weekdayEn: w.weekdayEn,
      startTimeA: time(d.startTimeA ?? d.startTime),
      endTimeA: time(d.endTimeA ?? d.endTime),
      startTimeB: time(d.startTimeB),
      endTimeB: time(d.endTimeB),
    };
  });
}
