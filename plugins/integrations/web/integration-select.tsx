import { FormGroup, HTMLSelect, Intent } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { ConnectionHandlerProps } from "../../connections/web/public.ts";
import type { OptionReferenceProps, QueueHandlerProps } from "../../queues/web/public.ts";
import { useGetQueueIntegrationOptionsQuery } from "./integrations-api.ts";

/** A select of the company's integrations (first page), "none" first. */
function Select({ id, value, onChange, invalid }: { id: string; value: number | null; onChange: (id: number | null) => void; invalid?: boolean }) {
  const { t } = useTranslation("integrations");
  const { data } = useGetQueueIntegrationOptionsQuery();
  return (
    <HTMLSelect id={id} fill value={value ?? ""} aria-invalid={invalid || undefined} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}>
      <option value="">{t("select.none")}</option>
      {(data?.queueIntegrations ?? []).map((i) => (
        <option key={i.id} value={i.id}>
          {i.name} ({t(`types.${i.type}`)})
        </option>
      ))}
    </HTMLSelect>
  );
}

/** The connection dialog's Integrations tab: the connection's integration (every new conversation). */
export function ConnectionIntegrationField({ values, set, errors }: ConnectionHandlerProps) {
  const { t } = useTranslation("integrations");
  return (
    <FormGroup label={t("select.connectionLabel")} labelFor="connection-integration" intent={errors.integrationId ? Intent.DANGER : Intent.NONE} helperText={errors.integrationId}>
      <Select id="connection-integration" value={values.integrationId} onChange={(id) => set("integrationId", id)} invalid={Boolean(errors.integrationId)} />
    </FormGroup>
  );
}

/** The queue dialog: the queue's integration (a ticket entering the queue is handed to it). */
export function QueueIntegrationField({ values, set, errors }: QueueHandlerProps) {
  const { t } = useTranslation("integrations");
  return (
    <FormGroup label={t("select.queueLabel")} labelFor="queue-integration" intent={errors.integrationId ? Intent.DANGER : Intent.NONE} helperText={errors.integrationId}>
      <Select id="queue-integration" value={values.integrationId} onChange={(id) => set("integrationId", id)} invalid={Boolean(errors.integrationId)} />
    </FormGroup>
  );
}

/** A chatbot option of type "Integração": its target. */
export function OptionIntegrationField({ inputId, value, onChange, invalid }: OptionReferenceProps) {
  return <Select id={inputId} value={value} onChange={onChange} invalid={invalid} />;
}
