import { Button, FormGroup, HTMLSelect, InputGroup, Intent, Tag as Chip, TextArea } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { RecordDialog, useRecordDialog } from "../../../web/src/ui/index.ts";
import { messageKey, randomColor, validateTag, type TagErrors, type TagForm } from "./tag-form.ts";
import { useCreateTagMutation, useGetTagQuery, useLaneOptionsQuery, useUpdateTagMutation, type Tag } from "./tags-api.ts";

export interface TagDialogProps {
  isOpen: boolean;
  /** null creates a new tag. */
  tagId: number | null;
  onClose: () => void;
  onSaved?: (tag: Tag) => void;
  /**
   * A kanban lane (the kanban plugin's /TagsKanban): created with kanban = 1, and the lane
   * fields shown: its timer (timeLane hours, then nextLaneId with that lane's greeting), the
   * lane a customer's message brings the ticket back to, and the greeting sent on arrival.
   */
  kanban?: boolean;
}

const laneId = (v: string | undefined) => (v ? Number(v) : null);
const laneText = (v: number | null | undefined) => (v ? String(v) : "");

/** Create or edit a tag: name and colour (spec 000 §2 /tags); with `kanban`, a lane, titled as one. */
export function TagDialog({ isOpen, tagId, onClose, onSaved, kanban = false }: TagDialogProps) {
  const { t } = useTranslation("tags");
  const [createTag] = useCreateTagMutation();
  const [updateTag] = useUpdateTagMutation();
  // Read afresh at each opening: another user's lanes may have changed meanwhile.
  const { data: lanes = [] } = useLaneOptionsQuery(undefined, { skip: !kanban || !isOpen, refetchOnMountOrArgChange: true });
  const dialog = useRecordDialog({
    isOpen,
    id: tagId,
    useRecord: useGetTagQuery,
    blank: (): TagForm =>
      kanban ? { name: "", color: randomColor(), timeLane: "0", nextLaneId: "", rollbackLaneId: "", greetingMessageLane: "" } : { name: "", color: randomColor() },
    toForm: (tag: Tag): TagForm =>
      kanban
        ? {
            name: tag.name,
            color: tag.color,
            timeLane: String(tag.timeLane),
            nextLaneId: laneText(tag.nextLaneId),
            rollbackLaneId: laneText(tag.rollbackLaneId),
            greetingMessageLane: tag.greetingMessageLane,
          }
        : { name: tag.name, color: tag.color },
    validate: validateTag,
    save: (form, id) => {
      const lane = kanban
        ? {
            timeLane: Number(form.timeLane?.trim() || 0),
            nextLaneId: laneId(form.nextLaneId),
            rollbackLaneId: laneId(form.rollbackLaneId),
            greetingMessageLane: form.greetingMessageLane ?? "",
          }
        : {};
      const payload = { name: form.name.trim(), color: form.color, ...lane };
      return (id === null ? createTag({ ...payload, kanban: kanban ? 1 : 0 }) : updateTag({ id, ...payload })).unwrap();
    },
    codeErrors: { ERR_DUPLICATED_NAME: { name: t("validation.duplicated") } satisfies TagErrors },
    messages: { saved: t(kanban ? "laneDialog.saved" : "messages.saved") },
    onClose,
    onSaved,
  });
  const { form, errors, set } = dialog;
  const helper = (key: keyof TagForm) => (errors[key] ? t(messageKey(errors[key]!)) : undefined);
  const others = [{ value: "", label: t("fields.noLane") }, ...lanes.filter((l) => l.id !== tagId).map((l) => ({ value: String(l.id), label: l.name }))];

  return (
    <RecordDialog
      {...dialog.frame}
      ns="tags"
      titleKeys={kanban ? { add: "laneDialog.addTitle", edit: "laneDialog.editTitle" } : undefined}
      icon={kanban ? "column-layout" : "tag"}
      width={440}
    >
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
      {kanban ? (
        <>
          <div style={{ display: "flex", gap: 12 }}>
            <FormGroup
              label={t("fields.timeLane")}
              labelFor="tag-time-lane"
              intent={errors.timeLane ? Intent.DANGER : Intent.NONE}
              helperText={helper("timeLane")}
              style={{ width: 130 }}
            >
              <InputGroup id="tag-time-lane" type="number" min={0} value={form.timeLane ?? "0"} onChange={(e) => set("timeLane", e.target.value)} />
            </FormGroup>
            <FormGroup label={t("fields.nextLane")} labelFor="tag-next-lane" style={{ flex: 1 }}>
              <HTMLSelect id="tag-next-lane" fill value={form.nextLaneId ?? ""} onChange={(e) => set("nextLaneId", e.currentTarget.value)} options={others} />
            </FormGroup>
          </div>
          <FormGroup label={t("fields.rollbackLane")} labelFor="tag-rollback-lane" helperText={t("fields.rollbackLaneHelp")}>
            <HTMLSelect id="tag-rollback-lane" fill value={form.rollbackLaneId ?? ""} onChange={(e) => set("rollbackLaneId", e.currentTarget.value)} options={others} />
          </FormGroup>
          <FormGroup
            label={t("fields.greetingMessageLane")}
            labelFor="tag-greeting"
            intent={errors.greetingMessageLane ? Intent.DANGER : Intent.NONE}
            helperText={helper("greetingMessageLane") ?? t("fields.greetingHelp", { vars: "{{firstName}}, {{name}}, {{protocol}}…" })}
          >
            <TextArea id="tag-greeting" fill rows={3} value={form.greetingMessageLane ?? ""} onChange={(e) => set("greetingMessageLane", e.target.value)} />
          </FormGroup>
        </>
      ) : null}
    </RecordDialog>
  );
}
