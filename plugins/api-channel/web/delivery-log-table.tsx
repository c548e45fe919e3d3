import { Button, HTMLTable, Intent, Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { EmptyState, formatDateTime } from "../../../web/src/ui/index.ts";
import type { Delivery } from "./api-channel-api.ts";

export interface DeliveryLogTableProps {
  records: Delivery[];
  /** The id being re-sent (its button spins). */
  retrying: number | null;
  onRetry(id: number): void;
}

/** One row per webhook attempt: when, what, the receiver's answer, and a retry button. */
export function DeliveryLogTable({ records, retrying, onRetry }: DeliveryLogTableProps) {
  const { t } = useTranslation("api-channel");
  if (records.length === 0) return <EmptyState icon="history" title={t("log.empty")} description={t("log.emptyHelp")} />;
  return (
    <HTMLTable striped compact style={{ width: "100%" }} aria-label={t("log.title")}>
      <thead>
        <tr>
          <th>{t("log.time")}</th>
          <th>{t("log.event")}</th>
          <th>{t("log.statusCode")}</th>
          <th>{t("log.result")}</th>
          <th>{t("log.attempt")}</th>
          <th>{t("log.error")}</th>
          <th>{t("log.duration")}</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {records.map((r) => (
          <tr key={r.id} data-testid="delivery-row">
            <td style={{ whiteSpace: "nowrap" }}>{formatDateTime(r.createdAt)}</td>
            <td>
              <code>{r.event}</code>
            </td>
            <td>{r.statusCode ?? "—"}</td>
            <td>
              <Tag minimal intent={r.ok ? Intent.SUCCESS : Intent.DANGER}>
                {r.ok ? t("log.ok") : t("log.failed")}
              </Tag>
            </td>
            <td>{r.attempt}</td>
            <td style={{ maxWidth: 320, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }} title={r.error ?? undefined}>
              {r.error ?? ""}
            </td>
            <td style={{ whiteSpace: "nowrap" }}>{t("log.ms", { ms: r.durationMs })}</td>
            <td>
              <Button icon="repeat" variant="minimal" aria-label={t("log.retry")} title={t("log.retry")} loading={retrying === r.id} onClick={() => onRetry(r.id)} />
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
