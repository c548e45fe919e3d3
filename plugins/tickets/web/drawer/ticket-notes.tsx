import { useState, type FormEvent } from "react";
import { Button, FormGroup, Intent, TextArea } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../../web/src/session/session.ts";
import { ConfirmDialog } from "../../../../web/src/ui/confirm-dialog.tsx";
import { formatDateTime } from "../../../../web/src/ui/format-date.ts";
import { toastError, toastSuccess } from "../../../../web/src/ui/toast.ts";
import { useConfirmedAction } from "../../../../web/src/ui/use-confirmed-action.ts";
import type { TicketNoteView } from "../../shared/ticket-types.ts";
import { useAddTicketNoteMutation, useDeleteTicketNoteMutation, useTicketNotesQuery } from "../extras-api.ts";

/** Spec 000 §5: a note is required, at least 2 characters. */
export const MIN_NOTE = 2;

/** The validation message key for a typed note, or null when it may be saved. */
export function noteError(note: string): "required" | "tooShort" | null {
  const text = note.trim();
  if (!text) return "required";
  return text.length < MIN_NOTE ? "tooShort" : null;
}

/** The ticket's observations: add one, read them newest first (200 px list), delete one's own. */
export function TicketNotes({ ticketId, contactId }: { ticketId: number; contactId: number }) {
  const { t } = useTranslation("tickets");
  const { user, isAdmin } = useSession();
  const { data = [] } = useTicketNotesQuery({ ticketId, contactId });
  const [addNote, adding] = useAddTicketNoteMutation();
  const [deleteNote, deleting] = useDeleteTicketNoteMutation();
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const deletion = useConfirmedAction((n: TicketNoteView) => deleteNote({ id: n.id, ticketId }).unwrap(), { success: t("actions.notes.deleted") });
  const notes = [...data].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const problem = noteError(note);
    if (problem) return setError(t(`actions.notes.${problem}`, { count: MIN_NOTE }));
    try {
      await addNote({ note: note.trim(), ticketId, contactId }).unwrap();
      setNote("");
      toastSuccess(t("actions.notes.added"));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <section aria-label={t("actions.notes.title")}>
      <h5 className="bp6-heading">{t("actions.notes.title")}</h5>
      <form onSubmit={submit} noValidate>
        <FormGroup labelFor="ticket-note" label={t("actions.notes.label")} intent={error ? Intent.DANGER : Intent.NONE} helperText={error ?? undefined}>
          <TextArea
            id="ticket-note"
            fill
            rows={3}
            value={note}
            intent={error ? Intent.DANGER : Intent.NONE}
            placeholder={t("actions.notes.placeholder")}
            onChange={(e) => {
              setNote(e.target.value);
              setError(null);
            }}
          />
        </FormGroup>
        <Button type="submit" icon="floppy-disk" intent={Intent.PRIMARY} text={t("actions.notes.save")} loading={adding.isLoading} size="small" />
      </form>
      {notes.length ? (
        <ul aria-label={t("actions.notes.list")} style={{ listStyle: "none", margin: "12px 0 0", padding: 0, maxHeight: 200, overflowY: "auto" }}>
          {notes.map((n) => (
            <li key={n.id} data-testid="ticket-note" style={{ padding: "6px 0", borderBottom: "1px solid rgba(128,128,128,.2)", display: "flex", gap: 6 }}>
              <div style={{ flex: 1, minWidth: 0 }}>
                <div style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>{n.note}</div>
                <div className="bp6-text-muted bp6-text-small">
                  {n.user?.name ?? t("actions.notes.unknownAuthor")} · {formatDateTime(n.createdAt)}
                </div>
              </div>
              {n.user?.id === user?.id || isAdmin ? (
                <Button variant="minimal" size="small" icon="trash" aria-label={t("actions.notes.delete")} onClick={() => deletion.ask(n)} />
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="bp6-text-muted" style={{ marginTop: 8 }}>
          {t("actions.notes.empty")}
        </p>
      )}
      <ConfirmDialog {...deletion.dialog} title={t("actions.notes.deleteTitle")} message={t("actions.notes.deleteMessage")} loading={deleting.isLoading} />
    </section>
  );
}
