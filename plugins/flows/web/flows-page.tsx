import { useState } from "react";
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLTable, InputGroup, Intent, Menu, MenuItem, NumericInput, Popover, Switch, Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import {
  ConfirmDialog,
  EmptyState,
  errorMessage,
  ListFooter,
  PageLayout,
  SearchAndAdd,
  toastError,
  toastSuccess,
  useConfirmedAction,
  useLiveList,
  type LivePage,
} from "../../../web/src/ui/index.ts";
import { flowNameError } from "./flow-name.ts";
import { type Flow, useCreateFlowMutation, useDeleteFlowMutation, useDuplicateFlowMutation, useGetFlowsPageQuery, useRenameFlowMutation } from "./flows-api.ts";

/** The longest debounce the server accepts (flows.schemas.ts MAX_DEBOUNCE_SECONDS). */
const MAX_DEBOUNCE_SECONDS = 30;

/**
 * Create or rename a flow (spec 002 §5: names of 2 to 50 characters). Editing also shows the
 * takeover rules: whether an attendant's message stops the flow, and how long the customer's
 * quick messages are gathered into one answer.
 */
function FlowNameDialog({ flow, isOpen, onClose, onSaved }: { flow: Flow | null; isOpen: boolean; onClose: () => void; onSaved: (f: Flow) => void }) {
  const { t } = useTranslation("flows");
  const [name, setName] = useState(flow?.name ?? "");
  const [touched, setTouched] = useState(false);
  const [stopOnAttendantMessage, setStop] = useState(flow?.stopOnAttendantMessage ?? true);
  const [debounceSeconds, setDebounce] = useState(flow?.debounceSeconds ?? 3);
  const [create, creating] = useCreateFlowMutation();
  const [rename, renaming] = useRenameFlowMutation();
  const problem = touched ? flowNameError(name) : null;
  const error = problem ? t(problem) : null;
  const save = async () => {
    setTouched(true);
    if (flowNameError(name)) return;
    try {
      const saved = flow ? await rename({ flowId: flow.id, name: name.trim(), stopOnAttendantMessage, debounceSeconds }).unwrap() : await create({ name: name.trim() }).unwrap();
      toastSuccess(t(flow ? "messages.renamed" : "messages.created"));
      onSaved(saved);
      onClose();
    } catch (err) {
      toastError(errorMessage(err));
    }
  };
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t(flow ? "dialog.editTitle" : "dialog.addTitle")} icon="flow-branch">
      <DialogBody>
        <FormGroup label={t("fields.name")} labelFor="flow-name" intent={error ? Intent.DANGER : Intent.NONE} helperText={error ?? undefined}>
          <InputGroup
            id="flow-name"
            autoFocus
            value={name}
            onChange={(e) => setName(e.target.value)}
            onBlur={() => setTouched(true)}
            intent={error ? Intent.DANGER : Intent.NONE}
          />
        </FormGroup>
        {flow && (
          <>
            <Switch label={t("takeover.stopOnAttendantMessage")} checked={stopOnAttendantMessage} onChange={(e) => setStop(e.currentTarget.checked)} />
            <FormGroup label={t("takeover.debounceSeconds")} labelFor="flow-debounce" helperText={t("takeover.debounceHelp")}>
              <NumericInput
                id="flow-debounce"
                min={0}
                max={MAX_DEBOUNCE_SECONDS}
                clampValueOnBlur
                value={debounceSeconds}
                onValueChange={(n) => setDebounce(Number.isFinite(n) ? Math.min(MAX_DEBOUNCE_SECONDS, Math.max(0, Math.round(n))) : 0)}
              />
            </FormGroup>
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t("dialog.cancel")} onClick={onClose} />
            <Button intent={Intent.PRIMARY} text={t(flow ? "dialog.save" : "dialog.add")} loading={creating.isLoading || renaming.isLoading} onClick={save} />
          </>
        }
      />
    </Dialog>
  );
}

/** A click on the row itself opens the editor; one in its menu (actions cell, or the menu's portal) does not. */
const opensEditor = (e: React.MouseEvent<HTMLElement>) => e.currentTarget.contains(e.target as Node) && !(e.target as HTMLElement).closest("[data-row-actions]");

