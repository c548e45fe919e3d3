/**
 * Due-date arithmetic shared by the server (POST /companies/{id}/renew) and the web
 * (the Renew button's preview and the row colours). Pure functions on YYYY-MM-DD
 * strings in UTC, so the answer never depends on the machine's time zone.
 */

export const RECURRENCE_MONTHS = {
  MENSAL: 1,
  BIMESTRAL: 2,
  TRIMESTRAL: 3,
  SEMESTRAL: 6,
  ANUAL: 12,
} as const;

export type RecurrenceName = keyof typeof RECURRENCE_MONTHS;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses YYYY-MM-DD (or the date part of an ISO timestamp); null when it is not a real date. */
export function parseDay(value: string | null | undefined): { y: number; m: number; d: number } | null {
  const match = DATE.exec((value ?? "").slice(0, 10));
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  return { y, m, d };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const format = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

/** Today's date in UTC as YYYY-MM-DD (the server's notion of today). */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Today's date on the viewer's clock as YYYY-MM-DD (the web's notion of today). */
export function localToday(now: Date = new Date()): string {
  return format(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

/** `day` plus `n` days. */
export function addDays(day: string, n: number): string {
  const p = parseDay(day);
  if (!p) throw new RangeError(`not a date: ${day}`);
  const t = new Date(Date.UTC(p.y, p.m - 1, p.d + n));
  return t.toISOString().slice(0, 10);
}

/**
 * `day` plus `months` calendar months. A day that does not exist in the target month
 * becomes that month's last day (Jan 31 + 1 month = Feb 28, or 29 in a leap year),
 * the way people read "one month later"; it never spills into the month after.
 */
export function addMonths(day: string, months: number): string {
  const p = parseDay(day);
  if (!p) throw new RangeError(`not a date: ${day}`);
  const index = p.y * 12 + (p.m - 1) + months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return format(y, m, Math.min(p.d, daysInMonth(y, m)));
}

/**
 * The next due date after a renewal: one recurrence period counted from the current
 * due date, or from today when the company is already overdue (a late payer does not
 * get the lapsed days back, an early payer loses none).
 */
export function renewDueDate(dueDate: string | null | undefined, recurrence: RecurrenceName, current: string = utcToday()): string {
  const due = parseDay(dueDate) ? (dueDate as string).slice(0, 10) : null;
  const from = due && due > current ? due : current;
  return addMonths(from, RECURRENCE_MONTHS[recurrence] ?? 1);
}

/** Whole days from today to the due date (0 = due today, negative = overdue); null without a date. */
export function daysUntil(dueDate: string | null | undefined, current: string = utcToday()): number | null {
  const due = parseDay(dueDate);
  const t = parseDay(current);
  if (!due || !t) return null;
  return Math.round((Date.UTC(due.y, due.m - 1, due.d) - Date.UTC(t.y, t.m - 1, t.d)) / 86_400_000);
}

export type DueState = "ok" | "warning" | "danger";

/**
 * The spec's due-date colours: yellow (warning) with 1 to 5 days left, red (danger) at
 * 0 or less. The platform company (id 1) never expires, so it is always "ok".
 */
export function dueState(companyId: number, dueDate: string | null | undefined, current: string = utcToday()): DueState {
  if (companyId === 1) return "ok";
  const days = daysUntil(dueDate, current);
  if (days === null) return "ok";
  if (days <= 0) return "danger";
  if (days <= 5) return "warning";
  return "ok";
}
