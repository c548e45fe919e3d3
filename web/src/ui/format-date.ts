/** The spec's formats (000 §9): DD/MM/YYYY, DD/MM/YYYY HH:mm and HH:mm, in the browser's time zone. */
export type DateInput = string | number | Date | null | undefined;

const pad = (n: number) => String(n).padStart(2, "0");

/** Parses a value; a bare "YYYY-MM-DD" is a calendar day (local), not UTC midnight. */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === "string") {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (day) return new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  }
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function formatDate(value: DateInput): string {
  const d = toDate(value);
  return d ? `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}` : "";
}

export function formatTime(value: DateInput): string {
  const d = toDate(value);
  return d ? `${pad(d.getHours())}:${pad(d.getMinutes())}` : "";
}

export function formatDateTime(value: DateInput): string {
  const d = toDate(value);
  return d ? `${formatDate(d)} ${formatTime(d)}` : "";
}

/** Whole calendar days from today to `value` (negative when past); null for no date. */
export function daysUntil(value: DateInput, now: Date = new Date()): number | null {
  const d = toDate(value);
  if (!d) return null;
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const end = new Date(d.getFullYear(), d.getMonth(), d.getDate());
  return Math.round((end.getTime() - start.getTime()) / 86_400_000);
}
