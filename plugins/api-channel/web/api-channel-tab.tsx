import { useEffect, useState } from "react";
import { Button, Callout, FormGroup, H4, HTMLSelect, InputGroup, Intent } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { apiBase } from "../../../web/src/api/api.ts";
import { useCompanyEvent } from "../../../web/src/realtime/realtime.ts";
import { EmptyState, LoadingState, toastError, toastSuccess } from "../../../web/src/ui/index.ts";
import { useGetApiChannelConnectionsQuery, useRetryApiDeliveryMutation } from "./api-channel-api.ts";
import { DeliveryLogTable } from "./delivery-log-table.tsx";
import { useDeliveryLog } from "./use-delivery-log.ts";

/** Where integrators post: the server's own origin (or the configured backend URL). */
const endpoint = (path: string) => `${apiBase || (typeof window !== "undefined" ? window.location.origin : "")}${path}`;

async function copy(text: string, done: string) {
  try {
    await navigator.clipboard.writeText(text);
    toastSuccess(done);
  } catch (err) {
    toastError(err);
  }
}

/**
 * The settings tab "Canal API": for the chosen API connection, what an integrator needs
 * (endpoints, token, webhook URL) and the log of webhooks posted to it, with retries.
 */
export function ApiChannelTab() {
  const { t } = useTranslation("api-channel");
  const { data: connections = [], isLoading, isError, refetch } = useGetApiChannelConnectionsQuery();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const chosen = connections.find((c) => c.id === chosenId) ?? connections[0] ?? null;
  const log = useDeliveryLog(chosen?.id ?? null);
  const [retry] = useRetryApiDeliveryMutation();
  const [retrying, setRetrying] = useState<number | null>(null);

  useEffect(() => {
    if (isError) toastError(t("messages.loadError"));
  }, [isError, t]);
  // A connection created, renamed or deleted elsewhere shows here at once.
  useCompanyEvent("whatsapp", () => void refetch());

  const onRetry = async (id: number) => {
    setRetrying(id);
    try {
      await retry(id).unwrap();
      toastSuccess(t("messages.retryQueued"));
    } catch (err) {
      toastError(err);
    } finally {
      setRetrying(null);
    }
  };

  if (isLoading) return <LoadingState />;
  if (!chosen) return <EmptyState icon="exchange" title={t("empty.title")} description={t("empty.description")} />;

  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 12 }}>
      <FormGroup label={t("fields.connection")} labelFor="api-channel-connection">
        <HTMLSelect
          id="api-channel-connection"
          value={chosen.id}
          onChange={(e) => setChosenId(Number(e.currentTarget.value))}
          options={connections.map((c) => ({ value: c.id, label: c.name }))}
        />
      </FormGroup>

      <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(280px, 1fr))", gap: 12 }}>
        <FormGroup label={t("fields.webhookUrl")} labelFor="api-channel-webhook" helperText={t("fields.webhookHelp")}>
          <InputGroup id="api-channel-webhook" value={chosen.webhookUrl} readOnly placeholder={t("fields.noWebhook")} />
        </FormGroup>
        <FormGroup label={t("fields.token")} labelFor="api-channel-token" helperText={t("fields.tokenHelp")}>
          <InputGroup
            id="api-channel-token"
            value={chosen.token ?? ""}
            readOnly
            rightElement={
              <Button
                icon="duplicate"
                variant="minimal"
                aria-label={t("actions.copyToken")}
                disabled={!chosen.token}
                onClick={() => void copy(chosen.token ?? "", t("messages.copied"))}
              />
            }
          />
        </FormGroup>
      </div>
      {chosen.webhookUrl ? null : <Callout intent={Intent.WARNING}>{t("messages.noWebhook")}</Callout>}
      <Callout icon="info-sign">
        <div>{t("help.inbound", { url: endpoint("/channels/api/inbound") })}</div>
        <div>{t("help.events", { url: endpoint("/channels/api/events") })}</div>
        <div>{t("help.signature")}</div>
      </Callout>

      <div style={{ display: "flex", alignItems: "center", justifyContent: "space-between" }}>
        <H4 style={{ margin: 0 }}>{t("log.title")}</H4>
        <Button icon="refresh" text={t("actions.refresh")} loading={log.loading} onClick={() => void log.refresh()} />
      </div>
      <DeliveryLogTable records={log.records} retrying={retrying} onRetry={(id) => void onRetry(id)} />
      {log.hasMore ? <Button text={t("actions.loadMore")} variant="outlined" loading={log.loading} onClick={() => void log.loadMore()} /> : null}
    </div>
  );
}

export default ApiChannelTab;
