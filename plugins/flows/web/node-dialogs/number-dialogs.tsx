import { useState } from "react";
import { FormGroup, NumericInput, Slider } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { MAX_INTERVAL_SECONDS } from "../../shared/flow-engine.ts";
import { NodeDialogShell, type NodeDialogProps } from "./node-dialog-shell.tsx";
import { intervalProblem } from "./node-validation.ts";

/** The interval node (`{label, sec}`): more than 0 and at most 120 seconds. */
export function IntervalDialog({ data, mode, onClose, onSave }: NodeDialogProps) {
  const { t } = useTranslation("flows");
  const [sec, setSec] = useState(data.sec === undefined || data.sec === null ? "" : String(data.sec));
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    const problem = intervalProblem(sec);
    if (problem) return setError(t(`validation.${problem}`));
    onSave({ ...data, label: `${Number(sec)}s`, sec: Number(sec) });
  };
  return (
    <NodeDialogShell kind="interval" mode={mode} error={error} onClose={onClose} onSave={save}>
      <FormGroup label={t("fields.seconds")} labelFor="node-sec">
        <NumericInput id="node-sec" min={0} max={MAX_INTERVAL_SECONDS} clampValueOnBlur={false} value={sec} onValueChange={(_n, s) => setSec(s)} />
      </FormGroup>
    </NodeDialogShell>
  );
}

/** The randomizer node (`{percent}`): a slider from 0 to 100 in steps of 10; exit `a` its percent, `b` the rest. */
export function RandomizerDialog({ data, mode, onClose, onSave }: NodeDialogProps) {
  const { t } = useTranslation("flows");
  const stored = Number(data.percent);
  const [percent, setPercent] = useState(Number.isFinite(stored) ? Math.min(100, Math.max(0, Math.round(stored / 10) * 10)) : 50);
  return (
    <NodeDialogShell kind="randomizer" mode={mode} error={null} onClose={onClose} onSave={() => onSave({ ...data, percent })}>
      <FormGroup label={t("fields.percent")}>
        <Slider min={0} max={100} stepSize={10} labelStepSize={20} value={percent} onChange={setPercent} handleHtmlProps={{ "aria-label": t("fields.percent") }} />
      </FormGroup>
      <p>{t("fields.split", { a: percent, b: 100 - percent })}</p>
    </NodeDialogShell>
  );
}
