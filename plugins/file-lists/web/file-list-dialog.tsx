import { Button, FileInput, FormGroup, InputGroup, Intent, TextArea } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { RecordDialog, useRecordDialog } from "../../../web/src/ui/index.ts";
import { type FileListErrors, type FileListForm, messageKey, validateFileList } from "./file-list-form.ts";
import { type FileList, useCreateFileListMutation, useGetFileListQuery, useUpdateFileListMutation, useUploadFileListMutation } from "./file-lists-api.ts";

export interface FileListDialogProps {
  isOpen: boolean;
  /** null creates a new list. */
  listId: number | null;
  onClose: () => void;
  onSaved?: (list: FileList) => void;
}

/** Create or edit a file list (spec 002 §2.11): name, message and options with a file each (uploaded after the save). */
export function FileListDialog({ isOpen, listId, onClose, onSaved }: FileListDialogProps) {
  const { t } = useTranslation("file-lists");
  const [create] = useCreateFileListMutation();
  const [update] = useUpdateFileListMutation();
  const [upload] = useUploadFileListMutation();
  const dialog = useRecordDialog({
    isOpen,
    id: listId,
    useRecord: useGetFileListQuery,
    blank: (): FileListForm => ({ name: "", message: "", options: [] }),
    toForm: (list: FileList): FileListForm => ({
      name: list.name,
      message: list.message,
      options: list.options.map((o) => ({ id: o.id, name: o.name, fileName: o.originalName, file: null })),
    }),
    validate: (form): FileListErrors => validateFileList(form),
    save: async (form, id) => {
      const options = form.options.map((o) => ({ ...(o.id ? { id: o.id } : {}), name: o.name.trim() }));
      const payload = { name: form.name.trim(), message: form.message, options };
      const saved = await (id === null ? create(payload) : update({ id, ...payload })).unwrap();
      const picked = form.options.flatMap((o, i) => (o.file && saved.options[i] ? [{ optionId: saved.options[i]!.id, file: o.file }] : []));
      if (!picked.length) return saved;
      const body = new FormData();
      body.append("typeArch", "fileList");
      for (const p of picked) {
        body.append("fileId", String(p.optionId));
        body.append("files", p.file);
        body.append("mediaType", p.file.type);
      }
      return upload({ id: saved.id, form: body }).unwrap();
    },
    messages: { saved: t("messages.saved") },
    onClose,
    onSaved,
  });
  const { form, errors, set } = dialog;
  const helper = (key: keyof FileListErrors) => (errors[key] ? t(messageKey(errors[key]!)) : undefined);
  const setOption = (i: number, patch: Partial<FileListForm["options"][number]>) =>
    set(
      "options",
      form.options.map((o, j) => (j === i ? { ...o, ...patch } : o)),
    );

  return (
    <RecordDialog {...dialog.frame} ns="file-lists" icon="folder-open" width={560}>
      <FormGroup label={t("fields.name")} labelFor="file-list-name" intent={errors.name ? Intent.DANGER : Intent.NONE} helperText={helper("name")}>
        <InputGroup id="file-list-name" value={form.name} autoFocus onChange={(e) => set("name", e.target.value)} />
      </FormGroup>
      <FormGroup label={t("fields.message")} labelFor="file-list-message" intent={errors.message ? Intent.DANGER : Intent.NONE} helperText={helper("message")}>
        <TextArea id="file-list-message" fill rows={3} value={form.message} onChange={(e) => set("message", e.target.value)} />
      </FormGroup>
      <FormGroup label={t("fields.options")}>
        {form.options.map((o, i) => (
          <div key={o.id ?? `new-${i}`} style={{ display: "flex", gap: 8, marginBottom: 6 }}>
            <InputGroup
              aria-label={t("fields.optionName", { n: i + 1 })}
              value={o.name}
              placeholder={t("fields.optionName", { n: i + 1 })}
              onChange={(e) => setOption(i, { name: e.target.value })}
            />
            <FileInput
              text={o.file?.name ?? o.fileName ?? t("fields.chooseFile")}
              buttonText={t("fields.browse")}
              inputProps={{ "aria-label": t("fields.optionFile", { n: i + 1 }) }}
              onInputChange={(e) => setOption(i, { file: e.currentTarget.files?.[0] ?? null })}
            />
            <Button
              icon="trash"
              variant="minimal"
              intent={Intent.DANGER}
              aria-label={t("actions.removeOption", { n: i + 1 })}
              onClick={() =>
                set(
                  "options",
                  form.options.filter((_, j) => j !== i),
                )
              }
            />
          </div>
        ))}
        <Button icon="plus" variant="minimal" onClick={() => set("options", [...form.options, { name: "", fileName: null, file: null }])}>
          {t("actions.addOption")}
        </Button>
      </FormGroup>
    </RecordDialog>
  );
}
