/** True when `now` (server local time) is inside HH:mm start..end; an overnight range wraps. */
export function withinWorkHours(startWork: string, endWork: string, now = new Date()): boolean {
  const toMin = (hhmm: string) => {
    const [h, m] = hhmm.split(":").map(Number);
    return (h ?? 0) * 60 + (m ?? 0);
  };
  if (!/^\d{2}:\d{2}$/.test(startWork) || !/^\d{2}:\d{2}$/.test(endWork)) return true;
  const t = now.getHours() * 60 + now.getMinutes();
  const s = toMin(startWork);
  const e = toMin(endWork);
  return s <= e ? t >= s && t <= e : t >= s || t <= e;
}
