import { HHMM, type OfficeHours } from "./week.ts";

export type OfficeHoursProblem = "invalidTime" | "shiftIncomplete" | "endBeforeStart";

/** The server's (Portuguese) wording for each problem; the web translates the codes itself. */
export const officeHoursMessages: Record<OfficeHoursProblem, string> = {
  invalidTime: "Horário inválido (HH:MM)",
  shiftIncomplete: "Informe o início e o fim do turno",
  endBeforeStart: "O fim deve ser depois do início",
};

type DayTimes = Pick<OfficeHours, "startTimeA" | "endTimeA" | "startTimeB" | "endTimeB">;

/**
 * Problems with one day's hours, keyed by field; empty when valid. A shift needs both
 * ends or neither, each end must be HH:MM, and a shift must start before it ends (no
 * overnight shift: the evaluator, `open-at.ts`, relies on it).
 */
export function officeHoursErrors(day: DayTimes): Partial<Record<keyof DayTimes, OfficeHoursProblem>> {
  const errors: Partial<Record<keyof DayTimes, OfficeHoursProblem>> = {};
  for (const shift of ["A", "B"] as const) {
    const startKey = `startTime${shift}` as const;
    const endKey = `endTime${shift}` as const;
    const start = day[startKey];
    const end = day[endKey];
    if (start && !HHMM.test(start)) errors[startKey] = "invalidTime";
    if (end && !HHMM.test(end)) errors[endKey] = "invalidTime";
    if (errors[startKey] || errors[endKey]) continue;
    if (Boolean(start) !== Boolean(end)) errors[start ? endKey : startKey] = "shiftIncomplete";
    else if (start && end && start >= end) errors[endKey] = "endBeforeStart";
  }
  return errors;
}
