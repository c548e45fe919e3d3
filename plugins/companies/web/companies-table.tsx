import { Button, HTMLTable, Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { Zone } from "../../../web/src/plugin/zone.tsx";
import { formatDate, formatDateTime } from "../../../web/src/ui/format-date.ts";
import { localToday, renewDueDate } from "../shared/renew.ts";
import type { CompanyWithUsage } from "./companies-api.ts";
import { DUE_BACKGROUND, rowDueState } from "./due-colour.ts";
import { formatBytes } from "./format-bytes.ts";
import "./zones.ts";

export interface CompaniesTableProps {
  companies: readonly CompanyWithUsage[];
  selectedId: number | null;
  /** The viewer's today (YYYY-MM-DD); tests pin it. */
  today?: string;
  renewingId?: number | null;
  onEdit: (company: CompanyWithUsage) => void;
  onDelete: (company: CompanyWithUsage) => void;
  onRenew: (company: CompanyWithUsage) => void;
  /** A row action of another plugin changed a company (the `companies.rowActions` zone). */
  onChanged?: () => void;
}

const money = (n: number | undefined) => (n ?? 0).toLocaleString("pt-BR", { style: "currency", currency: "BRL" });

/** The spec's columns; rows turn yellow or red as the due date nears or passes. */
export function CompaniesTable({ companies, selectedId, today = localToday(), renewingId, onEdit, onDelete, onRenew, onChanged = () => {} }: CompaniesTableProps) {
  const { t } = useTranslation("companies");
  return (
    <div style={{ overflowX: "auto" }}>
      <HTMLTable compact interactive style={{ width: "100%" }} aria-label={t("table.label")}>
        <thead>
          <tr>
            <th>{t("columns.id")}</th>
            <th>{t("columns.status")}</th>
            <th>{t("columns.name")}</th>
            <th>{t("columns.email")}</th>
            <th>{t("columns.plan")}</th>
            <th>{t("columns.amount")}</th>
            <th>{t("columns.createdAt")}</th>
            <th>{t("columns.dueDate")}</th>
            <th>{t("columns.lastLogin")}</th>
            <th>{t("columns.folderSize")}</th>
            <th>{t("columns.numberFileFolder")}</th>
            <th>{t("columns.updatedAtFolder")}</th>
            <th style={{ textAlign: "right" }}>{t("columns.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {companies.map((c) => {
            const state = rowDueState(c, today);
            const renewTo = c.id === 1 ? null : renewDueDate(c.dueDate, c.recurrence, today);
            return (
              <tr key={c.id} data-due={state} aria-selected={c.id === selectedId} style={{ background: DUE_BACKGROUND[state], fontWeight: c.id === selectedId ? 600 : undefined }}>
                <td>{c.id}</td>
                <td>
                  <Tag minimal intent={c.status ? "success" : "none"}>
                    {c.status ? t("status.active") : t("status.inactive")}
                  </Tag>
                </td>
                <td>{c.name}</td>
                <td>{c.email}</td>
                <td>{c.plan?.name ?? "-"}</td>
                <td>{money(c.plan?.amount)}</td>
                <td>{formatDate(c.createdAt)}</td>
                <td style={{ whiteSpace: "nowrap" }}>
                  {c.dueDate ? formatDate(c.dueDate.slice(0, 10)) : "-"} ({t(`recurrence.${c.recurrence}`)})
                </td>
                <td>{formatDateTime(c.lastLogin) || "-"}</td>
                <td>{formatBytes(c.folderSize)}</td>
                <td>{c.numberFileFolder}</td>
                <td>{formatDateTime(c.updatedAtFolder) || "-"}</td>
                <td style={{ textAlign: "right", whiteSpace: "nowrap" }}>
                  {c.id !== 1 ? <Zone name="companies.rowActions" props={{ company: c, onChanged }} /> : null}
                  {renewTo ? (
                    <Button
                      variant="minimal"
                      icon="refresh"
                      text={t("actions.renew")}
                      title={t("actions.renewTo", { date: formatDate(renewTo) })}
                      loading={renewingId === c.id}
                      onClick={() => onRenew(c)}
                    />
                  ) : null}
                  <Button variant="minimal" icon="edit" aria-label={t("actions.edit")} title={t("actions.edit")} onClick={() => onEdit(c)} />
                  {c.id !== 1 ? (
                    <Button variant="minimal" icon="trash" intent="danger" aria-label={t("actions.delete")} title={t("actions.delete")} onClick={() => onDelete(c)} />
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
    </div>
  );
}
