import { useEffect, useState, type FormEvent } from "react";
import { Button, Dialog, DialogBody, DialogFooter, FileInput, FormGroup, HTMLSelect, InputGroup, Intent, TextArea } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { toastError, toastSuccess } from "../../../web/src/ui/index.ts";
import {
  useCreateAnnouncementMutation,
  useDeleteAnnouncementMediaMutation,
  useUpdateAnnouncementMutation,
  useUploadAnnouncementMediaMutation,
  type Announcement,
} from "./announcements-api.ts";
import { imageProblem, mediaSrc } from "./media-url.ts";
import { PRIORITIES, PRIORITY_LABEL_KEYS, priorityOf, type Priority } from "./priority.tsx";

export interface AnnouncementDialogProps {
  isOpen: boolean;
  /** The row being edited; null creates. */
  announcement: Announcement | null;
  onClose: () => void;
  onSaved: (record: Announcement) => void;
}

/** The form's status choice, sent as spec 002 words (the server answers the boolean). */
type StatusChoice = "active" | "inactive";
/** The dialog's fields: what the server answers for them, the priority narrowed to its three levels. */
type AnnouncementForm = Pick<Announcement, "title" | "text"> & { priority: Priority; status: StatusChoice };

const blank: AnnouncementForm = { title: "", text: "", priority: 3, status: "active" };

/** Add/edit dialog: title, text, priority, status and one png/jpg/jpeg image. */
export function AnnouncementDialog({ isOpen, announcement, onClose, onSaved }: AnnouncementDialogProps) {
  const { t } = useTranslation("announcements");
  const [form, setForm] = useState<AnnouncementForm>(blank);
  const [errors, setErrors] = useState<Partial<Record<"title" | "text" | "image", string>>>({});
  const [file, setFile] = useState<File | null>(null);
  const [dropMedia, setDropMedia] = useState(false);
  const [saving, setSaving] = useState(false);
  const [create] = useCreateAnnouncementMutation();
  const [update] = useUpdateAnnouncementMutation();
  const [upload] = useUploadAnnouncementMediaMutation();
  const [deleteMedia] = useDeleteAnnouncementMediaMutation();

  useEffect(() => {
    if (!isOpen) return;
    setForm(
      announcement
        ? { title: announcement.title, text: announcement.text, priority: priorityOf(announcement.priority), status: announcement.status ? "active" : "inactive" }
        : blank,
    );
    setErrors({});
    setFile(null);
    setDropMedia(false);
  }, [isOpen, announcement]);

  const existingMedia = announcement?.mediaUrl && !dropMedia ? announcement : null;

  const pickFile = (picked: File | undefined) => {
    if (!picked) return;
    const problem = imageProblem(picked);
    setErrors((e) => ({ ...e, image: problem ? t(problem) : undefined }));
    setFile(problem ? null : picked);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: typeof errors = {};
    if (!form.title.trim()) found.title = t("validation.required");
    if (!form.text.trim()) found.text = t("validation.required");
    setErrors(found);
    if (found.title || found.text) return;
    setSaving(true);
    try {
      let record = announcement ? await update({ id: announcement.id, ...form }).unwrap() : await create(form).unwrap();
      if (file) record = await upload({ id: record.id, file }).unwrap();
      else if (dropMedia && announcement?.mediaUrl) record = await deleteMedia(record.id).unwrap();
      onSaved(record);
      toastSuccess(t("messages.saved"));
      onClose();
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={saving ? undefined : onClose}
      title={t(announcement ? "dialog.editTitle" : "dialog.addTitle")}
      style={{ width: 560, maxWidth: "calc(100vw - 32px)" }}
    >
      <form onSubmit={submit} noValidate>
        <DialogBody>
          <FormGroup label={t("fields.title")} labelFor="announcement-title" intent={errors.title ? Intent.DANGER : Intent.NONE} helperText={errors.title}>
            <InputGroup
              id="announcement-title"
              value={form.title}
              maxLength={200}
              intent={errors.title ? Intent.DANGER : Intent.NONE}
              onChange={(e) => setForm({ ...form, title: e.target.value })}
            />
          </FormGroup>
          <FormGroup label={t("fields.text")} labelFor="announcement-text" intent={errors.text ? Intent.DANGER : Intent.NONE} helperText={errors.text}>
            <TextArea
              id="announcement-text"
              value={form.text}
              rows={5}
              fill
              intent={errors.text ? Intent.DANGER : Intent.NONE}
              onChange={(e) => setForm({ ...form, text: e.target.value })}
            />
          </FormGroup>
          <div style={{ display: "flex", gap: 12 }}>
            <FormGroup label={t("fields.priority")} labelFor="announcement-priority" style={{ flex: 1 }}>
              <HTMLSelect id="announcement-priority" fill value={form.priority} onChange={(e) => setForm({ ...form, priority: priorityOf(Number(e.target.value)) })}>
                {PRIORITIES.map((p) => (
                  <option key={p} value={p}>
                    {t(PRIORITY_LABEL_KEYS[p])}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
            <FormGroup label={t("fields.status")} labelFor="announcement-status" style={{ flex: 1 }}>
              <HTMLSelect id="announcement-status" fill value={form.status} onChange={(e) => setForm({ ...form, status: e.target.value as StatusChoice })}>
                <option value="active">{t("status.active")}</option>
                <option value="inactive">{t("status.inactive")}</option>
              </HTMLSelect>
            </FormGroup>
          </div>
          <FormGroup label={t("fields.image")} labelFor="announcement-image" intent={errors.image ? Intent.DANGER : Intent.NONE} helperText={errors.image ?? t("fields.imageHelp")}>
            {existingMedia ? (
              <div style={{ display: "flex", alignItems: "center", gap: 8, marginBottom: 8 }}>
                <img src={mediaSrc(existingMedia.mediaUrl) ?? undefined} alt={existingMedia.mediaName ?? ""} style={{ maxHeight: 48, borderRadius: 3 }} />
                <span style={{ flex: 1, overflow: "hidden", textOverflow: "ellipsis" }}>{existingMedia.mediaName}</span>
                <Button icon="trash" variant="minimal" intent={Intent.DANGER} aria-label={t("actions.removeImage")} onClick={() => setDropMedia(true)} />
              </div>
            ) : null}
            <FileInput
              fill
              text={file?.name ?? t("fields.chooseImage")}
              buttonText={t("actions.browse")}
              hasSelection={!!file}
              inputProps={{ id: "announcement-image", accept: ".png,.jpg,.jpeg,image/png,image/jpeg" }}
              onInputChange={(e) => pickFile((e.target as HTMLInputElement).files?.[0])}
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t("actions.cancel")} variant="minimal" onClick={onClose} disabled={saving} />
              <Button type="submit" intent={Intent.PRIMARY} text={t(announcement ? "actions.save" : "actions.add")} loading={saving} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
