import { FormGroup, HTMLSelect, Intent } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { QueueOption } from "../extras-api.ts";

export interface QueueSelectProps {
  id: string;
  queues: QueueOption[];
  value: number | null;
  onChange: (queueId: number | null) => void;
  /** The validation message under the field ('Selecione uma fila'). */
  error?: string | null;
}

/** A queue picker; the empty choice reads 'Selecione uma fila'. */
export function QueueSelect({ id, queues, value, onChange, error }: QueueSelectProps) {
  const { t } = useTranslation("tickets");
  return (
    <FormGroup label={t("actions.fields.queue")} labelFor={id} intent={error ? Intent.DANGER : Intent.NONE} helperText={error ?? undefined}>
      <HTMLSelect
        id={id}
        fill
        value={value === null ? "" : String(value)}
        onChange={(e) => onChange(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
        options={[{ value: "", label: t("actions.fields.chooseQueue") }, ...queues.map((q) => ({ value: String(q.id), label: q.name }))]}
      />
    </FormGroup>
  );
}
