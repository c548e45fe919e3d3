import { useState } from "react";
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, HTMLTable, InputGroup, Intent, Switch } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../web/src/session/session.ts";
import { ConfirmDialog, EmptyState, errorMessage, PageLayout, toastError, toastSuccess, useConfirmedAction } from "../../../web/src/ui/index.ts";
import {
  type FlowCampaign,
  useCreateFlowCampaignMutation,
  useDeleteFlowCampaignMutation,
  useFlowCampaignsQuery,
  useFlowConnectionOptionsQuery,
  useFlowOptionsQuery,
  useUpdateFlowCampaignMutation,
} from "./flows-api.ts";

type Form = { name: string; phrase: string; flowId: string; whatsappId: string; status: boolean };

/** The create/edit dialog: name, flow and phrase required (flagged when empty). */
function PhraseDialog({ record, onClose }: { record: FlowCampaign | null; onClose: () => void }) {
  const { t } = useTranslation("flows");
  const { data: flows } = useFlowOptionsQuery();
  const { data: connections = [] } = useFlowConnectionOptionsQuery();
  const [create, creating] = useCreateFlowCampaignMutation();
  const [update, updating] = useUpdateFlowCampaignMutation();
  const [form, setForm] = useState<Form>({
    name: record?.name ?? "",
    phrase: record?.phrase ?? "",
    flowId: record ? String(record.flowId) : "",
    whatsappId: record?.whatsappId ? String(record.whatsappId) : "",
    status: record?.status ?? true,
  });
  const [touched, setTouched] = useState(false);
  const missing = (k: "name" | "phrase" | "flowId") => touched && !form[k].trim();
  const save = async () => {
    setTouched(true);
    if (!form.name.trim() || !form.phrase.trim() || !form.flowId) return;
    const body = {
      name: form.name.trim(),
      phrase: form.phrase.trim(),
      flowId: Number(form.flowId),
      whatsappId: form.whatsappId ? Number(form.whatsappId) : null,
      status: form.status,
    };
    try {
      if (record) await update({ id: record.id, ...body }).unwrap();
      else await create(body).unwrap();
      toastSuccess(t(record ? "phrases.updated" : "phrases.created"));
      onClose();
    } catch (err) {
      toastError(errorMessage(err));
    }
  };
  const field = (k: "name" | "phrase", label: string) => (
    <FormGroup label={label} labelFor={`phrase-${k}`} intent={missing(k) ? Intent.DANGER : Intent.NONE}>
      <InputGroup id={`phrase-${k}`} value={form[k]} intent={missing(k) ? Intent.DANGER : Intent.NONE} onChange={(e) => setForm({ ...form, [k]: e.target.value })} />
    </FormGroup>
  );
  return (
    <Dialog isOpen onClose={onClose} title={t(record ? "phrases.editTitle" : "phrases.addTitle")}>
      <DialogBody>
        {field("name", t("phrases.name"))}
        <FormGroup label={t("phrases.flow")} labelFor="phrase-flow" intent={missing("flowId") ? Intent.DANGER : Intent.NONE}>
          <HTMLSelect
            id="phrase-flow"
            fill
            value={form.flowId}
            onChange={(e) => setForm({ ...form, flowId: e.target.value })}
            options={[{ value: "", label: "—" }, ...(flows?.flows ?? []).map((f) => ({ value: String(f.id), label: f.name }))]}
          />
        </FormGroup>
        {field("phrase", t("phrases.phrase"))}
        <FormGroup label={t("phrases.connection")} labelFor="phrase-connection">
          <HTMLSelect
            id="phrase-connection"
            fill
            value={form.whatsappId}
            onChange={(e) => setForm({ ...form, whatsappId: e.target.value })}
            options={[{ value: "", label: t("phrases.anyConnection") }, ...connections.map((c) => ({ value: String(c.id), label: c.name }))]}
          />
        </FormGroup>
        <Switch label={t("phrases.status")} checked={form.status} onChange={(e) => setForm({ ...form, status: e.currentTarget.checked })} />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t("dialog.cancel")} onClick={onClose} />
            <Button intent={Intent.PRIMARY} text={t(record ? "dialog.save" : "dialog.add")} loading={creating.isLoading || updating.isLoading} onClick={save} />
          </>
        }
      />
    </Dialog>
  );
}

/** /phrase-lists (spec 002 §2.9, 'Campanhas'): phrase campaigns with a status toggle; delete for roles with contacts-page:deleteContact. */
export function PhraseListsPage() {
  const { t } = useTranslation("flows");
  const { data } = useFlowCampaignsQuery();
  const [update] = useUpdateFlowCampaignMutation();
  const [remove, removing] = useDeleteFlowCampaignMutation();
  const { can } = useSession();
  const canDelete = can("contacts-page:deleteContact");
  const [dialog, setDialog] = useState<{ open: boolean; record: FlowCampaign | null }>({ open: false, record: null });
  const deletion = useConfirmedAction((c: FlowCampaign) => remove(c.id).unwrap(), { success: t("phrases.deleted") });
  const rows = data?.flow ?? [];
  return (
    <PageLayout title={t("phrases.title")} actions={<Button intent={Intent.PRIMARY} icon="add" text={t("phrases.add")} onClick={() => setDialog({ open: true, record: null })} />}>
      {rows.length === 0 ? (
        <EmptyState icon="search-text" title={t("phrases.empty")} />
      ) : (
        <HTMLTable striped style={{ width: "100%" }} aria-label={t("phrases.title")}>
          <thead>
            <tr>
              <th>{t("phrases.name")}</th>
              <th>{t("columns.status")}</th>
              <th>{t("columns.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => (
              <tr key={c.id}>
                <td>{c.name}</td>
                <td>
                  <Switch
                    checked={c.status}
                    aria-label={t("phrases.status")}
                    onChange={(e) =>
                      update({ id: c.id, status: e.currentTarget.checked })
                        .unwrap()
                        .catch((err: unknown) => toastError(errorMessage(err)))
                    }
                  />
                </td>
                <td>
                  <Button icon="edit" variant="minimal" aria-label={t("actions.rename")} onClick={() => setDialog({ open: true, record: c })} />
                  {canDelete && <Button icon="trash" variant="minimal" intent={Intent.DANGER} aria-label={t("actions.delete")} onClick={() => deletion.ask(c)} />}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {dialog.open && <PhraseDialog record={dialog.record} onClose={() => setDialog({ open: false, record: null })} />}
      <ConfirmDialog {...deletion.dialog} title={t("phrases.confirmDelete", { name: deletion.target?.name ?? "" })} message="" loading={removing.isLoading} />
    </PageLayout>
  );
}

export default PhraseListsPage;
