/**
 * The recurrences' lengths in months, published for other plugins (billing prices an
 * invoice for its company's whole period with them). The renewal itself is the
 * `companies.renew` service (server/companies.contract.ts).
 */
export { RECURRENCE_MONTHS, type RecurrenceName } from "./renew.ts";
