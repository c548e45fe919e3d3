import type { companies, plans, users } from "./tables.ts";

export type UserRow = typeof users.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
