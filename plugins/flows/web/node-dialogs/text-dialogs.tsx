import { useState } from "react";
import { Button, FormGroup, InputGroup, TextArea } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { menuOptions, questionOf } from "../../shared/flow-engine.ts";
import { NodeDialogShell, type NodeDialogProps } from "./node-dialog-shell.tsx";
import { menuProblem, questionProblem } from "./node-validation.ts";
import { VariableTags } from "./variable-tags.tsx";

const str = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

/** The message node (`{label}`): a text with the saved variables. */
export function MessageDialog({ data, mode, variables, onClose, onSave }: NodeDialogProps) {
  const { t } = useTranslation("flows");
  const [label, setLabel] = useState(str(data.label));
  const [error, setError] = useState<string | null>(null);
  const save = () => (label.trim() ? onSave({ ...data, label }) : setError(t("validation.messageEmpty")));
  return (
    <NodeDialogShell kind="message" mode={mode} error={error} onClose={onClose} onSave={save}>
      <FormGroup label={t("fields.message")} labelFor="node-label">
        <TextArea id="node-label" fill rows={4} value={label} onChange={(e) => setLabel(e.target.value)} />
      </FormGroup>
      <VariableTags variables={variables} onPick={(p) => setLabel((l) => l + p)} />
    </NodeDialogShell>
  );
}

/** The menu node (`{message, arrayOption[{number, value}]}`): exits `a{number}` on the canvas. */
export function MenuDialog({ data, mode, variables, onClose, onSave }: NodeDialogProps) {
  const { t } = useTranslation("flows");
  const [message, setMessage] = useState(str(data.message));
  const [options, setOptions] = useState(() => {
    const stored = menuOptions(data).map((o) => ({ number: Number(o.number) || 0, value: o.value }));
    return stored.length ? stored : [{ number: 1, value: "" }];
  });
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    const problem = menuProblem(message, options);
    if (problem) return setError(t(`validation.${problem}`));
    onSave({ ...data, message, arrayOption: options.map((o) => ({ number: o.number, value: o.value.trim() })) });
  };
  // New options take the next number after the highest, so an option's exit keeps its handle.
  const next = () => Math.max(0, ...options.map((o) => o.number)) + 1;
  return (
    <NodeDialogShell kind="menu" mode={mode} error={error} onClose={onClose} onSave={save}>
      <FormGroup label={t("fields.message")} labelFor="node-menu">
        <TextArea id="node-menu" fill rows={3} value={message} onChange={(e) => setMessage(e.target.value)} />
      </FormGroup>
      <VariableTags variables={variables} onPick={(p) => setMessage((m) => m + p)} />
      {options.map((o, i) => (
        <FormGroup key={o.number} label={t("fields.option", { number: o.number })} labelFor={`node-option-${o.number}`} inline>
          <InputGroup
            id={`node-option-${o.number}`}
            value={o.value}
            onChange={(e) => setOptions(options.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))}
            rightElement={
              <Button
                icon="cross"
                variant="minimal"
                aria-label={t("editor.removeOption", { number: o.number })}
                disabled={options.length === 1}
                onClick={() => setOptions(options.filter((_, j) => j !== i))}
              />
            }
          />
        </FormGroup>
      ))}
      <Button icon="add" text={t("editor.addOption")} onClick={() => setOptions([...options, { number: next(), value: "" }])} />
    </NodeDialogShell>
  );
}

/**
 * The question node (`typebotIntegration {message, answerKey}`): message and answerKey required.
 * Saving updates the browser's variable list (the old key out, the new one in; spec 002 §4.2):
 * the editor does that when it receives the data.
 */
export function QuestionDialog({ data, mode, variables, onClose, onSave }: NodeDialogProps) {
  const { t } = useTranslation("flows");
  const stored = questionOf(data);
  const [message, setMessage] = useState(stored.message);
  const [answerKey, setAnswerKey] = useState(stored.answerKey);
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    const problem = questionProblem(message, answerKey);
    if (problem) return setError(t(`validation.${problem}`));
    const previous = data.typebotIntegration && typeof data.typebotIntegration === "object" ? data.typebotIntegration : {};
    onSave({ ...data, typebotIntegration: { ...previous, message, answerKey: answerKey.trim() } });
  };
  return (
    <NodeDialogShell kind="question" mode={mode} error={error} onClose={onClose} onSave={save}>
      <FormGroup label={t("fields.question")} labelFor="node-question">
        <TextArea id="node-question" fill rows={3} value={message} onChange={(e) => setMessage(e.target.value)} />
      </FormGroup>
      <VariableTags variables={variables} onPick={(p) => setMessage((m) => m + p)} />
      <FormGroup label={t("fields.answerKey")} labelFor="node-key" helperText={t("fields.answerKeyHelp")}>
        <InputGroup id="node-key" value={answerKey} onChange={(e) => setAnswerKey(e.target.value)} />
      </FormGroup>
    </NodeDialogShell>
  );
}
