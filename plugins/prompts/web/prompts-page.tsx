import { useState } from "react";
import { Button, HTMLTable, Intent } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { ConfirmDialog, EmptyState, LoadingState, PageLayout, useConfirmedAction } from "../../../web/src/ui/index.ts";
import { PromptDialog } from "./prompt-dialog.tsx";
import { type Prompt, useDeletePromptMutation, useGetPromptsQuery } from "./prompts-api.ts";
import { usePromptEvents } from "./use-prompt-events.ts";

/** /prompts (spec 002 §2.12): name, queue, max tokens (and the tokens used), add / edit / delete; live on company-{id}-prompt. */
export function PromptsPage() {
  const { t } = useTranslation("prompts");
  const { data, isLoading } = useGetPromptsQuery();
  usePromptEvents();
  const [dialog, setDialog] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const [remove, removing] = useDeletePromptMutation();
  const deletion = useConfirmedAction((p: Prompt) => remove(p.id).unwrap(), { success: t("messages.deleted") });
  const prompts = data?.prompts ?? [];

  return (
    <PageLayout
      title={t("title")}
      actions={
        <Button intent={Intent.PRIMARY} icon="plus" onClick={() => setDialog({ open: true, id: null })}>
          {t("add")}
        </Button>
      }
    >
      {isLoading ? (
        <LoadingState />
      ) : !prompts.length ? (
        <EmptyState icon="predictive-analysis" title={t("empty")} />
      ) : (
        <HTMLTable striped style={{ width: "100%" }} aria-label={t("title")}>
          <thead>
            <tr>
              <th>{t("columns.name")}</th>
              <th>{t("columns.queue")}</th>
              <th style={{ textAlign: "center" }}>{t("columns.maxTokens")}</th>
              <th style={{ textAlign: "center" }}>{t("columns.usage")}</th>
              <th style={{ textAlign: "center" }}>{t("columns.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {prompts.map((p) => (
              <tr key={p.id}>
                <td>{p.name}</td>
                <td>{p.queue?.name ?? ""}</td>
                <td style={{ textAlign: "center" }}>{p.maxTokens}</td>
                <td style={{ textAlign: "center" }}>{p.totalTokens}</td>
                <td style={{ whiteSpace: "nowrap", textAlign: "center" }}>
                  <Button icon="edit" variant="minimal" aria-label={t("actions.edit", { name: p.name })} onClick={() => setDialog({ open: true, id: p.id })} />
                  <Button icon="trash" variant="minimal" intent={Intent.DANGER} aria-label={t("actions.delete", { name: p.name })} onClick={() => deletion.ask(p)} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <PromptDialog isOpen={dialog.open} promptId={dialog.id} onClose={() => setDialog({ open: false, id: null })} />
      <ConfirmDialog {...deletion.dialog} title={t("confirm.title", { name: deletion.target?.name ?? "" })} message={t("confirm.message")} loading={removing.isLoading} />
    </PageLayout>
  );
}

export default PromptsPage;
