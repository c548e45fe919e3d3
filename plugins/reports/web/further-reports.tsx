import { Button, ButtonGroup, H4, HTMLTable, Spinner, Tab, Tabs } from "@blueprintjs/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState, toastError } from "../../../web/src/ui/index.ts";
import {
  FURTHER_FILE,
  type FurtherRange,
  type FurtherReportName,
  useExportFurtherMutation,
  useGetGroupAttendanceQuery,
  useGetSurveyResultsQuery,
  useGetTicketDurationQuery,
} from "./further-api.ts";
import { saveAs } from "./reports-api.ts";

/*
 * The further reports of /reports (issue 28): group attendance, ticket duration, survey results,
 * over the page's date range, each a table exportable as PDF or as a .zip of CSVs.
 */

function Exports({ report, range }: { report: FurtherReportName; range: FurtherRange }) {
  const { t } = useTranslation("reports");
  const [exportFurther, exporting] = useExportFurtherMutation();
  const save = async (format: "pdf" | "zip") => {
    try {
      saveAs(await exportFurther({ ...range, report, format }).unwrap(), `${FURTHER_FILE[report]}.${format}`);
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <ButtonGroup className="reports-further-exports">
      <Button icon="document" text={t("further.pdf")} loading={exporting.isLoading} onClick={() => save("pdf")} />
      <Button icon="compressed" text={t("further.zip")} loading={exporting.isLoading} onClick={() => save("zip")} />
    </ButtonGroup>
  );
}

/** The NPS scores 0–10 (the distribution's columns). */
const SCORES = Array.from({ length: 11 }, (_, i) => i);

const dash = (v: number | null | undefined) => (v === null || v === undefined ? "—" : String(v));

function GroupAttendanceTab({ range }: { range: FurtherRange }) {
  const { t } = useTranslation("reports");
  const q = useGetGroupAttendanceQuery(range);
  if (q.isLoading) return <Spinner size={24} />;
  const rows = q.data?.rows ?? [];
  return (
    <>
      <p className="reports-help">{t("further.groups.help")}</p>
      <Exports report="group-attendance" range={range} />
      {rows.length ? (
        <HTMLTable compact striped aria-label={t("further.groups.title")}>
          <thead>
            <tr>
              <th>{t("further.groups.group")}</th>
              <th>{t("further.attendant")}</th>
              <th>{t("further.groups.tickets")}</th>
              <th>{t("further.groups.resolved")}</th>
              <th>{t("further.groups.avgSupport")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.groupId}-${r.userId}`}>
                <td>{r.groupName ?? `#${r.groupId}`}</td>
                <td>{r.userName ?? t("further.nobody")}</td>
                <td>{r.tickets}</td>
                <td>{r.resolved}</td>
                <td>{dash(r.avgSupportMinutes)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      ) : (
        <EmptyState title={t("further.empty")} />
      )}
    </>
  );
}

function DurationTab({ range }: { range: FurtherRange }) {
  const { t } = useTranslation("reports");
  const q = useGetTicketDurationQuery(range);
  if (q.isLoading) return <Spinner size={24} />;
  const bounds = q.data?.buckets ?? [];
  const labels = [
    t("further.duration.under", { max: bounds[0] }),
    ...bounds.slice(1).map((to, i) => t("further.duration.between", { min: bounds[i], max: to })),
    t("further.duration.over", { min: bounds[bounds.length - 1] }),
  ];
  const rows = q.data?.rows ?? [];
  return (
    <>
      <p className="reports-help">{t("further.duration.help")}</p>
      <Exports report="ticket-duration" range={range} />
      {rows.length ? (
        <HTMLTable compact striped aria-label={t("further.duration.title")}>
          <thead>
            <tr>
              <th>{t("further.queue")}</th>
              {labels.map((l) => (
                <th key={l}>{l}</th>
              ))}
              <th>{t("further.total")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.queueId ?? "none"}>
                <td>{r.queueName ?? t("further.noQueue")}</td>
                {r.buckets.map((n, i) => (
                  <td key={labels[i]}>{n}</td>
                ))}
                <td>{r.total}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      ) : (
        <EmptyState title={t("further.empty")} />
      )}
    </>
  );
}

function SurveyTab({ range }: { range: FurtherRange }) {
  const { t } = useTranslation("reports");
  const q = useGetSurveyResultsQuery(range);
  if (q.isLoading) return <Spinner size={24} />;
  const data = q.data;
  if (!data?.totals.answers)
    return (
      <>
        <Exports report="survey-results" range={range} />
        <EmptyState title={t("further.empty")} />
      </>
    );
  const split = (x: typeof data.totals) => [x.answers, x.promoters, x.passives, x.detractors, x.npsScore];
  return (
    <>
      <p className="reports-help">{t("further.survey.help")}</p>
      <Exports report="survey-results" range={range} />
      <H4>{t("further.survey.distribution")}</H4>
      <HTMLTable compact aria-label={t("further.survey.distribution")}>
        <thead>
          <tr>
            <th>{t("further.survey.score")}</th>
            {SCORES.map((score) => (
              <th key={score}>{score}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>{t("further.survey.answers")}</td>
            {SCORES.map((score) => (
              <td key={score}>{data.distribution[score] ?? 0}</td>
            ))}
          </tr>
        </tbody>
      </HTMLTable>
      <H4>{t("further.survey.perAttendant")}</H4>
      <HTMLTable compact striped aria-label={t("further.survey.perAttendant")}>
        <thead>
          <tr>
            <th>{t("further.attendant")}</th>
            <th>{t("further.survey.answers")}</th>
            <th>{t("further.survey.promoters")}</th>
            <th>{t("further.survey.passives")}</th>
            <th>{t("further.survey.detractors")}</th>
            <th>NPS</th>
          </tr>
        </thead>
        <tbody>
          {[
            ...data.attendants.map((a) => ({ key: String(a.userId), name: a.userName ?? t("further.nobody"), cells: split(a) })),
            { key: "total", name: t("further.total"), cells: split(data.totals) },
          ].map((r) => (
            <tr key={r.key}>
              <td>{r.name}</td>
              {r.cells.map((n, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                <td key={i}>{n}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </>
  );
}

/** The section under the ticket report: a tab per further report. */
export function FurtherReports({ range }: { range: FurtherRange }) {
  const { t } = useTranslation("reports");
  const [tab, setTab] = useState<FurtherReportName>("group-attendance");
  const ready = !!range.from && !!range.to;
  return (
    <section className="reports-further" aria-label={t("further.title")}>
      <H4>{t("further.title")}</H4>
      {ready ? (
        <Tabs id="reports-further-tabs" selectedTabId={tab} onChange={(id) => setTab(id as FurtherReportName)} renderActiveTabPanelOnly>
          <Tab id="group-attendance" title={t("further.groups.title")} panel={<GroupAttendanceTab range={range} />} />
          <Tab id="ticket-duration" title={t("further.duration.title")} panel={<DurationTab range={range} />} />
          <Tab id="survey-results" title={t("further.survey.title")} panel={<SurveyTab range={range} />} />
        </Tabs>
      ) : null}
    </section>
  );
}
