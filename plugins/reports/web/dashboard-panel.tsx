import { Button, Card, Collapse, FormGroup, H4, HTMLTable, InputGroup, Intent, Menu, MenuItem, Popover, Spinner, Switch, Tab, Tabs, Tag } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { COUNTER_LINKS, type LinkedCounter, reportLink } from "../shared/dashboard-links.ts";
import { useSession } from "../../../web/src/session/session.ts";
import { toastError } from "../../../web/src/ui/index.ts";
import { mayViewDashboard } from "./access.ts";
import { BarChart } from "./bar-chart.tsx";
import {
  type AttendantRow,
  type DashboardCounters,
  type DayRange,
  monthToDate,
  saveAs,
  useExportAttendantsMutation,
  useGetDashboardQuery,
  useGetTicketsDayQuery,
  useGetTicketsUsersQuery,
} from "./reports-api.ts";
import { SlaTab } from "./sla-panel.tsx";
import "./reports.css";

/** The spec's 403 (000 §2) inside the home page: a profile user without showDashboard; back goes to /tickets. */
export function DashboardForbidden() {
  const { t } = useTranslation("reports");
  const [, navigate] = useLocation();
  return (
    <Card className="reports-dashboard" role="alert">
      <H4>
        <Tag intent={Intent.DANGER} large>
          403
        </Tag>{" "}
        {t("forbidden.title")}
      </H4>
      <p>{t("forbidden.message")}</p>
      <Button intent="primary" icon="arrow-left" text={t("forbidden.back")} onClick={() => navigate("/tickets")} />
    </Card>
  );
}

function Counter({ label, value, extra, href }: { label: string; value: string | number; extra?: string; href?: string }) {
  return (
    <Card className="reports-counter">
      <div className="reports-counter-label">{label}</div>
      <div className="reports-counter-value">
        {href ? (
          <Link href={href} aria-label={`${label}: ${value}`}>
            {value}
          </Link>
        ) : (
          value
        )}
      </div>
      {extra ? <div className="reports-counter-extra">{extra}</div> : null}
    </Card>
  );
}

/** The counter's link to /reports filtered to exactly its tickets (shared/dashboard-links.ts). */
const linkOf = (range: DayRange, counter: LinkedCounter) => reportLink(range, COUNTER_LINKS[counter]);

/** The filter panel (spec 002 §2.14): opens by button, date start and end, apply. */
function FilterPanel({ range, onApply }: { range: DayRange; onApply: (r: DayRange) => void }) {
  const { t } = useTranslation("reports");
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(range);
  return (
    <>
      <Button icon="filter" text={t("filter.open")} onClick={() => setOpen(!open)} aria-expanded={open} />
      <Collapse isOpen={open}>
        <div className="reports-filter">
          <FormGroup label={t("filter.from")} labelFor="reports-from">
            <InputGroup id="reports-from" type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
          </FormGroup>
          <FormGroup label={t("filter.to")} labelFor="reports-to">
            <InputGroup id="reports-to" type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
          </FormGroup>
          <FormGroup>
            <Button intent="primary" text={t("filter.apply")} disabled={!draft.from || !draft.to || draft.from > draft.to} onClick={() => onApply(draft)} />
          </FormGroup>
        </div>
      </Collapse>
    </>
  );
}

/** "median … · p90 …" beside a mean. */
function useStats() {
  const { t } = useTranslation("reports");
  return (d: { median: number; p90: number }) => t("counters.medianP90", { median: d.median, p90: d.p90 });
}

function Indicators({ c, range }: { c: DashboardCounters; range: DayRange }) {
  const { t } = useTranslation("reports");
  const stats = useStats();
  const days = useGetTicketsDayQuery(range);
  const users = useGetTicketsUsersQuery(range);
  useEffect(() => {
    if (days.isError || users.isError) toastError(t("chartError"));
  }, [days.isError, users.isError, t]);
  return (
    <>
      <div className="reports-counters">
        <Counter label={t("counters.supportHappening")} value={c.supportHappening} href={linkOf(range, "supportHappening")} />
        <Counter label={t("counters.supportPending")} value={c.supportPending} href={linkOf(range, "supportPending")} />
        <Counter label={t("counters.supportFinished")} value={c.supportFinished} href={linkOf(range, "supportFinished")} />
        <Counter label={t("counters.supportGroups")} value={c.supportGroups} href={linkOf(range, "supportGroups")} />
        <Counter label={t("counters.leads")} value={c.leads} />
        <Counter label={t("counters.tickets")} value={c.tickets} href={linkOf(range, "tickets")} />
        <Counter label={t("counters.activeTickets")} value={c.activeTickets} />
        <Counter label={t("counters.passiveTickets")} value={c.passiveTickets} />
        <Counter label={t("counters.avgWaitTime")} value={t("minutes", { n: c.avgWaitTime })} extra={stats(c.waitTime)} />
        <Counter label={t("counters.avgSupportTime")} value={t("minutes", { n: c.avgSupportTime })} extra={stats(c.supportTime)} />
        <Counter label={t("counters.avgFirstResponseTime")} value={t("minutes", { n: c.firstResponseTime.avg })} extra={stats(c.firstResponseTime)} />
      </div>
      <div className="reports-charts">
        {days.isFetching ? (
          <Spinner size={20} />
        ) : (
          <BarChart title={t("charts.perDay")} bars={(days.data?.data ?? []).map((d) => ({ key: d.date, label: d.date.slice(5), value: d.total }))} />
        )}
        {users.isFetching ? (
          <Spinner size={20} />
        ) : (
          <BarChart title={t("charts.perUser")} color="#238551" bars={(users.data?.data ?? []).map((d) => ({ key: String(d.userId), label: d.name, value: d.total }))} />
        )}
      </div>
      <p className="reports-help">{t("help.definitions")}</p>
    </>
  );
}

