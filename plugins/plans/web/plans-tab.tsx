import { useEffect, useMemo } from "react";
import { Callout, Spinner } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../web/src/ui/confirm-dialog.tsx";
import { toastError } from "../../../web/src/ui/toast.ts";
import { useRecordEditor } from "../../../web/src/ui/use-record-editor.ts";
import { PlanForm } from "./plan-form.tsx";
import { emptyPlan, planToValues, valuesToBody, type PlanFieldErrors, type PlanFormValues } from "./plan-values.ts";
import { useCreatePlanMutation, useDeletePlanMutation, usePlansAllQuery, useUpdatePlanMutation, type Plan } from "./plans-api.ts";
import { PlansTable } from "./plans-table.tsx";

/** The server's field errors (ERR_VALIDATION) or the duplicate-name code, placed under the fields. */
export function serverFieldErrors(err: unknown, duplicateMessage: string): PlanFieldErrors {
  const data = (err as { data?: { error?: string; fields?: Record<string, string> } })?.data;
  if (data?.error === "ERR_DUPLICATED_NAME") return { name: duplicateMessage };
  return (data?.fields ?? {}) as PlanFieldErrors;
}

/** The super user's plans tab: the form on top, the table below (spec 001 §2). */
export default function PlansTab() {
  const { t } = useTranslation("plans");
  const list = usePlansAllQuery();
  const [createPlan, creating] = useCreatePlanMutation();
  const [updatePlan, updating] = useUpdatePlanMutation();
  const [deletePlan, deleting] = useDeletePlanMutation();
  const editor = useRecordEditor({
    persist: (values: PlanFormValues, editing: Plan | null) =>
      editing ? updatePlan({ id: editing.id, ...valuesToBody(values) }).unwrap() : createPlan(valuesToBody(values)).unwrap(),
    remove: (plan: Plan) => deletePlan(plan.id).unwrap(),
    fieldErrors: (err) => serverFieldErrors(err, t("messages.duplicateName")),
    messages: { saved: t("messages.saved"), saveFailed: `${t("messages.saveError")}. ${t("messages.saveHint")}`, deleted: t("messages.saved") },
  });
  const { editing } = editor;
  // A new object only when the selection changes, so the form resets exactly then.
  const initial = useMemo<PlanFormValues>(() => (editing ? planToValues(editing) : emptyPlan()), [editing]);

  useEffect(() => {
    if (list.isError) toastError(t("messages.loadError"));
  }, [list.isError, t]);

  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 16 }}>
      <PlanForm
        key={editor.formKey}
        {...editor.formProps}
        initial={initial}
        saving={creating.isLoading || updating.isLoading}
        onDelete={editing ? () => editor.deletion.ask(editing) : undefined}
      />
      {list.isLoading ? (
        <Spinner size={32} />
      ) : list.isError ? (
        <Callout intent="danger">{t("messages.loadError")}</Callout>
      ) : (
        <PlansTable plans={list.data ?? []} selectedId={editing?.id ?? null} onEdit={editor.edit} onDelete={editor.deletion.ask} />
      )}
      <ConfirmDialog {...editor.deletion.dialog} title={t("messages.deleteTitle")} message={t("messages.deleteMessage")} loading={deleting.isLoading} />
    </div>
  );
}
