import { useEffect, useState, type ReactNode } from "react";
import { FormGroup, HTMLSelect, InputGroup, Intent, Spinner, Switch, TextArea } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";

/** The small "updating" mark next to an option while its save is on the way. */
export function Updating({ active }: { active: boolean }) {
  const { t } = useTranslation("settings");
  if (!active) return null;
  return (
    <span role="status" style={{ display: "inline-flex", gap: 6, alignItems: "center", marginLeft: 8 }} className="bp6-text-muted bp6-text-small">
      <Spinner size={12} />
      {t("options.updating")}
    </span>
  );
}

function Row({ label, children, updating }: { label: ReactNode; children: ReactNode; updating: boolean }) {
  return (
    <div style={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 12, padding: "6px 0" }}>
      <span>
        {label}
        <Updating active={updating} />
      </span>
      {children}
    </div>
  );
}

export interface ToggleOptionProps {
  label: string;
  value: string | undefined;
  /** The stored values for on and off: enabled/disabled, or true/false for the spec's two booleans. */
  on?: string;
  off?: string;
  updating: boolean;
  onSave: (value: string) => void;
}

export function ToggleOption({ label, value, on = "enabled", off = "disabled", updating, onSave }: ToggleOptionProps) {
  return (
    <Row label={label} updating={updating}>
      <Switch
        aria-label={label}
        checked={value === on}
        disabled={updating || value === undefined}
        onChange={(e) => onSave(e.currentTarget.checked ? on : off)}
        style={{ marginBottom: 0 }}
      />
    </Row>
  );
}

export interface SelectOptionProps {
  label: string;
  value: string | undefined;
  choices: readonly { value: string; label: string }[];
  updating: boolean;
  onSave: (value: string) => void;
}

export function SelectOption({ label, value, choices, updating, onSave }: SelectOptionProps) {
  return (
    <Row label={label} updating={updating}>
      <HTMLSelect aria-label={label} value={value ?? ""} disabled={updating || value === undefined} onChange={(e) => onSave(e.target.value)}>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </HTMLSelect>
    </Row>
  );
}

export interface TextOptionProps {
  id: string;
  label: string;
  value: string | undefined;
  required?: boolean;
  multiline?: boolean;
  /** Credentials: masked while typed, never auto-filled by the browser. */
  secret?: boolean;
  placeholder?: string;
  updating: boolean;
  /** Resolves to an error message when the value was refused. */
  onSave: (value: string) => Promise<string | undefined>;
}

/** A text option saved when the field loses focus (typing would save on every key). */
export function TextOption({ id, label, value, required, multiline, secret, placeholder, updating, onSave }: TextOptionProps) {
  const { t } = useTranslation("settings");
  const [text, setText] = useState(value ?? "");
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setText(value ?? ""), [value]);

  const commit = async () => {
    if (text === (value ?? "")) return;
    if (required && !text.trim()) return setError(t("validation.required"));
    const refused = await onSave(text);
    setError(refused ? (refused === "Required" ? t("validation.required") : refused === "error" ? null : refused) : null);
  };
  const change = (v: string) => {
    setText(v);
    if (error) setError(null);
  };
  const intent = error ? Intent.DANGER : Intent.NONE;

  return (
    <FormGroup
      label={
        <>
          {label}
          <Updating active={updating} />
        </>
      }
      labelFor={id}
      intent={intent}
      helperText={error ?? undefined}
    >
      {multiline ? (
        <TextArea id={id} fill rows={3} value={text} placeholder={placeholder} intent={intent} onChange={(e) => change(e.target.value)} onBlur={commit} maxLength={2000} />
      ) : (
        <InputGroup
          id={id}
          type={secret ? "password" : "text"}
          autoComplete={secret ? "off" : undefined}
          value={text}
          placeholder={placeholder}
          intent={intent}
          onChange={(e) => change(e.target.value)}
          onBlur={commit}
          maxLength={500}
        />
      )}
    </FormGroup>
  );
}
