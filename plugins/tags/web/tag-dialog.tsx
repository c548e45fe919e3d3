import { useEffect, useState, type FormEvent } from "react";
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent, Spinner, Tag as Chip } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { toastError, toastSuccess } from "../../../web/src/ui/toast.ts";
import { messageKey, randomColor, validateTag, type TagErrors, type TagForm } from "./tag-form.ts";
import { useCreateTagMutation, useGetTagQuery, useUpdateTagMutation, type Tag } from "./tags-api.ts";

export interface TagDialogProps {
  isOpen: boolean;
  /** null creates a new tag. */
  tagId: number | null;
  onClose: () => void;
  onSaved?: (tag: Tag) => void;
}

/** The field messages of an ERR_VALIDATION answer, or ERR_DUPLICATED_NAME under the name. */
function serverErrors(err: unknown, duplicated: string): TagErrors | null {
  const data = (err as { data?: { error?: string; fields?: Record<string, string> } })?.data;
  if (data?.error === "ERR_DUPLICATED_NAME") return { name: duplicated };
  if (data?.error !== "ERR_VALIDATION" || !data.fields) return null;
  const out: TagErrors = {};
  if (data.fields.name) out.name = data.fields.name;
  if (data.fields.color) out.color = data.fields.color;
  return Object.keys(out).length ? out : null;
}

/** Create or edit a tag: name and colour (spec 000 §2 /tags). */
export function TagDialog({ isOpen, tagId, onClose, onSaved }: TagDialogProps) {
  const { t } = useTranslation("tags");
  const isNew = tagId === null;
  const { currentData: tag, isFetching } = useGetTagQuery(tagId ?? 0, { skip: !isOpen || isNew, refetchOnMountOrArgChange: true });
  const [createTag, creating] = useCreateTagMutation();
  const [updateTag, updating] = useUpdateTagMutation();
  const [form, setForm] = useState<TagForm>({ name: "", color: "#000000" });
  const [errors, setErrors] = useState<TagErrors>({});

  useEffect(() => {
    if (!isOpen) return;
    setErrors({});
    if (isNew) setForm({ name: "", color: randomColor() });
  }, [isOpen, isNew, tagId]);
  useEffect(() => {
    if (isOpen && !isNew && tag) setForm({ name: tag.name, color: tag.color });
  }, [isOpen, isNew, tag]);

  const set = (key: keyof TagForm, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const found = validateTag(form);
    if (Object.keys(found).length) return setErrors(found);
    try {
      const payload = { name: form.name.trim(), color: form.color };
      const saved = isNew ? await createTag({ ...payload, kanban: 0 }).unwrap() : await updateTag({ id: tagId, ...payload }).unwrap();
      toastSuccess(t("messages.saved"));
      onSaved?.(saved);
      onClose();
    } catch (err) {
      const fields = serverErrors(err, t("validation.duplicated"));
      if (fields) setErrors(fields);
      else toastError(err);
    }
  };

  const busy = creating.isLoading || updating.isLoading;
  const title = isNew ? t("dialog.addTitle") : t("dialog.editTitle");
  const helper = (key: keyof TagForm) => (errors[key] ? t(messageKey(errors[key]!)) : undefined);

  return (
    <Dialog isOpen={isOpen} onClose={busy ? undefined : onClose} title={title} icon="tag" style={{ width: 440, maxWidth: "calc(100vw - 32px)" }}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <DialogBody>
          {!isNew && isFetching && !tag ? (
            <Spinner size={32} />
          ) : (
            <>
              <FormGroup label={t("fields.name")} labelFor="tag-name" intent={errors.name ? Intent.DANGER : Intent.NONE} helperText={helper("name")}>
                <InputGroup id="tag-name" value={form.name} autoFocus intent={errors.name ? Intent.DANGER : Intent.NONE} onChange={(e) => set("name", e.target.value)} />
              </FormGroup>
              <FormGroup label={t("fields.color")} labelFor="tag-color" intent={errors.color ? Intent.DANGER : Intent.NONE} helperText={helper("color")}>
                <div style={{ display: "flex", gap: 8, alignItems: "center" }}>
                  <input id="tag-color" type="color" value={form.color} onChange={(e) => set("color", e.target.value)} style={{ width: 48, height: 30, padding: 0, border: "none" }} />
                  <Button icon="refresh" variant="minimal" aria-label={t("actions.randomColor")} onClick={() => set("color", randomColor())} />
                  <Chip round style={{ background: form.color, color: "#fff" }}>
                    {form.name.trim() || t("fields.preview")}
                  </Chip>
                </div>
              </FormGroup>
            </>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t("dialog.cancel")} variant="minimal" onClick={onClose} disabled={busy} />
              <Button type="submit" intent={Intent.PRIMARY} text={isNew ? t("dialog.add") : t("dialog.save")} loading={busy} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
