import { useEffect, useRef, useState, type FormEvent } from "react";
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent, Spinner, Switch, Tag as Chip, TextArea } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { toastError, toastSuccess } from "../../../web/src/ui/toast.ts";
import {
  useCreateQuickMessageMutation,
  useDeleteQuickMessageMediaMutation,
  useGetQuickMessageQuery,
  useUpdateQuickMessageMutation,
  useUploadQuickMessageMediaMutation,
  type QuickMessage,
} from "./quick-messages-api.ts";

export interface QuickMessageDialogProps {
  isOpen: boolean;
  /** null creates a new quick message. */
  quickMessageId: number | null;
  onClose: () => void;
  onSaved?: (record: QuickMessage) => void;
}

interface Form {
  shortcode: string;
  message: string;
  geral: boolean;
  visao: boolean;
}

const EMPTY: Form = { shortcode: "", message: "", geral: false, visao: false };

/** The shortcode's error from a refusal: taken (409) or the server's field message; null for anything else. */
function shortcodeError(err: unknown, taken: string, required: string): string | null {
  const data = (err as { data?: { error?: string; fields?: Record<string, string> } })?.data;
  if (data?.error === "ERR_DUPLICATED_NAME") return taken;
  if (data?.error === "ERR_VALIDATION" && data.fields?.shortcode) return data.fields.shortcode === "Required" ? required : data.fields.shortcode;
  return null;
}

/**
 * Create or edit a quick message (spec 000 §2 'quick message' dialog): shortcode (required),
 * message, the general and visible switches and one attachment. A new file is uploaded after
 * the record is saved (the upload needs its id); removing the attachment happens on save too.
 */
export function QuickMessageDialog({ isOpen, quickMessageId, onClose, onSaved }: QuickMessageDialogProps) {
  const { t } = useTranslation("quick-messages");
  const isNew = quickMessageId === null;
  const { currentData: record, isFetching } = useGetQuickMessageQuery(quickMessageId ?? 0, { skip: !isOpen || isNew, refetchOnMountOrArgChange: true });
  const [create, creating] = useCreateQuickMessageMutation();
  const [update, updating] = useUpdateQuickMessageMutation();
  const [upload, uploading] = useUploadQuickMessageMediaMutation();
  const [removeMedia, removing] = useDeleteQuickMessageMediaMutation();
  const [form, setForm] = useState<Form>(EMPTY);
  const [file, setFile] = useState<File | null>(null);
  const [dropMedia, setDropMedia] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    setError(null);
    setFile(null);
    setDropMedia(false);
    if (isNew) setForm(EMPTY);
  }, [isOpen, isNew, quickMessageId]);
  useEffect(() => {
    if (isOpen && !isNew && record) setForm({ shortcode: record.shortcode, message: record.message, geral: record.geral, visao: record.visao });
  }, [isOpen, isNew, record]);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (key === "shortcode") setError(null);
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!form.shortcode.trim()) return setError(t("validation.required"));
    try {
      const payload = { ...form, shortcode: form.shortcode.trim() };
      let saved = isNew ? await create(payload).unwrap() : await update({ id: quickMessageId, ...payload }).unwrap();
      if (dropMedia && saved.mediaPath && !file) saved = await removeMedia(saved.id).unwrap();
      if (file) saved = await upload({ id: saved.id, file }).unwrap();
      toastSuccess(t("messages.saved"));
      onSaved?.(saved);
      onClose();
    } catch (err) {
      const fieldError = shortcodeError(err, t("validation.duplicated"), t("validation.required"));
      if (fieldError) setError(fieldError);
      else toastError(err);
    }
  };

  const busy = creating.isLoading || updating.isLoading || uploading.isLoading || removing.isLoading;
  const title = isNew ? t("dialog.addTitle") : t("dialog.editTitle");
  const attachment = file ? file.name.replace(/\s/g, "_") : !dropMedia ? (record?.mediaName ?? null) : null;

  return (
    <Dialog isOpen={isOpen} onClose={busy ? undefined : onClose} title={title} icon="comment" style={{ width: 520, maxWidth: "calc(100vw - 32px)" }}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <DialogBody>
          {!isNew && isFetching && !record ? (
            <Spinner size={32} />
          ) : (
            <>
              <FormGroup label={t("fields.shortcode")} labelFor="qm-shortcode" intent={error ? Intent.DANGER : Intent.NONE} helperText={error ?? undefined}>
                <InputGroup
                  id="qm-shortcode"
                  autoFocus
                  value={form.shortcode}
                  intent={error ? Intent.DANGER : Intent.NONE}
                  onChange={(e) => set("shortcode", e.target.value)}
                />
              </FormGroup>
              <FormGroup label={t("fields.message")} labelFor="qm-message">
                <TextArea id="qm-message" fill rows={5} value={form.message} onChange={(e) => set("message", e.target.value)} />
              </FormGroup>
              <Switch label={t("fields.geral")} checked={form.geral} onChange={(e) => set("geral", e.currentTarget.checked)} />
              <Switch label={t("fields.visao")} checked={form.visao} onChange={(e) => set("visao", e.currentTarget.checked)} />
              <FormGroup label={t("fields.attachment")}>
                {attachment ? (
                  <div style={{ display: "flex", alignItems: "center", gap: 8 }}>
                    <Chip icon="paperclip" large minimal>
                      {attachment}
                    </Chip>
                    <Button
                      icon="trash"
                      variant="minimal"
                      intent={Intent.DANGER}
                      aria-label={t("dialog.removeAttachment")}
                      onClick={() => (file ? setFile(null) : setDropMedia(true))}
                    />
                  </div>
                ) : (
                  <Button icon="paperclip" text={t("dialog.attach")} onClick={() => fileInput.current?.click()} />
                )}
                <input
                  ref={fileInput}
                  type="file"
                  hidden
                  data-testid="qm-file"
                  onChange={(e) => {
                    const picked = e.target.files?.[0];
                    if (picked) setFile(picked);
                    e.target.value = "";
                  }}
                />
              </FormGroup>
            </>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t("dialog.cancel")} onClick={onClose} disabled={busy} />
              <Button type="submit" intent={Intent.PRIMARY} text={isNew ? t("dialog.add") : t("dialog.save")} loading={busy} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
