import { useEffect, useState, type FormEvent } from "react";
import { Button, Card, FormGroup, InputGroup, Intent, Switch } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { declaredPlanFeatures } from "../../../web/src/plugin/plan-features.ts";
import { validatePlan, type PlanFieldErrors, type PlanFormValues } from "./plan-values.ts";

export interface PlanFormProps {
  /** The plan being edited (null for a new one) and its values. */
  editingId: number | null;
  initial: PlanFormValues;
  saving?: boolean;
  /** Field errors the server answered (already translated or raw), shown under the fields. */
  serverErrors?: PlanFieldErrors;
  onSubmit: (values: PlanFormValues) => void;
  onCancel: () => void;
  onDelete?: () => void;
}

const numberFields = ["users", "connections", "queues", "amount"] as const;

/** The plan form above the table: name, limits, price, visibility and every feature flag. */
export function PlanForm({ editingId, initial, saving, serverErrors, onSubmit, onCancel, onDelete }: PlanFormProps) {
  const { t } = useTranslation("plans");
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<PlanFieldErrors>({});
  useEffect(() => {
    setValues(initial);
    setErrors({});
  }, [initial]);

  const set = <K extends keyof PlanFormValues>(key: K, value: PlanFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validatePlan(values);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(values);
  };
  const errorOf = (key: keyof PlanFieldErrors) => (errors[key] ? t(errors[key] as string) : serverErrors?.[key]);

  return (
    <Card>
      <form onSubmit={submit} noValidate aria-label={t("form.label")}>
        <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(160px, 1fr))", gap: "0 12px" }}>
          <FormGroup label={t("fields.name")} labelFor="plan-name" intent={errorOf("name") ? Intent.DANGER : Intent.NONE} helperText={errorOf("name")}>
            <InputGroup id="plan-name" value={values.name} onValueChange={(v) => set("name", v)} intent={errorOf("name") ? Intent.DANGER : Intent.NONE} />
          </FormGroup>
          {numberFields.map((key) => (
            <FormGroup key={key} label={t(`fields.${key}`)} labelFor={`plan-${key}`} intent={errorOf(key) ? Intent.DANGER : Intent.NONE} helperText={errorOf(key)}>
              <InputGroup
                id={`plan-${key}`}
                inputMode={key === "amount" ? "decimal" : "numeric"}
                value={values[key]}
                onValueChange={(v) => set(key, v)}
                intent={errorOf(key) ? Intent.DANGER : Intent.NONE}
              />
            </FormGroup>
          ))}
        </div>
        <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(180px, 1fr))", gap: "0 12px" }}>
          <Switch label={t("fields.isPublic")} checked={values.isPublic} onChange={(e) => set("isPublic", e.currentTarget.checked)} />
          {/* One switch per declared plan feature, labelled in the declaring plugin's namespace ("meta:planFeatures.useFacebook"). */}
          {declaredPlanFeatures.map(({ key, label }) => (
            <Switch key={key} label={t(label)} checked={values.features[key] ?? false} onChange={(e) => set("features", { ...values.features, [key]: e.currentTarget.checked })} />
          ))}
        </div>
        <div style={{ display: "flex", gap: 8, justifyContent: "flex-end", marginTop: 8 }}>
          {editingId !== null && onDelete ? (
            <Button intent={Intent.DANGER} variant="outlined" icon="trash" text={t("actions.delete")} onClick={onDelete} disabled={saving} />
          ) : null}
          <Button text={editingId !== null ? t("actions.cancel") : t("actions.clear")} onClick={onCancel} disabled={saving} variant="minimal" />
          <Button type="submit" intent={Intent.PRIMARY} icon="floppy-disk" text={t("actions.save")} loading={saving} />
        </div>
      </form>
    </Card>
  );
}
