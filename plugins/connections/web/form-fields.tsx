import type { ReactNode } from "react";
import { FormGroup, HTMLSelect, InputGroup, Intent, Switch, TextArea } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { ConnectionForm, FormErrors } from "./connection-form.ts";

/** What every tab receives from the dialog. */
export interface TabProps {
  form: ConnectionForm;
  errors: FormErrors;
  set: <K extends keyof ConnectionForm>(key: K, value: ConnectionForm[K]) => void;
}

type TextKey = { [K in keyof ConnectionForm]: ConnectionForm[K] extends string ? K : never }[keyof ConnectionForm];
type BoolKey = { [K in keyof ConnectionForm]: ConnectionForm[K] extends boolean ? K : never }[keyof ConnectionForm];

/** The message of a field's error: one of the dialog's keys, else the server's own text. */
export function useErrorText() {
  const { t } = useTranslation("connections");
  return (code: string | undefined) => (code ? t(`validation.${code}`, { defaultValue: code }) : undefined);
}

interface FieldProps extends TabProps {
  field: TextKey;
  label: string;
  helper?: ReactNode;
}

/** A labelled group with the field's error under it. */
function Group({ id, label, error, helper, children }: { id: string; label: string; error?: string; helper?: ReactNode; children: ReactNode }) {
  return (
    <FormGroup label={label} labelFor={id} helperText={error ?? helper} intent={error ? Intent.DANGER : Intent.NONE} style={{ marginBottom: 12 }}>
      {children}
    </FormGroup>
  );
}

export function TextField({ form, errors, set, field, label, helper, type = "text", placeholder }: FieldProps & { type?: string; placeholder?: string }) {
  const text = useErrorText();
  const id = `connection-${field}`;
  const error = text(errors[field]);
  return (
    <Group id={id} label={label} error={error} helper={helper}>
      <InputGroup id={id} type={type} value={form[field]} placeholder={placeholder} intent={error ? Intent.DANGER : Intent.NONE} onValueChange={(v) => set(field, v as never)} />
    </Group>
  );
}

export function NumberField(props: FieldProps) {
  return <TextField {...props} type="number" />;
}

export function MessageField({ form, errors, set, field, label, helper }: FieldProps) {
  const text = useErrorText();
  const id = `connection-${field}`;
  const error = text(errors[field]);
  return (
    <Group id={id} label={label} error={error} helper={helper}>
      <TextArea id={id} fill autoResize rows={3} value={form[field]} intent={error ? Intent.DANGER : Intent.NONE} onChange={(e) => set(field, e.currentTarget.value as never)} />
    </Group>
  );
}

export function SelectField({ form, errors, set, field, label, helper, options, noneLabel }: FieldProps & { options: { value: string; label: string }[]; noneLabel?: string }) {
  const text = useErrorText();
  const id = `connection-${field}`;
  const error = text(errors[field]);
  const all = noneLabel === undefined ? options : [{ value: "", label: noneLabel }, ...options];
  return (
    <Group id={id} label={label} error={error} helper={helper}>
      <HTMLSelect id={id} fill value={form[field]} options={all} onChange={(e) => set(field, e.currentTarget.value as never)} />
    </Group>
  );
}

export function SwitchField({ form, set, field, label, disabled }: Omit<TabProps, "errors"> & { field: BoolKey; label: string; disabled?: boolean }) {
  return <Switch id={`connection-${field}`} label={label} checked={form[field]} disabled={disabled} onChange={(e) => set(field, e.currentTarget.checked as never)} />;
}

/** Two fields side by side (one column on a narrow screen). */
export function Row({ children }: { children: ReactNode }) {
  return <div className="connections-form-row">{children}</div>;
}
