import { useEffect, useState } from "react";
import { Button, Callout, Intent, Spinner } from "@blueprintjs/core";
import { skipToken } from "@reduxjs/toolkit/query";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../web/src/session/session.ts";
import { toastError, toastSuccess } from "../../../web/src/ui/toast.ts";
import { defaultOfficeHours, fullWeek, hasProblems, type OfficeHours, OfficeHoursEditor, officeHoursProblems, type OfficeHoursProblems } from "../../office-hours/web/public.ts";
import { useCompanyDetailQuery, useSaveCompanySchedulesMutation } from "./companies-api.ts";

export { fullWeek };

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
  const [problems, setProblems] = useState<OfficeHoursProblems>([]);

  useEffect(() => {
    if (!detail.data) return;
    setWeek(fullWeek(detail.data.schedules));
    setDirty(false);
    setProblems([]);
  }, [detail.data]);
  useEffect(() => {
    if (detail.isError) toastError(detail.error);
  }, [detail.isError, detail.error]);

  const change = (next: OfficeHours[]) => {
    setWeek(next);
    setDirty(true);
  };

  const save = async () => {
    if (!companyId) return;
    const found = officeHoursProblems(week);
    setProblems(found);
    if (hasProblems(found)) return;
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
      <OfficeHoursEditor week={week} onChange={change} problems={problems} label={t("hours.label")} />
      <div>
        <Button intent={Intent.PRIMARY} icon="floppy-disk" text={t("actions.save")} loading={saving.isLoading} onClick={save} />
      </div>
    </div>
  );
}