function NpsTab({ c, range }: { c: DashboardCounters; range: DayRange }) {
  const { t } = useTranslation("reports");
  return (
    <>
      <div className="reports-counters">
        <Counter label={t("counters.npsScore")} value={c.npsScore} />
        <Counter label={t("counters.npsPromotersPerc")} value={`${c.npsPromotersPerc}%`} />
        <Counter label={t("counters.npsPassivePerc")} value={`${c.npsPassivePerc}%`} />
        <Counter label={t("counters.npsDetractorsPerc")} value={`${c.npsDetractorsPerc}%`} />
        <Counter label={t("counters.withRating")} value={c.withRating} href={linkOf(range, "withRating")} />
        <Counter label={t("counters.waitRating")} value={c.waitRating} />
        <Counter label={t("counters.withoutRating")} value={c.withoutRating} />
        <Counter label={t("counters.percRating")} value={`${c.percRating}%`} />
      </div>
      <p className="reports-help">{t("help.nps")}</p>
    </>
  );
}

function AttendantsTab({ rows, range }: { rows: AttendantRow[]; range: DayRange }) {
  const { t } = useTranslation("reports");
  const stats = useStats();
  const [exportAttendants, exporting] = useExportAttendantsMutation();
  const download = async (format: "xlsx" | "csv") => {
    try {
      saveAs(await exportAttendants({ ...range, format }).unwrap(), `atendentes.${format}`);
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <>
      <Popover
        placement="bottom-start"
        content={
          <Menu>
            <MenuItem icon="th" text={t("export.xlsx")} onClick={() => download("xlsx")} />
            <MenuItem icon="document" text={t("export.csv")} onClick={() => download("csv")} />
          </Menu>
        }
      >
        <Button icon="export" text={t("export.button")} loading={exporting.isLoading} />
      </Popover>
      <HTMLTable striped compact style={{ width: "100%", marginTop: 8 }} aria-label={t("tabs.attendants")}>
        <thead>
          <tr>
            <th>{t("attendants.name")}</th>
            <th>{t("attendants.rating")}</th>
            <th>{t("attendants.countRating")}</th>
            <th>{t("attendants.tickets")}</th>
            <th>{t("attendants.avgWaitTime")}</th>
            <th>{t("attendants.avgSupportTime")}</th>
            <th>{t("attendants.online")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td>{r.name}</td>
              <td>{r.rating}</td>
              <td>{r.countRating}</td>
              <td>
                <Link href={reportLink(range, { users: [r.id] })} aria-label={t("attendants.ticketsOf", { name: r.name, count: r.tickets })}>
                  {r.tickets}
                </Link>
              </td>
              <td title={stats(r.waitTime)}>{t("minutes", { n: r.avgWaitTime })}</td>
              <td title={stats(r.supportTime)}>{t("minutes", { n: r.avgSupportTime })}</td>
              <td>
                <Tag minimal round intent={r.online ? Intent.SUCCESS : Intent.NONE}>
                  {r.online ? t("attendants.yes") : t("attendants.no")}
                </Tag>
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </>
  );
}

/** The dashboard (spec 002 §2.14) on the home page, through the shell's `dashboard.cards` zone. */
export function DashboardPanel() {
  const { user } = useSession();
  return mayViewDashboard(user) ? <Dashboard /> : <DashboardForbidden />;
}

function Dashboard() {
  const { t } = useTranslation("reports");
  const [range, setRange] = useState<DayRange>(() => monthToDate());
  const [tab, setTab] = useState("indicators");
  const [businessHours, setBusinessHours] = useState(false);
  const dashboard = useGetDashboardQuery({ ...range, businessHours });
  useEffect(() => {
    if (dashboard.isError) toastError(t("chartError"));
  }, [dashboard.isError, t]);
  const c = dashboard.data?.counters;
  return (
    <Card className="reports-dashboard">
      <H4>{t("dashboard.title")}</H4>
      <div className="bp6-text-muted">{t("dashboard.range", { from: range.from, to: range.to })}</div>
      <FilterPanel range={range} onApply={setRange} />
      <Switch label={t("businessHours.label")} checked={businessHours} onChange={(e) => setBusinessHours(e.currentTarget.checked)} title={t("businessHours.help")} />
      {!c ? (
        <Spinner size={24} />
      ) : (
        <Tabs id="reports-dashboard-tabs" selectedTabId={tab} onChange={(id) => setTab(String(id))} renderActiveTabPanelOnly>
          <Tab id="indicators" title={t("tabs.indicators")} panel={<Indicators c={c} range={range} />} />
          <Tab id="nps" title={t("tabs.nps")} panel={<NpsTab c={c} range={range} />} />
          <Tab id="attendants" title={t("tabs.attendants")} panel={<AttendantsTab rows={dashboard.data?.attendants ?? []} range={range} />} />
          <Tab id="sla" title={t("tabs.sla")} panel={<SlaTab range={range} businessHours={businessHours} />} />
        </Tabs>
      )}
    </Card>
  );
}
