/**
 * Events the companies plugin publishes, for plugins that keep per-company state
 * (sessions, caches) and must react when a company appears or goes away.
 */
declare module "../../../core/events/bus.ts" {
  interface EventMap {
    "companies.company.created": { companyId: number; adminUserId: number };
    "companies.company.deleted": { companyId: number };
  }
}

export {};
