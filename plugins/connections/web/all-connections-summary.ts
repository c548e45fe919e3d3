import type { CompanyOption, Connection } from "./connections-api.ts";

export interface CompanyConnectionsSummary {
  companyId: number;
  name: string;
  connected: number;
  disconnected: number;
  total: number;
}

/** Per company: connected (status CONNECTED), disconnected (any other status) and total, by company name. */
export function summarize(
  connections: readonly Connection[],
  companies: readonly CompanyOption[],
): { rows: CompanyConnectionsSummary[]; totals: Omit<CompanyConnectionsSummary, "companyId" | "name"> } {
  const names = new Map(companies.map((c) => [c.id, c.name]));
  const byCompany = new Map<number, CompanyConnectionsSummary>();
  for (const c of connections) {
    const row = byCompany.get(c.companyId) ?? { companyId: c.companyId, name: names.get(c.companyId) ?? `#${c.companyId}`, connected: 0, disconnected: 0, total: 0 };
    if (c.status === "CONNECTED") row.connected++;
    else row.disconnected++;
    row.total++;
    byCompany.set(c.companyId, row);
  }
  const rows = [...byCompany.values()].sort((a, b) => a.name.localeCompare(b.name) || a.companyId - b.companyId);
  const totals = rows.reduce((t, r) => ({ connected: t.connected + r.connected, disconnected: t.disconnected + r.disconnected, total: t.total + r.total }), {
    connected: 0,
    disconnected: 0,
    total: 0,
  });
  return { rows, totals };
}
