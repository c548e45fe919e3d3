import { Button, Intent, Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../../web/src/ui/confirm-dialog.tsx";
import { Zone } from "../../../../web/src/plugin/zone.tsx";
import { ContactAvatar } from "../../../contacts/web/public.ts";
import { holderLabel } from "../../shared/holder.contract.ts";
import type { TicketView } from "../../shared/ticket-types.ts";
import { AcceptQueueDialog } from "./accept-queue-dialog.tsx";
import { ResolveDialog } from "./resolve-dialog.tsx";
import { TicketLogDialog } from "./ticket-log-dialog.tsx";
import { TicketMoreMenu } from "./ticket-more-menu.tsx";
import { TicketOpenDialog } from "./ticket-open-dialog.tsx";
import { TransferDialog } from "./transfer-dialog.tsx";
import { useTicketActions } from "./use-ticket-actions.ts";

export interface TicketHeaderProps {
  ticket: TicketView;
  onOpenContact: () => void;
}

/**
 * Who is answering the customer (issue 24): the conversation's holder — the chatbot, a flow,
 * an integration, an AI prompt, the attendant. Nothing while nobody holds it (a new ticket,
 * or one waiting in a queue) or once it is closed.
 */
function HolderTag({ ticket }: { ticket: TicketView }) {
  const { t } = useTranslation("tickets");
  const label = holderLabel(ticket.holder);
  if (label === "nobody" || ticket.status === "closed") return null;
  const who = t(`actions.header.holder.${label}`);
  return (
    <Tag minimal round intent={label === "attendant" ? Intent.NONE : Intent.PRIMARY} icon={label === "attendant" ? "person" : "predictive-analysis"} data-testid="ticket-holder">
      {t("actions.header.answering", { who })}
    </Tag>
  );
}

/** Who the ticket is with and where it sits: queue, who is answering, attendant, connection. */
function TicketLabels({ ticket }: { ticket: TicketView }) {
  const { t } = useTranslation("tickets");
  return (
    <div className="ticket-header-labels" style={{ display: "flex", flexWrap: "wrap", gap: 6, alignItems: "center", fontSize: 12 }}>
      <span className="bp6-text-muted">#{ticket.id}</span>
      <Tag minimal round style={ticket.queue?.color ? { background: ticket.queue.color, color: "#fff" } : undefined} aria-label={t("actions.fields.queue")}>
        {ticket.queue?.name ?? t("actions.header.noQueue")}
      </Tag>
      <HolderTag ticket={ticket} />
      {ticket.user ? <span>{t("actions.header.assignedTo", { name: ticket.user.name })}</span> : null}
      {ticket.whatsapp ? <span className="bp6-text-muted">{t("actions.header.connection", { name: ticket.whatsapp.name })}</span> : null}
    </div>
  );
}

/** The conversation header: the contact, the ticket's labels and its actions by status (spec 000 §2, §4). */
export function TicketHeader({ ticket, onOpenContact }: TicketHeaderProps) {
  const { t } = useTranslation("tickets");
  const a = useTicketActions(ticket);
  const live = ticket.status === "open" || ticket.status === "group";
  const name = ticket.contact.name;

  return (
    <header
      className="ticket-header"
      style={{ display: "flex", alignItems: "center", gap: 12, padding: "8px 12px", borderBottom: "1px solid rgba(128,128,128,.25)", flexWrap: "wrap" }}
    >
      <button
        type="button"
        onClick={onOpenContact}
        aria-label={t("actions.header.openContact", { name })}
        style={{ display: "flex", alignItems: "center", gap: 10, background: "none", border: 0, padding: 0, cursor: "pointer", color: "inherit", textAlign: "left", minWidth: 0 }}
      >
        <ContactAvatar name={name} src={ticket.contact.urlPicture} size={40} />
        <strong style={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", maxWidth: 260 }}>{name}</strong>
      </button>
      <TicketLabels ticket={ticket} />

      <div className="ticket-header-actions" style={{ marginLeft: "auto", display: "flex", gap: 6, alignItems: "center" }}>
        {ticket.status === "pending" ? (
          <>
            {a.canIgnore ? <Button text={t("actions.header.ignore")} icon="cross" intent={Intent.DANGER} variant="outlined" onClick={a.ignore} disabled={a.busy} /> : null}
            <Button text={t("actions.header.accept")} icon="tick" intent={Intent.PRIMARY} onClick={a.accept} loading={a.busy} />
          </>
        ) : null}
        {/* issue 14: a ticket waiting for the customer's consent may be ignored; one waiting for its rating closed unrated */}
        {ticket.status === "lgpd" && a.canIgnore ? (
          <Button text={t("actions.header.ignore")} icon="cross" intent={Intent.DANGER} variant="outlined" onClick={a.ignore} disabled={a.busy} />
        ) : null}
        {ticket.status === "nps" ? <Button text={t("actions.header.closeUnrated")} icon="cross" variant="outlined" onClick={a.ignore} disabled={a.busy} /> : null}
        {/* other plugins' actions (the contacts plugin's chatbot switch), before the live ones */}
        <Zone name="tickets.headerActions" props={{ ticket }} />
        {live ? (
          <>
            <Button text={t("actions.header.return")} icon="undo" variant="outlined" onClick={a.returnToQueue} disabled={a.busy} />
            <Button text={t("actions.header.transfer")} icon="exchange" variant="outlined" onClick={() => a.setDialog("transfer")} disabled={a.busy} />
            <Button text={t("actions.header.resolve")} icon="tick-circle" intent={Intent.SUCCESS} onClick={a.resolve} loading={a.checkingTags} disabled={a.busy} />
          </>
        ) : null}
        {ticket.status === "closed" ? (
          <Button text={t("actions.header.reopen")} icon="refresh" intent={Intent.PRIMARY} onClick={() => a.setDialog("reopenConfirm")} loading={a.busy} />
        ) : null}
        <TicketMoreMenu
          useIntegration={ticket.useIntegration}
          canDelete={a.canDelete}
          exporting={a.exporting}
          onDelete={() => a.setDialog("delete")}
          onToggleIntegration={a.toggleIntegration}
          onShowLog={() => a.setDialog("log")}
          onExportPdf={a.exportPdf}
        />
      </div>

      <AcceptQueueDialog
        isOpen={a.dialog === "accept" || a.dialog === "reopenQueue"}
        onClose={a.closeDialog}
        loading={a.busy}
        onConfirm={a.dialog === "reopenQueue" ? a.reopenInto : a.acceptInto}
      />
      <ResolveDialog isOpen={a.dialog === "resolve"} onClose={a.closeDialog} onResolve={a.resolveWith} ratingAvailable={a.ratingAvailable} loading={a.busy} />
      <TransferDialog isOpen={a.dialog === "transfer"} onClose={a.closeDialog} onTransfer={a.transfer} loading={a.busy} />
      <TicketLogDialog ticketId={ticket.id} isOpen={a.dialog === "log"} onClose={a.closeDialog} />
      <ConfirmDialog
        isOpen={a.dialog === "reopenConfirm"}
        title={t("actions.reopen.title")}
        message={t("actions.reopen.message")}
        confirmText={t("actions.header.reopen")}
        intent={Intent.PRIMARY}
        onConfirm={a.reopen}
        onClose={a.closeDialog}
        loading={a.busy}
      />
      <ConfirmDialog
        isOpen={a.dialog === "delete"}
        title={t("actions.delete.title", { id: ticket.id })}
        message={t("actions.delete.message")}
        confirmText={t("actions.delete.confirm")}
        onConfirm={a.remove}
        onClose={a.closeDialog}
        loading={a.busy}
      />
      <TicketOpenDialog conflict={a.conflict.conflict} onClose={a.conflict.close} />
    </header>
  );
}
