import { H6 } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { Channel } from "../shared/connection-rules.ts";
import type { NamedOption } from "./connections-api.ts";
import { MessageField, NumberField, Row, SelectField, SwitchField, TextField, type TabProps } from "./form-fields.tsx";

export interface ChatbotTabProps extends TabProps {
  channel: Channel;
  /** Null while GET /queue is unavailable: the queue pickers hide. */
  queues: NamedOption[] | null;
}

/** Chatbot: bot limits, queue redirection, ticket expiry, inactivity and message import. */
export function ChatbotTab(props: ChatbotTabProps) {
  const { t } = useTranslation("connections");
  const { form, set, queues, channel } = props;
  const queueOptions = (queues ?? []).map((q) => ({ value: String(q.id), label: q.name }));
  const none = t("fields.none");
  return (
    <div>
      <Row>
        <NumberField {...props} field="maxUseBotQueues" label={t("fields.maxUseBotQueues")} />
        <NumberField {...props} field="timeUseBotQueues" label={t("fields.timeUseBotQueues")} />
      </Row>
      <Row>
        <NumberField {...props} field="timeSendQueue" label={t("fields.timeSendQueue")} />
        {queues ? <SelectField {...props} field="sendIdQueue" label={t("fields.sendIdQueue")} options={queueOptions} noneLabel={none} /> : null}
      </Row>
      <Row>
        <NumberField {...props} field="expiresTicket" label={t("fields.expiresTicket")} />
        <SelectField
          {...props}
          field="whenExpiresTicket"
          label={t("fields.whenExpiresTicket")}
          options={[
            { value: "0", label: t("fields.whenExpires0") },
            { value: "1", label: t("fields.whenExpires1") },
          ]}
        />
      </Row>
      <MessageField {...props} field="expiresInactiveMessage" label={t("fields.expiresInactiveMessage")} />
      <Row>
        <NumberField {...props} field="timeInactiveMessage" label={t("fields.timeInactiveMessage")} />
        <NumberField {...props} field="timeCreateNewTicket" label={t("fields.timeCreateNewTicket")} />
      </Row>
      {channel === "whatsapp" ? (
        <>
          <H6 className="connections-section-title">{t("sections.import")}</H6>
          <SwitchField form={form} set={set} field="enableImportMessage" label={t("fields.enableImportMessage")} />
          {form.enableImportMessage ? (
            <>
              <Row>
                <TextField {...props} field="importOldMessages" type="datetime-local" label={t("fields.importOldMessages")} />
                <TextField {...props} field="importRecentMessages" type="datetime-local" label={t("fields.importRecentMessages")} />
              </Row>
              {queues ? <SelectField {...props} field="queueIdImportMessages" label={t("fields.queueIdImportMessages")} options={queueOptions} noneLabel={none} /> : null}
              <SwitchField form={form} set={set} field="importOldMessagesGroups" label={t("fields.importOldMessagesGroups")} />
              <SwitchField form={form} set={set} field="closedTicketsPostImported" label={t("fields.closedTicketsPostImported")} />
            </>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
