import { useState } from "react";
import { FormGroup, HTMLSelect, InputGroup } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { NodeDialogShell, type NodeDialogProps } from "./node-dialog-shell.tsx";
import { conditionProblem } from "./node-validation.ts";

/** The operators the engine knows (conditionHolds); stored as written, `a` is the true exit, `b` the false one. */
export const CONDITION_OPERATORS = ["==", "!=", ">", "<", ">=", "<=", "contains"] as const;
// Flows saved by the original product name the operator 1–7.
const LEGACY: Record<string, string> = { "1": "==", "2": "!=", "3": ">", "4": "<", "5": ">=", "6": "<=", "7": "contains" };
const str = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

/** The condition node (`{key, condition, value}`): a variable compared with a value. */
export function ConditionDialog({ data, mode, variables, onClose, onSave }: NodeDialogProps) {
  const { t } = useTranslation("flows");
  const [key, setKey] = useState(str(data.key));
  const stored = str(data.condition);
  const [condition, setCondition] = useState(LEGACY[stored] ?? (stored || "=="));
  const [value, setValue] = useState(str(data.value));
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    const problem = conditionProblem(key, value);
    if (problem) return setError(t(`validation.${problem}`));
    onSave({ ...data, key: key.trim(), condition, value });
  };
  const keys = [...new Set([...variables, ...(key ? [key] : [])])];
  return (
    <NodeDialogShell kind="condition" mode={mode} error={error} onClose={onClose} onSave={save}>
      <FormGroup label={t("fields.variable")} labelFor="node-cond-key">
        <InputGroup id="node-cond-key" list="node-cond-keys" value={key} onChange={(e) => setKey(e.target.value)} />
        <datalist id="node-cond-keys">
          {keys.map((k) => (
            <option key={k} value={k} />
          ))}
        </datalist>
      </FormGroup>
      <FormGroup label={t("fields.operator")} labelFor="node-cond-op">
        <HTMLSelect
          id="node-cond-op"
          value={condition}
          onChange={(e) => setCondition(e.target.value)}
          options={CONDITION_OPERATORS.map((op) => ({ value: op, label: t(`operators.${op}`) }))}
        />
      </FormGroup>
      <FormGroup label={t("fields.value")} labelFor="node-cond-value">
        <InputGroup id="node-cond-value" value={value} onChange={(e) => setValue(e.target.value)} />
      </FormGroup>
    </NodeDialogShell>
  );
}
