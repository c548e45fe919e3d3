import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAppDispatch } from "../../../web/src/store/store.ts";
import { toastError, toastSuccess } from "../../../web/src/ui/index.ts";
import type { TagChip } from "../../tickets/web/public.ts";
import { movedTags, useKanbanClearTicketTagsMutation, useKanbanSetTicketTagMutation } from "./kanban-api.ts";

/** A ticket's lane: the first of its tags that is a lane, or null (the default lane). */
export const laneOf = (tags: readonly TagChip[], laneIds: ReadonlySet<number>): number | null => tags.find((tag) => laneIds.has(tag.id))?.id ?? null;

/**
 * Moves a ticket to another lane (spec 002 §4.3, 000 §4 "Kanban stage"): first the old tag
 * links go (`DELETE /ticket-tags/{ticketId}`, which removes every tag of the ticket), then the
 * new lane is linked (`PUT /ticket-tags/{ticketId}/{tagId}`); null is the default lane (no
 * lane). The ticket's other tags, which are not lanes (the list's chips), are linked again, so
 * moving a card never loses them. Toasts the spec's 'Ticket Tag Adicionado com Sucesso!' /
 * 'Ticket Tag Removido!'.
 */
export function useMoveTicket() {
  const { t } = useTranslation("kanban");
  const dispatch = useAppDispatch();
  const [clearTags] = useKanbanClearTicketTagsMutation();
  const [setTag] = useKanbanSetTicketTagMutation();
  const [busy, setBusy] = useState(false);

  const move = useCallback(
    async (ticket: { id: number; tags: readonly TagChip[] }, toLaneId: number | null, laneIds: ReadonlySet<number>): Promise<boolean> => {
      setBusy(true);
      try {
        await clearTags(ticket.id).unwrap();
        if (toLaneId !== null) await setTag({ ticketId: ticket.id, tagId: toLaneId }).unwrap();
        for (const tag of ticket.tags) if (!laneIds.has(tag.id)) await setTag({ ticketId: ticket.id, tagId: tag.id }).unwrap();
        toastSuccess(toLaneId === null ? t("messages.removed") : t("messages.added"));
        return true;
      } catch (err) {
        toastError(err);
        return false;
      } finally {
        dispatch(movedTags(ticket.id));
        setBusy(false);
      }
    },
    [clearTags, setTag, dispatch, t],
  );
  return { move, busy };
}
