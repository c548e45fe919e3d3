import { dueState, localToday, type DueState } from "../shared/renew.ts";

/** Row backgrounds for the spec's due-date colours: yellow 1 to 5 days left, red at 0 or less. */
export const DUE_BACKGROUND: Record<DueState, string | undefined> = {
  ok: undefined,
  warning: "rgba(255, 193, 7, 0.35)",
  danger: "rgba(219, 55, 55, 0.3)",
};

/** The state of a company's row on the viewer's today (company 1 never expires). */
export function rowDueState(company: { id: number; dueDate: string | null }, today: string = localToday()): DueState {
  return dueState(company.id, company.dueDate, today);
}
