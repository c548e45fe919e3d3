import { Button, Dialog, DialogBody, DialogFooter, Icon, NonIdealState, Spinner, type IconName } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../../web/src/ui/format-date.ts";
import type { TicketLogView } from "../../shared/ticket-types.ts";
import { useTicketLogsQuery } from "../tickets-api.ts";

/** One icon per log type (spec 000 §4 'Ticket log types'). */
export const LOG_ICONS: Record<string, IconName> = {
  create: "add",
  chatBot: "chat",
  queue: "inbox",
  open: "play",
  access: "eye-open",
  transfered: "exchange",
  receivedTransfer: "import",
  pending: "time",
  closed: "tick-circle",
  reopen: "refresh",
  redirect: "redo",
  // Issue 24: a hand-over handler took the conversation, and let it go.
  handOver: "predictive-analysis",
  handBack: "undo",
};

function LogEntry({ log }: { log: TicketLogView }) {
  const { t } = useTranslation("tickets");
  const known = log.type in LOG_ICONS;
  const user = log.user?.name ?? t("actions.log.system");
  return (
    <li data-testid="ticket-log-entry" data-type={log.type} style={{ display: "flex", gap: 12, padding: "8px 0", borderBottom: "1px solid rgba(128,128,128,.2)" }}>
      <Icon icon={LOG_ICONS[log.type] ?? "dot"} style={{ marginTop: 2 }} />
      <div style={{ flex: 1 }}>
        <div>{known ? t(`actions.log.types.${log.type}`, { user }) : log.type}</div>
        <div className="bp6-text-muted bp6-text-small">
          {log.user ? <span>{log.user.name}</span> : null}
          {log.queue ? (
            <span style={{ color: log.queue.color || undefined }}>
              {log.user ? " · " : ""}
              {log.queue.name}
            </span>
          ) : null}
        </div>
      </div>
      <time className="bp6-text-muted bp6-text-small" dateTime={log.createdAt}>
        {formatDateTime(log.createdAt)}
      </time>
    </li>
  );
}

/** The ticket's history as a timeline (GET /tickets-log/{id}), oldest first. */
export function TicketLogDialog({ ticketId, isOpen, onClose }: { ticketId: number; isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation("tickets");
  const { data, isFetching, isError } = useTicketLogsQuery(ticketId, { skip: !isOpen, refetchOnMountOrArgChange: true });
  const logs = [...(data ?? [])].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t("actions.log.title", { id: ticketId })} icon="history" style={{ width: 560, maxWidth: "calc(100vw - 32px)" }}>
      <DialogBody>
        {isFetching && !data ? (
          <Spinner size={32} />
        ) : isError ? (
          <NonIdealState icon="error" title={t("actions.log.error")} />
        ) : logs.length === 0 ? (
          <NonIdealState icon="history" title={t("actions.log.empty")} />
        ) : (
          <ol aria-label={t("actions.log.title", { id: ticketId })} style={{ listStyle: "none", margin: 0, padding: 0, maxHeight: 420, overflowY: "auto" }}>
            {logs.map((log) => (
              <LogEntry key={log.id} log={log} />
            ))}
          </ol>
        )}
      </DialogBody>
      <DialogFooter actions={<Button text={t("actions.close")} onClick={onClose} />} />
    </Dialog>
  );
}
