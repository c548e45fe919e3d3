import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { useSession } from "../../../../web/src/session/session.ts";
import { useAppDispatch } from "../../../../web/src/store/store.ts";
import { toastError, toastSuccess, toastWarning } from "../../../../web/src/ui/toast.ts";
import type { TicketUpdateBody, TicketView } from "../../shared/ticket-types.ts";
import { extrasApi, useLazyContactTagIdsQuery } from "../extras-api.ts";
import { useDeleteTicketMutation, useUpdateTicketMutation } from "../tickets-api.ts";
import { collectMessages, downloadFile, exportFileName, transcriptPdf, type TranscriptLabels } from "./pdf-export.ts";
import type { TransferChoice } from "./transfer-dialog.tsx";
import { useTicketConflict } from "./use-ticket-conflict.ts";

/** The header's dialogs; one at a time. */
export type TicketDialog = "accept" | "reopenConfirm" | "reopenQueue" | "resolve" | "transfer" | "delete" | "log";

/**
 * The ticket's actions (spec 000 §4) with their rules: who may do what, which dialog comes
 * first, what is sent, and where the person goes afterwards.
 */
export function useTicketActions(ticket: TicketView) {
  const { t } = useTranslation("tickets");
  const { user, settings, isAdmin, can } = useSession();
  const me = user?.id ?? null;
  const [, navigate] = useLocation();
  const dispatch = useAppDispatch();
  const [update, updating] = useUpdateTicketMutation();
  const [deleteTicket, deleting] = useDeleteTicketMutation();
  const [loadContactTags, contactTags] = useLazyContactTagIdsQuery();
  const conflict = useTicketConflict();
  const [dialog, setDialog] = useState<TicketDialog | null>(null);
  const [exporting, setExporting] = useState(false);

  /** PUT /tickets/{id}; a conflict closes the dialog and is shown, other failures toast and keep it. */
  const run = async (body: TicketUpdateBody, after?: (updated: TicketView) => void) => {
    try {
      const updated = await update({ id: ticket.id, ...body }).unwrap();
      setDialog(null);
      after?.(updated);
    } catch (err) {
      if (conflict.handle(err)) setDialog(null);
      else toastError(err);
    }
  };
  const toList = () => navigate("/tickets");
  const toTicket = (updated: TicketView) => navigate(`/tickets/${updated.uuid || ticket.uuid}`);

  const acceptInto = (queueId: number) => run({ status: "open", userId: me, queueId }, toTicket);
  const reopenInto = (queueId: number) =>
    run({ status: "open", userId: me, queueId }, (updated) => {
      // The server may answer with the contact's other live ticket: someone else's is named, not opened.
      if (updated.id !== ticket.id && updated.userId !== null && updated.userId !== me) {
        conflict.show({ id: updated.id, uuid: updated.uuid, status: updated.status, userId: updated.userId, user: updated.user, queue: updated.queue });
      } else toTicket(updated);
    });

  const resolve = async () => {
    if (settings.requiredTag === "enabled") {
      try {
        const found = await loadContactTags(ticket.contactId).unwrap();
        if (found.tags.length === 0) return toastWarning(t("actions.messages.requiredTag"));
      } catch (err) {
        return toastError(err);
      }
    }
    setDialog("resolve");
  };

  const labels: TranscriptLabels = {
    title: t("actions.pdf.title"),
    contact: t("actions.pdf.contact"),
    number: t("actions.pdf.number"),
    ticket: t("actions.pdf.ticket"),
    createdAt: t("actions.pdf.createdAt"),
    exportedAt: t("actions.pdf.exportedAt"),
    queue: t("actions.fields.queue"),
    user: t("actions.fields.user"),
    attendant: t("actions.pdf.attendant"),
    deleted: t("actions.pdf.deleted"),
    privateNote: t("actions.pdf.private"),
  };

  const exportPdf = async () => {
    setExporting(true);
    try {
      const messages = await collectMessages((pageNumber) =>
        dispatch(extrasApi.endpoints.exportMessagesPage.initiate({ uuid: ticket.uuid, pageNumber }, { subscribe: false })).unwrap(),
      );
      if (messages.length === 0) return toastWarning(t("actions.messages.nothingToExport"));
      const names = new Map<number, string>();
      try {
        const users = await dispatch(extrasApi.endpoints.userOptions.initiate(undefined, { subscribe: false })).unwrap();
        for (const u of users) names.set(u.id, u.name);
      } catch {
        // names are a nicety: without them fromMe lines name the ticket's attendant
      }
      downloadFile(transcriptPdf(ticket, messages, names, labels), exportFileName(ticket.id));
    } catch (err) {
      toastError(err);
    } finally {
      setExporting(false);
    }
  };

  return {
    dialog,
    setDialog,
    closeDialog: () => setDialog(null),
    conflict,
    busy: updating.isLoading || deleting.isLoading,
    checkingTags: contactTags.isFetching,
    exporting,
    /** Ignore: admin, or a user with userClosePendingTicket enabled (spec 000 §4, §6). */
    canIgnore: isAdmin || user?.userClosePendingTicket === "enabled",
    canDelete: can("ticket-options:deleteTicket"),

    accept: () => (ticket.queueId === null ? setDialog("accept") : acceptInto(ticket.queueId)),
    acceptInto,
    ignore: () => run({ status: "closed", sendFarewellMessage: false }, toList),
    resolve,
    // closed alone would ask the rating as the original clients expect: the unticked box says no (issue 32).
    resolveWith: (sendFarewellMessage: boolean, sendRating = false) =>
      run(sendRating ? { status: "nps", userId: me, sendFarewellMessage } : { status: "closed", userId: me, sendFarewellMessage, sendRating: false }, toList),
    /** The resolve dialog offers the rating (issue 14) when the company's userRating is enabled; never for groups. */
    ratingAvailable: settings.userRating === "enabled" && !ticket.isGroup,
    returnToQueue: () => run({ status: "pending", userId: null }, toList),
    transfer: ({ queueId, userId, msgTransfer }: TransferChoice) =>
      run(
        {
          queueId,
          userId,
          // a group keeps its own status when someone takes it (spec 000 §4 Transfer)
          status: userId !== null ? (ticket.status === "group" ? "group" : "open") : "pending",
          msgTransfer,
          isTransfered: true,
        },
        (updated) => {
          toastSuccess(t("actions.messages.transferred"));
          // With closeTicketOnTransfer the server answers the new ticket: follow it when it is ours.
          if (userId !== me) toList();
          else if (updated.uuid !== ticket.uuid) toTicket(updated);
        },
      ),
    reopen: () => (ticket.queueId === null ? setDialog("reopenQueue") : reopenInto(ticket.queueId)),
    reopenInto,
    toggleIntegration: () => run({ useIntegration: !ticket.useIntegration }),
    remove: async () => {
      try {
        await deleteTicket(ticket.id).unwrap();
        setDialog(null);
        toastSuccess(t("actions.messages.deleted"));
        toList();
      } catch (err) {
        toastError(err);
      }
    },
    exportPdf,
  };
}
