/**
 * What other plugins' web code may use of the companies plugin. Anything else under
 * plugins/companies/web is internal (tests/architecture/rules.test.ts checks it).
 */

/** The recurrences' lengths in months and the renew rule (the billing plugin's price preview and subscription page). */
export { daysUntil, RECURRENCE_MONTHS, type RecurrenceName, renewDueDate } from "../shared/renew.ts";

/** The props of what other plugins put in the companies screen's `companies.rowActions` zone (billing's one-click payment confirmation). */
export type { CompanyRowActionProps } from "./zones.ts";
