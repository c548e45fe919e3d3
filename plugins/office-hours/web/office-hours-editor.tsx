import { HTMLTable, InputGroup, Intent } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { officeHoursErrors, type OfficeHoursProblem } from "../shared/validation.ts";
import { type OfficeHours, WEEKDAYS } from "../shared/week.ts";

export type OfficeHoursTimeKey = "startTimeA" | "endTimeA" | "startTimeB" | "endTimeB";
export const OFFICE_HOURS_TIME_KEYS: readonly OfficeHoursTimeKey[] = ["startTimeA", "endTimeA", "startTimeB", "endTimeB"];

/** Problems per weekday (same index as the week), keyed by field. */
export type OfficeHoursProblems = Partial<Record<OfficeHoursTimeKey, OfficeHoursProblem>>[];

/** Every weekday once, Monday first; a day never saved shows with no shifts. */
export function fullWeek(saved: readonly OfficeHours[]): OfficeHours[] {
  return WEEKDAYS.map((w) => {
    const found = saved.find((s) => s.weekdayEn === w.weekdayEn);
    return found ? { ...found } : { ...w, startTimeA: "", endTimeA: "", startTimeB: "", endTimeB: "" };
  });
}

/** The office-hours rules (the server's too) applied to each day; `hasProblems` tells whether any day failed. */
export function officeHoursProblems(week: readonly OfficeHours[]): OfficeHoursProblems {
  return week.map((day) => officeHoursErrors(day));
}

export const hasProblems = (problems: OfficeHoursProblems): boolean => problems.some((p) => Object.keys(p).length > 0);

export interface OfficeHoursEditorProps {
  week: readonly OfficeHours[];
  onChange: (week: OfficeHours[]) => void;
  problems?: OfficeHoursProblems;
  /** The table's accessible name; 'Horários de atendimento' by default. */
  label?: string;
  disabled?: boolean;
}

/**
 * A week of office hours, two shifts per weekday (spec 001 §3 'Office-hours entry'):
 * used by the company's Hours tab and the connection dialog. Controlled; validation
 * messages come from `officeHoursProblems`. Its wording is this plugin's namespace.
 */
export function OfficeHoursEditor({ week, onChange, problems = [], label, disabled }: OfficeHoursEditorProps) {
  const { t } = useTranslation("office-hours");
  const change = (index: number, key: OfficeHoursTimeKey, value: string) => onChange(week.map((day, i) => (i === index ? { ...day, [key]: value } : { ...day })));
  return (
    <div style={{ overflowX: "auto" }}>
      <HTMLTable compact style={{ width: "100%" }} aria-label={label ?? t("label")}>
        <thead>
          <tr>
            <th>{t("weekday")}</th>
            {OFFICE_HOURS_TIME_KEYS.map((key) => (
              <th key={key}>{t(key)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {week.map((day, i) => {
            const dayName = t(`weekdays.${day.weekdayEn}`, { defaultValue: day.weekday });
            return (
              <tr key={day.weekdayEn}>
                <td style={{ verticalAlign: "middle" }}>{dayName}</td>
                {OFFICE_HOURS_TIME_KEYS.map((key) => {
                  const problem = problems[i]?.[key];
                  return (
                    <td key={key}>
                      <InputGroup
                        type="time"
                        aria-label={`${dayName} ${t(key)}`}
                        value={day[key]}
                        disabled={disabled}
                        intent={problem ? Intent.DANGER : Intent.NONE}
                        onValueChange={(v) => change(i, key, v)}
                      />
                      {problem ? (
                        <div className="bp6-form-helper-text" style={{ color: "var(--bp-intent-danger-rest, #cd4246)" }}>
                          {t(`problems.${problem}`)}
                        </div>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
    </div>
  );
}
