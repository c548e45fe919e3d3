import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { Button, Card, FormGroup, HTMLSelect, InputGroup, Intent, Switch } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { useCompanyPlanOptionsQuery } from "./companies-api.ts";
import { RECURRENCES, validateCompany, type CompanyField, type CompanyFieldErrors, type CompanyFormValues } from "./company-values.ts";

export interface CompanyFormProps {
  editingId: number | null;
  initial: CompanyFormValues;
  saving?: boolean;
  serverErrors?: CompanyFieldErrors;
  onSubmit: (values: CompanyFormValues) => void;
  onCancel: () => void;
}

const grid = { display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(180px, 1fr))", gap: "0 12px" } as const;

/** The company form above the table (spec 001 §5): the password is asked only for a new company. */
export function CompanyForm({ editingId, initial, saving, serverErrors, onSubmit, onCancel }: CompanyFormProps) {
  const { t } = useTranslation("companies");
  const plans = useCompanyPlanOptionsQuery();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<CompanyFieldErrors>({});
  const isNew = editingId === null;
  // Company 1 runs the platform: its due date never changes (the server enforces it too).
  const dueLocked = editingId === 1;
  useEffect(() => {
    setValues(initial);
    setErrors({});
  }, [initial]);

  const set = <K extends keyof CompanyFormValues>(key: K, value: CompanyFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const errorOf = (key: CompanyField) => {
    const code = errors[key] ?? serverErrors?.[key];
    return code ? t(code, { defaultValue: code }) : undefined;
  };
  const field = (key: CompanyField, label: string, input: ReactNode) => (
    <FormGroup label={label} labelFor={`company-${key}`} intent={errorOf(key) ? Intent.DANGER : Intent.NONE} helperText={errorOf(key)}>
      {input}
    </FormGroup>
  );
  const text = (key: "name" | "email" | "phone" | "document" | "numberAttendants" | "numberConections", type = "text") =>
    field(
      key,
      t(`fields.${key}`),
      <InputGroup id={`company-${key}`} type={type} value={values[key]} onValueChange={(v) => set(key, v)} intent={errorOf(key) ? Intent.DANGER : Intent.NONE} />,
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateCompany(values, isNew);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(values);
  };

  return (
    <Card>
      <form onSubmit={submit} noValidate aria-label={t("form.label")}>
        <div style={grid}>
          {text("name")}
          {text("email", "email")}
          {text("phone", "tel")}
          {field(
            "planId",
            t("fields.plan"),
            <HTMLSelect id="company-planId" fill value={values.planId} onChange={(e) => set("planId", e.currentTarget.value)}>
              <option value="">{t("form.choosePlan")}</option>
              {(plans.data ?? []).map((p) => (
                <option key={p.id} value={String(p.id)}>
                  {p.name}
                </option>
              ))}
            </HTMLSelect>,
          )}
          <FormGroup label={t("fields.status")} labelFor="company-status">
            <HTMLSelect id="company-status" fill value={values.status ? "true" : "false"} onChange={(e) => set("status", e.currentTarget.value === "true")}>
              <option value="true">{t("status.active")}</option>
              <option value="false">{t("status.inactive")}</option>
            </HTMLSelect>
          </FormGroup>
          {isNew
            ? field(
                "password",
                t("fields.password"),
                <InputGroup
                  id="company-password"
                  type="password"
                  autoComplete="new-password"
                  value={values.password}
                  onValueChange={(v) => set("password", v)}
                  intent={errorOf("password") ? Intent.DANGER : Intent.NONE}
                />,
              )
            : null}
          {text("document")}
          {field(
            "dueDate",
            t("fields.dueDate"),
            <InputGroup
              id="company-dueDate"
              type="date"
              value={values.dueDate}
              disabled={dueLocked}
              onValueChange={(v) => set("dueDate", v)}
              intent={errorOf("dueDate") ? Intent.DANGER : Intent.NONE}
            />,
          )}
          <FormGroup label={t("fields.recurrence")} labelFor="company-recurrence">
            <HTMLSelect id="company-recurrence" fill value={values.recurrence} onChange={(e) => set("recurrence", e.currentTarget.value as CompanyFormValues["recurrence"])}>
              {RECURRENCES.map((r) => (
                <option key={r} value={r}>
                  {t(`recurrence.${r}`)}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          {text("numberAttendants")}
          {text("numberConections")}
        </div>
        <div style={{ display: "flex", gap: 8, alignItems: "center", justifyContent: "space-between", flexWrap: "wrap" }}>
          <Switch label={t("fields.campaignsEnabled")} checked={values.campaignsEnabled} onChange={(e) => set("campaignsEnabled", e.currentTarget.checked)} />
          <div style={{ display: "flex", gap: 8 }}>
            <Button text={isNew ? t("actions.clear") : t("actions.cancel")} onClick={onCancel} disabled={saving} variant="minimal" />
            <Button type="submit" intent={Intent.PRIMARY} icon="floppy-disk" text={t("actions.save")} loading={saving} />
          </div>
        </div>
      </form>
    </Card>
  );
}
