/** The browser's local day as YYYY-MM-DD (what a date input holds). */
export function localDay(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The query window of two local days, as instants: from the start day's local midnight to the
 * end of the end day (spec 002 §9: the dates default to today). The server takes instants as
 * given, so "today" is the attendant's day, not the server's.
 */
export function dayWindow(start: string, end: string): { startDate: string; endDate: string } {
  const from = new Date(`${start}T00:00:00`);
  const to = new Date(`${end}T00:00:00`);
  to.setDate(to.getDate() + 1);
  return { startDate: from.toISOString(), endDate: to.toISOString() };
}
