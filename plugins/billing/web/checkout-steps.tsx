import { Callout, FormGroup, HTMLTable, InputGroup, NumericInput, Radio, RadioGroup } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { CUSTOM_PLAN } from "../shared/custom-plan.ts";
import type { Invoice, Subscription } from "./billing-api.ts";
import { chosenValue, type CheckoutErrors, type CheckoutValues } from "./checkout-form.ts";
import { formatMoney } from "./invoice-status.ts";

export interface StepProps {
  values: CheckoutValues;
  errors: CheckoutErrors;
  set: <K extends keyof CheckoutValues>(key: K, value: CheckoutValues[K]) => void;
  invoice: Invoice;
  subscription: Subscription | undefined;
}

/** Step 'Dados': who pays (name, CPF/CNPJ in the spec's `zipcode`, address). */
export function DataStep({ values, errors, set }: StepProps) {
  const { t } = useTranslation("billing");
  const field = (key: "firstName" | "lastName" | "zipcode" | "address2" | "city" | "state", required = false) => (
    <FormGroup
      label={t(`checkout.fields.${key}`)}
      labelFor={`checkout-${key}`}
      labelInfo={required ? "*" : undefined}
      intent={errors[key] ? "danger" : "none"}
      helperText={errors[key] ? t(errors[key]!) : undefined}
    >
      <InputGroup id={`checkout-${key}`} value={values[key]} intent={errors[key] ? "danger" : "none"} onValueChange={(v) => set(key, v)} />
    </FormGroup>
  );
  return (
    <div style={{ display: "grid", gridTemplateColumns: "1fr 1fr", columnGap: 12 }}>
      {field("firstName", true)}
      {field("lastName")}
      {field("zipcode", true)}
      {field("address2")}
      {field("city")}
      {field("state")}
    </div>
  );
}

/** Step 'Personalizar': the plan as it is, or a custom plan (spec 001 §9: 49 for 3 users and 3 connections, +11 a user, +20 a connection). */
export function CustomizeStep({ values, errors, set, invoice, subscription }: StepProps) {
  const { t, i18n } = useTranslation("billing");
  const money = (n: number) => formatMoney(n, i18n.language);
  return (
    <div>
      <RadioGroup selectedValue={values.choice} onChange={(e) => set("choice", e.currentTarget.value as CheckoutValues["choice"])} name="checkout-choice">
        <Radio value="current" label={t("checkout.currentPlan", { name: subscription?.plan?.name ?? invoice.detail })} />
        <Radio value="custom" label={t("checkout.customPlan")} />
      </RadioGroup>
      {values.choice === "custom" ? (
        <div style={{ display: "grid", gridTemplateColumns: "1fr 1fr", columnGap: 12 }}>
          <FormGroup label={t("checkout.fields.users")} labelFor="checkout-users" intent={errors.users ? "danger" : "none"} helperText={errors.users ? t(errors.users) : undefined}>
            <NumericInput id="checkout-users" min={CUSTOM_PLAN.minUsers} max={CUSTOM_PLAN.maxUsers} value={values.users} onValueChange={(n) => set("users", n)} fill />
          </FormGroup>
          <FormGroup
            label={t("checkout.fields.connections")}
            labelFor="checkout-connections"
            intent={errors.connections ? "danger" : "none"}
            helperText={errors.connections ? t(errors.connections) : undefined}
          >
            <NumericInput
              id="checkout-connections"
              min={CUSTOM_PLAN.minConnections}
              max={CUSTOM_PLAN.maxConnections}
              value={values.connections}
              onValueChange={(n) => set("connections", n)}
              fill
            />
          </FormGroup>
          <Callout style={{ gridColumn: "1 / -1" }} icon="info-sign">
            {t("checkout.customRule", { base: money(CUSTOM_PLAN.base), user: money(CUSTOM_PLAN.perUser), connection: money(CUSTOM_PLAN.perConnection) })}
          </Callout>
        </div>
      ) : null}
      <p style={{ marginTop: 12, fontSize: 16 }}>
        {t("checkout.total")}: <strong data-testid="checkout-total">{money(chosenValue(values, invoice, subscription?.plan))}</strong>
      </p>
    </div>
  );
}

/** Step 'Revisar': what will be charged, for whom. */
export function ReviewStep({ values, invoice, subscription }: StepProps) {
  const { t, i18n } = useTranslation("billing");
  const custom = values.choice === "custom";
  const rows: [string, string][] = [
    [t("checkout.review.name"), `${values.firstName} ${values.lastName}`.trim()],
    [t("checkout.fields.zipcode"), values.zipcode],
    [t("checkout.review.plan"), custom ? t("checkout.customPlan") : (subscription?.plan?.name ?? invoice.detail)],
    [t("columns.users"), String(custom ? values.users : invoice.users)],
    [t("columns.connections"), String(custom ? values.connections : invoice.connections)],
    [t("columns.dueDate"), invoice.dueDate.split("-").reverse().join("/")],
    [t("checkout.total"), formatMoney(chosenValue(values, invoice, subscription?.plan), i18n.language)],
  ];
  return (
    <HTMLTable compact style={{ width: "100%" }} aria-label={t("checkout.steps.review")}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th style={{ width: "40%" }}>{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
