import { useEffect, useState, type FormEvent } from "react";
import { Button, FormGroup, HTMLTable, InputGroup, Intent, TextArea } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { ConfirmDialog, EmptyState, LoadingState, toastError, toastSuccess, useConfirmedAction } from "../../../web/src/ui/index.ts";
import { useCreateHelpMutation, useDeleteHelpMutation, useGetHelpsQuery, useUpdateHelpMutation, type Help, type HelpPayload } from "./helps-api.ts";

/** The form edits every field the server takes. */
type HelpForm = Required<HelpPayload>;

const empty: HelpForm = { title: "", description: "", video: "" };

/**
 * The super user's management of help entries (the /helps page and the settings tab):
 * the form on top creates or edits, the table below lists; delete asks first.
 */
export function HelpsManager() {
  const { t } = useTranslation("helps");
  const { data: helps = [], isLoading, isError } = useGetHelpsQuery();
  const [createHelp, creating] = useCreateHelpMutation();
  const [updateHelp, updating] = useUpdateHelpMutation();
  const [deleteHelp, deleting] = useDeleteHelpMutation();
  const [form, setForm] = useState<HelpForm>(empty);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [titleError, setTitleError] = useState(false);

  useEffect(() => {
    if (isError) toastError(t("messages.loadError"));
  }, [isError, t]);

  const reset = () => {
    setForm(empty);
    setEditingId(null);
    setTitleError(false);
  };
  const edit = (help: Help) => {
    setForm({ title: help.title, description: help.description, video: help.video });
    setEditingId(help.id);
    setTitleError(false);
  };
  const set = (field: keyof HelpForm) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.title.trim()) return setTitleError(true);
    try {
      if (editingId) await updateHelp({ id: editingId, ...form }).unwrap();
      else await createHelp(form).unwrap();
      toastSuccess(t("messages.saved"));
      reset();
    } catch {
      toastError(t("messages.saveError"));
    }
  };

  const deletion = useConfirmedAction((id: number) => deleteHelp(id).unwrap(), {
    success: t("messages.saved"),
    failure: t("messages.saveError"),
    onDone: (id) => {
      if (editingId === id) reset();
    },
  });

  return (
    <div>
      <form onSubmit={submit} noValidate aria-label={t("manager.formLabel")}>
        <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(220px, 1fr))", gap: 12 }}>
          <FormGroup
            label={t("fields.title")}
            labelFor="help-title"
            intent={titleError ? Intent.DANGER : Intent.NONE}
            helperText={titleError ? t("validation.required") : undefined}
          >
            <InputGroup id="help-title" value={form.title} onChange={set("title")} intent={titleError ? Intent.DANGER : Intent.NONE} maxLength={200} />
          </FormGroup>
          <FormGroup label={t("fields.video")} labelFor="help-video" helperText={t("fields.videoHelp")}>
            <InputGroup id="help-video" value={form.video} onChange={set("video")} maxLength={200} />
          </FormGroup>
        </div>
        <FormGroup label={t("fields.description")} labelFor="help-description">
          <TextArea id="help-description" value={form.description} onChange={set("description")} fill rows={3} maxLength={5000} />
        </FormGroup>
        <div style={{ display: "flex", gap: 8, justifyContent: "flex-end", marginBottom: 16 }}>
          <Button text={t("actions.clear")} onClick={reset} variant="outlined" />
          {editingId ? <Button text={t("actions.delete")} intent={Intent.DANGER} onClick={() => deletion.ask(editingId)} /> : null}
          <Button type="submit" intent={Intent.PRIMARY} text={t("actions.save")} loading={creating.isLoading || updating.isLoading} />
        </div>
      </form>

      {isLoading ? (
        <LoadingState />
      ) : helps.length === 0 ? (
        <EmptyState icon="help" title={t("manager.empty")} />
      ) : (
        <HTMLTable striped interactive style={{ width: "100%" }}>
          <thead>
            <tr>
              <th>{t("fields.title")}</th>
              <th>{t("fields.description")}</th>
              <th>{t("fields.video")}</th>
              <th style={{ width: 96 }} />
            </tr>
          </thead>
          <tbody>
            {helps.map((help) => (
              <tr key={help.id} onClick={() => edit(help)}>
                <td>{help.title}</td>
                <td style={{ maxWidth: 360, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>{help.description}</td>
                <td>{help.video}</td>
                {/* biome-ignore lint/a11y/useKeyWithClickEvents: not an action of its own; it keeps its buttons' clicks (mouse or keyboard, both arrive as click) from also opening the row. */}
                <td style={{ whiteSpace: "nowrap" }} onClick={(e) => e.stopPropagation()}>
                  <Button icon="edit" variant="minimal" aria-label={t("actions.edit")} onClick={() => edit(help)} />
                  <Button icon="trash" variant="minimal" intent={Intent.DANGER} aria-label={t("actions.delete")} onClick={() => deletion.ask(help.id)} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}

      <ConfirmDialog {...deletion.dialog} title={t("confirm.title")} message={t("confirm.message")} loading={deleting.isLoading} />
    </div>
  );
}

export default HelpsManager;
