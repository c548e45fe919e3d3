/**
 * The companies plugin's due-date arithmetic, published for other plugins: the recurrences'
 * lengths (billing prices an invoice for its company's whole period with them) and the pure
 * day helpers on YYYY-MM-DD strings. The renewal itself is the `companies.renew` service
 * (server/companies.contract.ts).
 */
export { addDays, addMonths, RECURRENCE_MONTHS, type RecurrenceName, renewDueDate, utcToday } from "./renew.ts";
