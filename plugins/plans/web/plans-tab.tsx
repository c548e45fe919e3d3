import { useEffect, useMemo, useState } from "react";
import { Callout, Spinner } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../web/src/ui/confirm-dialog.tsx";
import { toastError, toastSuccess } from "../../../web/src/ui/toast.ts";
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
  const [editing, setEditing] = useState<Plan | null>(null);
  const [toDelete, setToDelete] = useState<Plan | null>(null);
  const [serverErrors, setServerErrors] = useState<PlanFieldErrors>({});
  // A new object only when the selection changes, so the form resets exactly then.
  const initial = useMemo<PlanFormValues>(() => (editing ? planToValues(editing) : emptyPlan()), [editing]);
  const [formKey, setFormKey] = useState(0);

  useEffect(() => {
    if (list.isError) toastError(t("messages.loadError"));
  }, [list.isError, t]);

  const reset = () => {
    setEditing(null);
    setServerErrors({});
    setFormKey((k) => k + 1);
  };

  const save = async (values: PlanFormValues) => {
    setServerErrors({});
    try {
      const body = valuesToBody(values);
      if (editing) await updatePlan({ id: editing.id, ...body }).unwrap();
      else await createPlan(body).unwrap();
      toastSuccess(t("messages.saved"));
      reset();
    } catch (err) {
      setServerErrors(serverFieldErrors(err, t("messages.duplicateName")));
      toastError(`${t("messages.saveError")}. ${t("messages.saveHint")}`);
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deletePlan(toDelete.id).unwrap();
      toastSuccess(t("messages.saved"));
      if (editing?.id === toDelete.id) reset();
    } catch (err) {
      toastError(err);
    } finally {
      setToDelete(null);
    }
  };

  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 16 }}>
      <PlanForm
        key={formKey}
        editingId={editing?.id ?? null}
        initial={initial}
        saving={creating.isLoading || updating.isLoading}
        serverErrors={serverErrors}
        onSubmit={save}
        onCancel={reset}
        onDelete={editing ? () => setToDelete(editing) : undefined}
      />
      {list.isLoading ? (
        <Spinner size={32} />
      ) : list.isError ? (
        <Callout intent="danger">{t("messages.loadError")}</Callout>
      ) : (
        <PlansTable plans={list.data ?? []} selectedId={editing?.id ?? null} onEdit={(p) => { setServerErrors({}); setEditing(p); }} onDelete={setToDelete} />
      )}
      <ConfirmDialog
        isOpen={toDelete !== null}
        title={t("messages.deleteTitle")}
        message={t("messages.deleteMessage")}
        loading={deleting.isLoading}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </div>
  );
}
