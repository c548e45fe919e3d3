import { HTMLTable, InputGroup, Intent } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { QueueSchedule } from "../shared/queue-rules.ts";
import type { FormErrors } from "./queue-form.ts";

type TimeKey = "startTimeA" | "endTimeA" | "startTimeB" | "endTimeB";
const timeKeys: TimeKey[] = ["startTimeA", "endTimeA", "startTimeB", "endTimeB"];

export interface QueueScheduleFieldsProps {
  schedules: QueueSchedule[];
  errors: FormErrors;
  onChange: (schedules: QueueSchedule[]) => void;
}

/** The schedule tab (scheduleType "queue"): two shifts for each of the seven weekdays. */
export function QueueScheduleFields({ schedules, errors, onChange }: QueueScheduleFieldsProps) {
  const { t } = useTranslation("queues");
  const change = (index: number, key: TimeKey, value: string) => onChange(schedules.map((d, i) => (i === index ? { ...d, [key]: value } : d)));
  return (
    <div style={{ overflowX: "auto" }}>
      <HTMLTable compact style={{ width: "100%" }} aria-label={t("schedule.label")}>
        <thead>
          <tr>
            <th>{t("schedule.weekday")}</th>
            {timeKeys.map((k) => (
              <th key={k}>{t(`schedule.${k}`)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {schedules.map((day, i) => (
            <tr key={day.weekdayEn}>
              <td>{t(`weekdays.${day.weekdayEn}`)}</td>
              {timeKeys.map((key) => {
                const problem = errors[`schedules.${i}.${key}`];
                return (
                  <td key={key}>
                    <InputGroup
                      type="time"
                      aria-label={`${t(`weekdays.${day.weekdayEn}`)} ${t(`schedule.${key}`)}`}
                      value={day[key]}
                      intent={problem ? Intent.DANGER : Intent.NONE}
                      onValueChange={(v) => change(i, key, v)}
                    />
                    {problem ? <div className="bp6-form-helper-text bp6-intent-danger">{t(`validation.${problem}`, { defaultValue: problem })}</div> : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
