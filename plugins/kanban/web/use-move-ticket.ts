import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAppDispatch } from "../../../web/src/store/store.ts";
import { toastError, toastSuccess } from "../../../web/src/ui/index.ts";
import type { TagChip } from "../../tickets/web/public.ts";
import { movedTags, useKanbanMoveTicketMutation } from "./kanban-api.ts";

/** A ticket's lane: the first of its tags that is a lane, or null (the default lane). */
export const laneOf = (tags: readonly TagChip[], laneIds: ReadonlySet<number>): number | null => tags.find((tag) => laneIds.has(tag.id))?.id ?? null;

/**
 * Moves a ticket to another lane (spec 002 §4.3, 000 §4 "Kanban stage"): ONE call, `PUT
 * /ticket/kanban/{ticketId}`, whose single transaction removes the old lane link and sets the
 * new one (null is the default lane: no lane); the ticket's other tags (the list's chips) stay.
 * A failure changes nothing, so the caller shows the ticket where it was. Answers whether it
 * moved; toasts the spec's 'Ticket Tag Adicionado com Sucesso!' / 'Ticket Tag Removido!'.
 */
export function useMoveTicket() {
  const { t } = useTranslation("kanban");
  const dispatch = useAppDispatch();
  const [moveTicket] = useKanbanMoveTicketMutation();
  const [busy, setBusy] = useState(false);

  const move = useCallback(
    async (ticket: { id: number }, toLaneId: number | null): Promise<boolean> => {
      setBusy(true);
      try {
        await moveTicket({ ticketId: ticket.id, laneId: toLaneId }).unwrap();
        toastSuccess(toLaneId === null ? t("messages.removed") : t("messages.added"));
        dispatch(movedTags(ticket.id));
        return true;
      } catch (err) {
        toastError(err);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [moveTicket, dispatch, t],
  );
  return { move, busy };
}
