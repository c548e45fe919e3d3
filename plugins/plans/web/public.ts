/**
 * What other plugins' web code may use of the plans plugin. Anything else under
 * plugins/plans/web is internal (tests/architecture/rules.test.ts checks it).
 */
export type { Plan } from "../shared/plan-types.ts";