/**
 * /flowbuilders (spec 002 §2.6, 'Fluxos de conversa'): search, 'Adicionar Fluxo', rows with
 * name and Ativo/Desativado, a row menu (Editar nome, Editar fluxo, Duplicar, Excluir) with
 * confirmations before duplicating and deleting, more rows on scroll; a row opens the editor.
 */
export function FlowsPage() {
  const { t } = useTranslation("flows");
  const [, navigate] = useLocation();
  const [search, setSearch] = useState("");
  const list = useLiveList({
    query: useGetFlowsPageQuery,
    args: (searchParam, pageNumber) => ({ searchParam, pageNumber }),
    page: (p): LivePage<Flow> => ({ records: p.flows, count: p.count, hasMore: p.hasMore }),
    topic: "flowbuilder",
    payloadKey: "flow",
    search: search.trim(),
    loadError: t("messages.loadError"),
  });
  const [dialog, setDialog] = useState<{ open: boolean; flow: Flow | null; key: number }>({ open: false, flow: null, key: 0 });
  const [deleteFlow, deleting] = useDeleteFlowMutation();
  const [duplicateFlow, duplicating] = useDuplicateFlowMutation();
  const deletion = useConfirmedAction((f: Flow) => deleteFlow(f.id).unwrap(), { success: t("messages.deleted"), onDone: (f) => list.remove(f.id) });
  const duplication = useConfirmedAction(
    (f: Flow) =>
      duplicateFlow(f.id)
        .unwrap()
        .then((copy) => list.upsert(copy)),
    { success: t("messages.duplicated") },
  );
  const open = (flow: Flow | null) => setDialog((d) => ({ open: true, flow, key: d.key + 1 }));

  return (
    <PageLayout
      title={t("title")}
      actions={<SearchAndAdd searchLabel={t("searchPlaceholder")} search={search} onSearch={setSearch} addLabel={t("add")} onAdd={() => open(null)} />}
    >
      {list.empty ? (
        <EmptyState icon="flow-branch" title={t("empty")} />
      ) : (
        <HTMLTable striped interactive style={{ width: "100%" }} aria-label={t("title")}>
          <thead>
            <tr>
              <th>{t("columns.name")}</th>
              <th style={{ textAlign: "center" }}>{t("columns.status")}</th>
              <th style={{ textAlign: "center" }}>{t("columns.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {list.records.map((flow) => (
              <tr key={flow.id} onClick={(e) => opensEditor(e) && navigate(`/flowbuilder/${flow.id}`)}>
                <td>{flow.name}</td>
                <td style={{ textAlign: "center" }}>
                  <Tag minimal intent={flow.active ? Intent.SUCCESS : Intent.NONE}>
                    {t(flow.active ? "status.active" : "status.inactive")}
                  </Tag>
                </td>
                <td style={{ textAlign: "center" }} data-row-actions>
                  <Popover
                    placement="bottom-end"
                    content={
                      <Menu>
                        <MenuItem icon="edit" text={t("actions.rename")} onClick={() => open(flow)} />
                        <MenuItem icon="flow-branch" text={t("actions.edit")} onClick={() => navigate(`/flowbuilder/${flow.id}`)} />
                        <MenuItem icon="duplicate" text={t("actions.duplicate")} onClick={() => duplication.ask(flow)} />
                        <MenuItem icon="trash" intent={Intent.DANGER} text={t("actions.delete")} onClick={() => deletion.ask(flow)} />
                      </Menu>
                    }
                  >
                    <Button icon="more" variant="minimal" aria-label={t("actions.menu", { name: flow.name })} />
                  </Popover>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <ListFooter sentinel={list.sentinel} loading={list.loading} />
      <FlowNameDialog key={dialog.key} isOpen={dialog.open} flow={dialog.flow} onClose={() => setDialog((d) => ({ ...d, open: false }))} onSaved={list.upsert} />
      <ConfirmDialog
        {...deletion.dialog}
        title={t("confirm.deleteTitle", { name: deletion.target?.name ?? "" })}
        message={t("confirm.deleteMessage")}
        loading={deleting.isLoading}
      />
      <ConfirmDialog
        {...duplication.dialog}
        title={t("confirm.duplicateTitle", { name: duplication.target?.name ?? "" })}
        message={t("confirm.duplicateMessage")}
        loading={duplicating.isLoading}
      />
    </PageLayout>
  );
}

export default FlowsPage;
