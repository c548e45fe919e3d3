/** The days a month calendar shows: whole weeks, Sunday first, from the week of the 1st to the week of the last day. */
export function monthGrid(year: number, month: number): Date[] {
  const first = new Date(year, month, 1);
  const start = new Date(year, month, 1 - first.getDay());
  const last = new Date(year, month + 1, 0);
  const weeks = Math.ceil((first.getDay() + last.getDate()) / 7);
  return Array.from({ length: weeks * 7 }, (_, i) => new Date(start.getFullYear(), start.getMonth(), start.getDate() + i));
}

/** A local calendar day's key, `YYYY-MM-DD`. */
export const dayKey = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;

/** Records grouped by the local day of `at(record)`, each day in time order. */
export function byDay<R>(records: readonly R[], at: (r: R) => string): Map<string, R[]> {
  const out = new Map<string, R[]>();
  for (const r of [...records].sort((x, y) => Date.parse(at(x)) - Date.parse(at(y)))) {
    const key = dayKey(new Date(at(r)));
    out.set(key, [...(out.get(key) ?? []), r]);
  }
  return out;
}
