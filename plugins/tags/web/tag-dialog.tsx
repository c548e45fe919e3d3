import { Button, FormGroup, InputGroup, Intent, Tag as Chip } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { RecordDialog, useRecordDialog } from "../../../web/src/ui/index.ts";
import { messageKey, randomColor, validateTag, type TagErrors, type TagForm } from "./tag-form.ts";
import { useCreateTagMutation, useGetTagQuery, useUpdateTagMutation, type Tag } from "./tags-api.ts";

export interface TagDialogProps {
  isOpen: boolean;
  /** null creates a new tag. */
  tagId: number | null;
  onClose: () => void;
  onSaved?: (tag: Tag) => void;
}

/** Create or edit a tag: name and colour (spec 000 §2 /tags). */
export function TagDialog({ isOpen, tagId, onClose, onSaved }: TagDialogProps) {
  const { t } = useTranslation("tags");
  const [createTag] = useCreateTagMutation();
  const [updateTag] = useUpdateTagMutation();
  const dialog = useRecordDialog({
    isOpen,
    id: tagId,
    useRecord: useGetTagQuery,
    blank: (): TagForm => ({ name: "", color: randomColor() }),
    toForm: (tag: Tag): TagForm => ({ name: tag.name, color: tag.color }),
    validate: validateTag,
    save: (form, id) => {
      const payload = { name: form.name.trim(), color: form.color };
      return (id === null ? createTag({ ...payload, kanban: 0 }) : updateTag({ id, ...payload })).unwrap();
    },
    codeErrors: { ERR_DUPLICATED_NAME: { name: t("validation.duplicated") } satisfies TagErrors },
    messages: { saved: t("messages.saved") },
    onClose,
    onSaved,
  });
  const { form, errors, set } = dialog;
  const helper = (key: keyof TagForm) => (errors[key] ? t(messageKey(errors[key]!)) : undefined);

  return (
    <RecordDialog {...dialog.frame} ns="tags" icon="tag" width={440}>
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
    </RecordDialog>
  );
}
