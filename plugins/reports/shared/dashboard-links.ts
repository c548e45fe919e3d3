/*
 * The dashboard's numbers as links to /reports filtered to exactly those tickets (issue 28).
 * One place says which report filter each counter is: the web builds its links with it, and
 * reports-links.test.ts checks through the server that the filtered report counts the same.
 * Counters without an exact report filter (leads: contacts, active/passive, waiting for or
 * without a rating) have no link.
 */

/** The report filters a link carries beyond its date range. */
export interface ReportLinkFilter {
  status?: string[];
  onlyRated?: boolean;
  users?: number[];
}

/** The counters that link, with their filter. Every counter counts the tickets created in the range, as the report does. */
export const COUNTER_LINKS = {
  tickets: {},
  supportHappening: { status: ["open"] },
  supportPending: { status: ["pending"] },
  supportFinished: { status: ["closed", "nps"] },
  supportGroups: { status: ["group"] },
  withRating: { onlyRated: true },
} as const satisfies Record<string, ReportLinkFilter>;

export type LinkedCounter = keyof typeof COUNTER_LINKS;

/** `/reports?dateFrom&dateTo&status=a,b&onlyRated=true&users=7`. */
export function reportLink(range: { from: string; to: string }, f: ReportLinkFilter): string {
  const q = new URLSearchParams({ dateFrom: range.from, dateTo: range.to });
  if (f.status?.length) q.set("status", f.status.join(","));
  if (f.onlyRated) q.set("onlyRated", "true");
  if (f.users?.length) q.set("users", f.users.join(","));
  return `/reports?${q}`;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const STATUSES = new Set(["open", "pending", "closed", "group", "nps", "lgpd"]);

/** A link's filters read back (the report page's initial state); anything malformed is left out. */
export function linkFilter(search: string): { dateFrom?: string; dateTo?: string } & ReportLinkFilter {
  const q = new URLSearchParams(search);
  const out: { dateFrom?: string; dateTo?: string } & ReportLinkFilter = {};
  const from = q.get("dateFrom");
  const to = q.get("dateTo");
  if (from && DAY.test(from)) out.dateFrom = from;
  if (to && DAY.test(to)) out.dateTo = to;
  const status = (q.get("status") ?? "").split(",").filter((s) => STATUSES.has(s));
  if (status.length) out.status = status;
  if (q.get("onlyRated") === "true") out.onlyRated = true;
  const users = (q.get("users") ?? "")
    .split(",")
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  if (users.length) out.users = users;
  return out;
}
