import { useRef, useState } from "react";
import { Button, FormGroup, InputGroup, Intent, Switch, Tag as Chip, TextArea } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { RecordDialog, refusalOf, useRecordDialog, validationFields } from "../../../web/src/ui/index.ts";
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
type FormErrors = { shortcode?: string };

const EMPTY: Form = { shortcode: "", message: "", geral: false, visao: false };

/** The shortcode's error from a refusal: taken (409) or the server's field message; null for anything else. */
function shortcodeError(err: unknown, taken: string, required: string): FormErrors | null {
  if (refusalOf(err)?.error === "ERR_DUPLICATED_NAME") return { shortcode: taken };
  const shortcode = validationFields(err)?.shortcode;
  return shortcode ? { shortcode: shortcode === "Required" ? required : shortcode } : null;
}

/**
 * Create or edit a quick message (spec 000 §2 'quick message' dialog): shortcode (required),
 * message, the general and visible switches and one attachment. A new file is uploaded after
 * the record is saved (the upload needs its id); removing the attachment happens on save too.
 */
export function QuickMessageDialog({ isOpen, quickMessageId, onClose, onSaved }: QuickMessageDialogProps) {
  const { t } = useTranslation("quick-messages");
  const [create] = useCreateQuickMessageMutation();
  const [update] = useUpdateQuickMessageMutation();
  const [upload] = useUploadQuickMessageMediaMutation();
  const [removeMedia] = useDeleteQuickMessageMediaMutation();
  const [file, setFile] = useState<File | null>(null);
  const [dropMedia, setDropMedia] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const dialog = useRecordDialog({
    isOpen,
    id: quickMessageId,
    useRecord: useGetQuickMessageQuery,
    blank: () => EMPTY,
    toForm: (record: QuickMessage): Form => ({ shortcode: record.shortcode, message: record.message, geral: record.geral, visao: record.visao }),
    validate: (form): FormErrors => (form.shortcode.trim() ? {} : { shortcode: t("validation.required") }),
    save: async (form, id) => {
      const payload = { ...form, shortcode: form.shortcode.trim() };
      let saved = await (id === null ? create(payload) : update({ id, ...payload })).unwrap();
      if (dropMedia && saved.mediaPath && !file) saved = await removeMedia(saved.id).unwrap();
      if (file) saved = await upload({ id: saved.id, file }).unwrap();
      return saved;
    },
    fieldErrors: (err) => shortcodeError(err, t("validation.duplicated"), t("validation.required")),
    messages: { saved: t("messages.saved") },
    onClose,
    onSaved,
    onOpen: () => {
      setFile(null);
      setDropMedia(false);
    },
  });
  const { form, set, record } = dialog;
  const error = dialog.errors.shortcode;
  const attachment = file ? file.name.replace(/\s/g, "_") : !dropMedia ? (record?.mediaName ?? null) : null;

  return (
    <RecordDialog {...dialog.frame} ns="quick-messages" icon="comment" width={520}>
      <FormGroup label={t("fields.shortcode")} labelFor="qm-shortcode" intent={error ? Intent.DANGER : Intent.NONE} helperText={error}>
        <InputGroup id="qm-shortcode" autoFocus value={form.shortcode} intent={error ? Intent.DANGER : Intent.NONE} onChange={(e) => set("shortcode", e.target.value)} />
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
            <Button icon="trash" variant="minimal" intent={Intent.DANGER} aria-label={t("dialog.removeAttachment")} onClick={() => (file ? setFile(null) : setDropMedia(true))} />
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
    </RecordDialog>
  );
}
