import { Button, Checkbox, Dialog, DialogBody, FormGroup, HTMLSelect, HTMLTable, InputGroup, Menu, MenuItem, Popover, Spinner, Tag } from "@blueprintjs/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearch } from "wouter";
import { useSession } from "../../../web/src/session/session.ts";
import { EmptyState, formatDateTime, PageLayout, toastError, useDebouncedValue } from "../../../web/src/ui/index.ts";
import { linkFilter } from "../shared/dashboard-links.ts";
import { mayViewDashboard } from "./access.ts";
import { DashboardForbidden } from "./dashboard-panel.tsx";
import { FurtherReports } from "./further-reports.tsx";
import {
  monthToDate,
  REPORT_FILE_NAME,
  REPORT_PAGE_SIZES,
  type ReportFilterParams,
  saveAs,
  useExportReportMutation,
  useGetReportOptionsQuery,
  useGetReportQuery,
  useGetTicketLogQuery,
} from "./reports-api.ts";
import "./reports.css";

const STATUSES = ["open", "pending", "closed", "group", "nps"] as const;
/** The dashboard's "finished" counter (closed or waiting for the rating) as one choice. */
const FINISHED = "closed,nps";
const ids = (v: string) => (v ? [Number(v)] : []);

function OptionSelect({ url, label, value, onChange }: { url: "/users/list" | "/whatsapp" | "/queue"; label: string; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation("reports");
  const options = useGetReportOptionsQuery(url);
  return (
    <FormGroup label={label}>
      <HTMLSelect aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t("filter.all")}</option>
        {(options.data ?? []).map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}

function TicketLogDialog({ ticketId, onClose }: { ticketId: number; onClose: () => void }) {
  const { t } = useTranslation("reports");
  const logs = useGetTicketLogQuery(ticketId);
  return (
    <Dialog isOpen onClose={onClose} title={t("report.logTitle", { id: ticketId })}>
      <DialogBody>
        {logs.isFetching ? (
          <Spinner size={24} />
        ) : (
          <ul aria-label={t("report.logTitle", { id: ticketId })}>
            {(logs.data ?? []).map((l) => (
              <li key={l.id}>
                <strong>{l.type}</strong> — {l.user?.name ?? "—"} — {formatDateTime(l.createdAt)}
              </li>
            ))}
          </ul>
        )}
      </DialogBody>
    </Dialog>
  );
}

/** /reports (spec 002 §2.15): filters, the table, page sizes 5/10/20/50, row actions, Excel/CSV export. */
export function ReportsPage() {
  const { user } = useSession();
  return mayViewDashboard(user) ? <Reports /> : <DashboardForbidden />;
}

function Reports() {
  const { t } = useTranslation("reports");
  const searchString = useSearch();
  const month = monthToDate();
  // A dashboard number's link (shared/dashboard-links.ts) opens the report filtered to its tickets.
  const [link] = useState(() => linkFilter(searchString));
  const [form, setForm] = useState({
    dateFrom: link.dateFrom ?? month.from,
    dateTo: link.dateTo ?? month.to,
    user: link.users?.[0] ? String(link.users[0]) : "",
    whatsapp: "",
    queue: "",
    status: link.status?.join(",") ?? "",
    onlyRated: link.onlyRated ?? false,
    searchParam: "",
    businessHours: false,
  });
  const search = useDebouncedValue(form.searchParam);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [logOf, setLogOf] = useState<number | null>(null);
  const filter: ReportFilterParams = {
    dateFrom: form.dateFrom,
    dateTo: form.dateTo,
    searchParam: search,
    users: ids(form.user),
    whatsappId: ids(form.whatsapp),
    queueIds: ids(form.queue),
    status: form.status ? form.status.split(",") : [],
    onlyRated: form.onlyRated,
    businessHours: form.businessHours,
  };
  const report = useGetReportQuery({ ...filter, page, pageSize }, { skip: !form.dateFrom || !form.dateTo });
  const [exportReport, exporting] = useExportReportMutation();
  const set = (patch: Partial<typeof form>) => {
    setForm({ ...form, ...patch });
    setPage(1);
  };
  const download = async (format: "xlsx" | "csv") => {
    try {
      saveAs(await exportReport({ ...filter, format }).unwrap(), `${REPORT_FILE_NAME}.${format}`);
    } catch (err) {
      toastError(err);
    }
  };
  const total = report.data?.totalTickets.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  return (
    <PageLayout
      title={t("report.title")}
      actions={
        <Popover
          placement="bottom-end"
          content={
            <Menu>
              <MenuItem icon="th" text={t("export.xlsx")} onClick={() => download("xlsx")} />
              <MenuItem icon="document" text={t("export.csv")} onClick={() => download("csv")} />
            </Menu>
          }
        >
          <Button icon="export" text={t("export.button")} loading={exporting.isLoading} />
        </Popover>
      }
    >
      <div className="reports-filter">
        <FormGroup label={t("filter.from")} labelFor="report-from">
          <InputGroup id="report-from" type="date" value={form.dateFrom} onChange={(e) => set({ dateFrom: e.target.value })} />
        </FormGroup>
        <FormGroup label={t("filter.to")} labelFor="report-to">
          <InputGroup id="report-to" type="date" value={form.dateTo} onChange={(e) => set({ dateTo: e.target.value })} />
        </FormGroup>
        <OptionSelect url="/users/list" label={t("filter.user")} value={form.user} onChange={(user) => set({ user })} />
        <OptionSelect url="/whatsapp" label={t("filter.connection")} value={form.whatsapp} onChange={(whatsapp) => set({ whatsapp })} />
        <OptionSelect url="/queue" label={t("filter.queue")} value={form.queue} onChange={(queue) => set({ queue })} />
        <FormGroup label={t("filter.status")}>
          <HTMLSelect aria-label={t("filter.status")} value={form.status} onChange={(e) => set({ status: e.target.value })}>
            <option value="">{t("filter.all")}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
            <option value={FINISHED}>{t("status.finished")}</option>
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={t("filter.contact")} labelFor="report-search">
          <InputGroup id="report-search" leftIcon="search" value={form.searchParam} onChange={(e) => set({ searchParam: e.target.value })} />
        </FormGroup>
        <Checkbox label={t("filter.onlyRated")} checked={form.onlyRated} onChange={(e) => set({ onlyRated: e.currentTarget.checked })} />
        <Checkbox label={t("businessHours.label")} title={t("businessHours.help")} checked={form.businessHours} onChange={(e) => set({ businessHours: e.currentTarget.checked })} />
      </div>
      {report.isError ? <EmptyState icon="error" title={t("loadError")} /> : null}
      {report.data && !report.data.tickets.length ? (
        <EmptyState icon="th" title={t("report.empty")} />
      ) : (
        <HTMLTable striped compact style={{ width: "100%" }} aria-label={t("report.title")}>
          <thead>
            <tr>
              {(["ticket", "user", "openDate", "closeDate", "nps", "status", "connection", "queue", "lastMessage", "customer", "supportTime", "actions"] as const).map((c) => (
                <th key={c}>{t(`report.columns.${c}`)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(report.data?.tickets ?? []).map((r) => (
              <tr key={r.id}>
                <td>{r.id}</td>
                <td>{r.userName ?? "—"}</td>
                <td>{formatDateTime(r.createdAt)}</td>
                <td>{r.closedAt ? formatDateTime(r.closedAt) : "—"}</td>
                <td>{r.NPS ?? "—"}</td>
                <td>{t(`status.${r.status}`, { defaultValue: r.status })}</td>
                <td>{r.whatsappName ?? "—"}</td>
                <td>
                  {r.queueName ? (
                    <Tag minimal style={{ borderLeft: `4px solid ${r.queueColor ?? "#8f99a8"}` }}>
                      {r.queueName}
                    </Tag>
                  ) : (
                    "—"
                  )}
                </td>
                <td>{r.lastMessage}</td>
                <td>{r.contactName ?? "—"}</td>
                <td>{r.supportTime === null ? "—" : t("minutes", { n: r.supportTime })}</td>
                <td className="reports-table-actions">
                  <Button minimal small icon="history" aria-label={t("report.log", { id: r.id })} onClick={() => setLogOf(r.id)} />
                  <Link href={`/tickets/${r.uuid}`} aria-label={t("report.open", { id: r.id })}>
                    <Button minimal small icon="share" tabIndex={-1} />
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <div className="reports-pager">
        <span>{t("report.total", { count: total })}</span>
        <HTMLSelect
          aria-label={t("report.pageSize")}
          value={pageSize}
          onChange={(e) => {
            setPageSize(Number(e.target.value));
            setPage(1);
          }}
        >
          {REPORT_PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </HTMLSelect>
        <Button icon="chevron-left" aria-label={t("report.previous")} disabled={page <= 1} onClick={() => setPage(page - 1)} />
        <span>{t("report.page", { page, pages })}</span>
        <Button icon="chevron-right" aria-label={t("report.next")} disabled={page >= pages} onClick={() => setPage(page + 1)} />
      </div>
      {logOf !== null ? <TicketLogDialog ticketId={logOf} onClose={() => setLogOf(null)} /> : null}
      <FurtherReports range={{ from: form.dateFrom, to: form.dateTo, businessHours: form.businessHours }} />
    </PageLayout>
  );
}

export default ReportsPage;
