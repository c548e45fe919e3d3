import { useEffect, useState } from "react";
import { Button, Intent } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { emitRealtime, useCompanyEvent } from "../../../../web/src/realtime/realtime.ts";
import { ConfirmDialog, LoadingState, toastError } from "../../../../web/src/ui/index.ts";
import type { TicketEvent, TicketView } from "../../shared/ticket-types.ts";
import { ticketsApi, useTicketByUuidQuery } from "../tickets-api.ts";
import { TicketHeader } from "../actions/ticket-header.tsx";
import { ContactDrawer } from "../drawer/contact-drawer.tsx";
import { useAppDispatch } from "../../../../web/src/store/store.ts";
import { Composer } from "./composer.tsx";
import { EditMessageDialog } from "./edit-message-dialog.tsx";
import { ForwardDialog } from "./forward-dialog.tsx";
import { MessageList } from "./message-list.tsx";
import { ReplyWindowNotice } from "./reply-window-notice.tsx";
import { useMessageActions } from "./use-message-actions.ts";
import { useMessages } from "./use-messages.ts";
import { useSignature } from "./use-signature.ts";
import "./conversation.css";

/** The bar above the list while messages are being picked for forwarding. */
function SelectionBar({ count, onForward, onCancel }: { count: number; onForward: () => void; onCancel: () => void }) {
  const { t } = useTranslation("tickets");
  return (
    <div className="conversation-selection" role="toolbar" aria-label={t("conversation.forward.toolbar")}>
      <span>{t("conversation.forward.selected", { count })}</span>
      <Button icon="share" intent={Intent.PRIMARY} text={t("conversation.forward.forward")} onClick={onForward} />
      <Button variant="minimal" icon="cross" text={t("conversation.cancel")} onClick={onCancel} />
    </div>
  );
}

/** One loaded ticket: header, notice, messages, composer and the contact drawer. */
function LoadedConversation({ ticket }: { ticket: TicketView }) {
  const { t } = useTranslation("tickets");
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [forwarding, setForwarding] = useState(false);
  const list = useMessages(ticket.uuid, ticket.id);
  const acts = useMessageActions(list.markDeleted);
  const signature = useSignature();
  const forwardSelection = list.messages.filter((m) => acts.selected.has(m.id));

  const startForward = () => {
    // Forwarding with nothing selected is an error (spec 000 §5).
    if (!forwardSelection.length) return toastError(t("conversation.forward.noneSelected"));
    setForwarding(true);
  };

  return (
    <div className="conversation">
      <div className="conversation-main">
        <TicketHeader ticket={ticket} onOpenContact={() => setDrawerOpen(true)} />
        <ReplyWindowNotice ticket={ticket} messages={list.messages} />
        {acts.selecting ? <SelectionBar count={acts.selected.size} onForward={startForward} onCancel={acts.stopSelecting} /> : null}
        <MessageList
          ticket={ticket}
          messages={list.messages}
          hasMore={list.hasMore}
          loading={list.loading}
          loadOlder={list.loadOlder}
          actions={acts.actions}
          transcripts={acts.transcripts}
          selecting={acts.selecting}
          selected={acts.selected}
          onToggleSelect={acts.toggleSelect}
        />
        <Composer ticket={ticket} quoted={acts.quoted} onCancelQuote={acts.clearQuoted} onSent={list.upsert} signature={signature} />
      </div>
      <aside className={drawerOpen ? "conversation-drawer conversation-drawer-open" : "conversation-drawer"}>
        <ContactDrawer ticket={ticket} isOpen={drawerOpen} onClose={() => setDrawerOpen(false)} />
      </aside>

      <EditMessageDialog message={acts.editing} onClose={acts.closeEdit} onSaved={list.upsert} />
      <ConfirmDialog
        isOpen={acts.deleting !== null}
        title={t("conversation.delete.title")}
        message={t("conversation.delete.message")}
        onConfirm={() => void acts.confirmDelete()}
        onClose={acts.cancelDelete}
        loading={acts.deleteBusy}
      />
      <ForwardDialog
        isOpen={forwarding}
        messages={forwardSelection}
        signMessage={signature.sign}
        onClose={() => setForwarding(false)}
        onDone={() => {
          setForwarding(false);
          acts.stopSelecting();
        }}
      />
    </div>
  );
}

/**
 * /tickets/{uuid} (spec 000 §2): loads the ticket (an unknown one goes back to /tickets),
 * joins its realtime room while open and follows its live changes.
 */
export function TicketConversation({ uuid }: { uuid: string }) {
  const [, navigate] = useLocation();
  const dispatch = useAppDispatch();
  const { currentData: ticket, isError, error } = useTicketByUuidQuery(uuid, { refetchOnMountOrArgChange: true });

  useEffect(() => {
    if (!isError) return;
    toastError(error);
    navigate("/tickets");
  }, [isError, error, navigate]);

  useEffect(() => {
    emitRealtime("joinTicket", uuid);
    return () => emitRealtime("leaveTicket", uuid);
  }, [uuid]);

  // Status, attendant and queue changed elsewhere reach the header and the composer here.
  useCompanyEvent("ticket", (payload: TicketEvent) => {
    if (!ticket) return;
    if (payload?.action === "update" && payload.ticket?.id === ticket.id) {
      dispatch(ticketsApi.util.updateQueryData("ticketByUuid", uuid, () => payload.ticket));
    } else if (payload?.action === "delete" && payload.ticketId === ticket.id) {
      navigate("/tickets");
    }
  });

  if (!ticket) return isError ? null : <LoadingState fill />;
  return <LoadedConversation key={ticket.id} ticket={ticket} />;
}
