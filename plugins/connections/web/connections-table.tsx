import { Button, HTMLTable, Icon, Intent } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { ChannelIcon } from "./channel-icon.tsx";
import { formatShortDateTime } from "./connection-status.ts";
import type { Connection } from "./connections-api.ts";
import { SessionActions, type ImportProgress } from "./session-actions.tsx";
import { StatusTag } from "./status-tag.tsx";

export interface ConnectionsTableProps {
  connections: Connection[];
  /** Session and action columns (admins and allowConnections users, spec 001 §2). */
  canManage: boolean;
  admin?: boolean;
  /** Import progress by connection id. */
  importProgress?: Record<number, ImportProgress>;
  onShowQr: (c: Connection) => void;
  onEdit: (c: Connection) => void;
  onDelete: (c: Connection) => void;
}

/** Channel, name, number, status, session, last update, default and actions. */
export function ConnectionsTable({ connections, canManage, admin, importProgress, onShowQr, onEdit, onDelete }: ConnectionsTableProps) {
  const { t } = useTranslation("connections");
  return (
    <div style={{ overflowX: "auto" }}>
      <HTMLTable striped className="connections-table" style={{ width: "100%" }} aria-label={t("title")}>
        <thead>
          <tr>
            <th>{t("columns.channel")}</th>
            <th>{t("columns.name")}</th>
            <th>{t("columns.number")}</th>
            <th>{t("columns.status")}</th>
            {canManage ? <th>{t("columns.session")}</th> : null}
            <th>{t("columns.updatedAt")}</th>
            <th style={{ textAlign: "center" }}>{t("columns.default")}</th>
            {canManage ? <th style={{ textAlign: "center" }}>{t("columns.actions")}</th> : null}
          </tr>
        </thead>
        <tbody>
          {connections.map((c) => (
            <tr key={c.id} data-testid={`connection-row-${c.id}`}>
              <td>
                <ChannelIcon channel={c.channelKind} />
              </td>
              <td>{c.name}</td>
              <td>{c.number || "-"}</td>
              <td>
                <StatusTag status={c.status} retries={c.retries} />
              </td>
              {canManage ? (
                <td>
                  <SessionActions connection={c} admin={admin} onShowQr={onShowQr} importProgress={importProgress?.[c.id] ?? null} />
                </td>
              ) : null}
              <td style={{ whiteSpace: "nowrap" }}>{formatShortDateTime(c.updatedAt)}</td>
              <td style={{ textAlign: "center" }}>
                {c.isDefault ? <Icon icon="star" intent={Intent.WARNING} title={t("columns.isDefault")} aria-label={t("columns.isDefault")} /> : null}
              </td>
              {canManage ? (
                <td style={{ whiteSpace: "nowrap", textAlign: "center" }}>
                  <Button icon="edit" variant="minimal" aria-label={t("actions.edit", { name: c.name })} onClick={() => onEdit(c)} />
                  <Button icon="trash" variant="minimal" intent={Intent.DANGER} aria-label={t("actions.delete", { name: c.name })} onClick={() => onDelete(c)} />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
