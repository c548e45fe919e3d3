import { Checkbox, FormGroup, Intent } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { QueueChoice } from "./users-api.ts";

export interface UserQueuesFieldProps {
  queues: QueueChoice[];
  value: number[];
  onChange: (queueIds: number[]) => void;
  error?: string;
}

/** The queues the user works: one checkbox per company queue, with its colour. */
export function UserQueuesField({ queues, value, onChange, error }: UserQueuesFieldProps) {
  const { t } = useTranslation("users");
  const toggle = (id: number, on: boolean) => onChange(on ? [...value.filter((v) => v !== id), id] : value.filter((v) => v !== id));
  return (
    <FormGroup label={t("fields.queues")} intent={error ? Intent.DANGER : Intent.NONE} helperText={error}>
      <fieldset aria-label={t("fields.queues")} style={{ display: "flex", flexWrap: "wrap", columnGap: 16 }}>
        {queues.length === 0 ? <span className="bp6-text-muted">{t("fields.noQueues")}</span> : null}
        {queues.map((q) => (
          <Checkbox
            key={q.id}
            checked={value.includes(q.id)}
            onChange={(e) => toggle(q.id, e.currentTarget.checked)}
            labelElement={
              <span>
                <span aria-hidden style={{ display: "inline-block", width: 10, height: 10, borderRadius: 2, background: q.color, marginRight: 6 }} />
                {q.name}
              </span>
            }
          />
        ))}
      </fieldset>
    </FormGroup>
  );
}
