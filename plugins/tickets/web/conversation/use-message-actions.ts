import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../../web/src/ui/toast.ts";
import type { MessageView } from "../../shared/ticket-types.ts";
import { useDeleteMessageMutation, useLazyTranscribeAudioQuery } from "../messages-api.ts";
import type { MessageActions } from "./message-bubble.tsx";
import { transcriptionFile } from "./message-rules.ts";

/**
 * What the bubbles' menus do: reply (quote in the composer), edit and delete (dialogs),
 * forward (selection mode), transcribe (text under the bubble).
 */
export function useMessageActions(markDeleted: (m: MessageView) => void) {
  const { t } = useTranslation("tickets");
  const [quoted, setQuoted] = useState<MessageView | null>(null);
  const [editing, setEditing] = useState<MessageView | null>(null);
  const [deleting, setDeleting] = useState<MessageView | null>(null);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [transcripts, setTranscripts] = useState<Record<number, string>>({});
  const [transcribe] = useLazyTranscribeAudioQuery();
  const [remove, removing] = useDeleteMessageMutation();

  const actions: MessageActions = useMemo(
    () => ({
      onReply: setQuoted,
      onEdit: setEditing,
      onDelete: setDeleting,
      onForward: (m) => {
        setSelecting(true);
        setSelected(new Set([m.id]));
      },
      onTranscribe: async (m) => {
        const file = transcriptionFile(m.mediaUrl);
        if (!file) return toastError(t("conversation.transcribe.badUrl"));
        setTranscripts((all) => ({ ...all, [m.id]: t("conversation.transcribe.working") }));
        try {
          const answer = await transcribe(file).unwrap();
          if (typeof answer?.transcribedText !== "string") throw new Error(t("conversation.transcribe.failed"));
          setTranscripts((all) => ({ ...all, [m.id]: answer.transcribedText as string }));
        } catch (err) {
          setTranscripts(({ [m.id]: _dropped, ...rest }) => rest);
          toastError(err);
        }
      },
    }),
    [t, transcribe],
  );

  const toggleSelect = (m: MessageView) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(m.id)) next.delete(m.id);
      else next.add(m.id);
      return next;
    });

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove(deleting.id).unwrap();
      markDeleted(deleting);
    } catch (err) {
      toastError(err);
    } finally {
      setDeleting(null);
    }
  };

  return {
    actions,
    quoted,
    clearQuoted: () => setQuoted(null),
    editing,
    closeEdit: () => setEditing(null),
    deleting,
    deleteBusy: removing.isLoading,
    confirmDelete,
    cancelDelete: () => setDeleting(null),
    selecting,
    selected,
    toggleSelect,
    stopSelecting: () => {
      setSelecting(false);
      setSelected(new Set());
    },
    transcripts,
  };
}
