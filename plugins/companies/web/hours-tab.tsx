import { useEffect, useState } from "react";
import { Button, Callout, HTMLTable, InputGroup, Intent, Spinner } from "@blueprintjs/core";
import { skipToken } from "@reduxjs/toolkit/query";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../web/src/session/session.ts";
import { toastError, toastSuccess } from "../../../web/src/ui/toast.ts";
import { defaultOfficeHours, officeHoursErrors, WEEKDAYS, type OfficeHours, type OfficeHoursProblem } from "../../../core/office-hours.ts";
import { useCompanyDetailQuery, useSaveCompanySchedulesMutation } from "./companies-api.ts";

type TimeKey = "startTimeA" | "endTimeA" | "startTimeB" | "endTimeB";
const timeKeys: TimeKey[] = ["startTimeA", "endTimeA", "startTimeB", "endTimeB"];

/** Every weekday once, Monday first; a day the company never saved shows with no shifts. */
export function fullWeek(saved: readonly OfficeHours[]): OfficeHours[] {
  return WEEKDAYS.map((w) => {
    const found = saved.find((s) => s.weekdayEn === w.weekdayEn);
    return found ? { ...found } : { ...w, startTimeA: "", endTimeA: "", startTimeB: "", endTimeB: "" };
  });
}

/**
 * The company's office hours (Settings > Hours, shown when scheduleType is "company"):
 * two shifts per weekday, saved with PUT /companies/{id}/schedules.
 */
export default function HoursTab() {
  const { t } = useTranslation("companies");
  const { company } = useSession();
  const companyId = company?.id;
  const detail = useCompanyDetailQuery(companyId ?? skipToken);
  const [saveSchedules, saving] = useSaveCompanySchedulesMutation();
  const [week, setWeek] = useState<OfficeHours[]>(defaultOfficeHours);
  const [dirty, setDirty] = useState(false);
  const [problems, setProblems] = useState<Partial<Record<TimeKey, OfficeHoursProblem>>[]>([]);

  useEffect(() => {
    if (!detail.data) return;
    setWeek(fullWeek(detail.data.schedules));
    setDirty(false);
    setProblems([]);
  }, [detail.data]);
  useEffect(() => {
    if (detail.isError) toastError(detail.error);
  }, [detail.isError, detail.error]);

  const change = (index: number, key: TimeKey, value: string) => {
    setWeek((w) => w.map((day, i) => (i === index ? { ...day, [key]: value } : day)));
    setDirty(true);
  };

  const save = async () => {
    if (!companyId) return;
    const found = week.map((day) => officeHoursErrors(day));
    setProblems(found);
    if (found.some((p) => Object.keys(p).length)) return;
    try {
      await saveSchedules({ id: companyId, schedules: week }).unwrap();
      setDirty(false);
      toastSuccess(t("hours.saved"));
    } catch (err) {
      toastError(err);
    }
  };

  if (detail.isLoading) return <Spinner size={32} />;
  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 12 }}>
      {dirty ? <Callout intent="warning">{t("hours.unsaved")}</Callout> : null}
      <div style={{ overflowX: "auto" }}>
        <HTMLTable compact style={{ width: "100%" }} aria-label={t("hours.label")}>
          <thead>
            <tr>
              <th>{t("hours.weekday")}</th>
              <th>{t("hours.startTimeA")}</th>
              <th>{t("hours.endTimeA")}</th>
              <th>{t("hours.startTimeB")}</th>
              <th>{t("hours.endTimeB")}</th>
            </tr>
          </thead>
          <tbody>
            {week.map((day, i) => (
              <tr key={day.weekdayEn}>
                <td>{t(`weekdays.${day.weekdayEn}`)}</td>
                {timeKeys.map((key) => {
                  const problem = problems[i]?.[key];
                  return (
                    <td key={key}>
                      <InputGroup
                        type="time"
                        aria-label={`${t(`weekdays.${day.weekdayEn}`)} ${t(`hours.${key}`)}`}
                        value={day[key]}
                        intent={problem ? Intent.DANGER : Intent.NONE}
                        onValueChange={(v) => change(i, key, v)}
                      />
                      {problem ? <div className="bp6-form-helper-text" style={{ color: "var(--bp-intent-danger-rest, #cd4246)" }}>{t(`hours.problems.${problem}`)}</div> : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      <div>
        <Button intent={Intent.PRIMARY} icon="floppy-disk" text={t("actions.save")} loading={saving.isLoading} onClick={save} />
      </div>
    </div>
  );
}
