import { Callout } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { MessageField, NumberField, Row, type TabProps } from "./form-fields.tsx";

/** NPS (assessments): the rating message (scale 0 to 10), its expiry and how often to ask. */
export function NpsTab(props: TabProps & { npsEnabled: boolean }) {
  const { t } = useTranslation("connections");
  return (
    <div>
      {!props.npsEnabled ? (
        <Callout icon="info-sign" style={{ marginBottom: 12 }}>
          {t("help.npsDisabled")}
        </Callout>
      ) : null}
      <MessageField {...props} field="ratingMessage" label={t("fields.ratingMessage")} helper={t("help.ratingMessage")} />
      <Row>
        <NumberField {...props} field="expiresTicketNPS" label={t("fields.expiresTicketNPS")} />
        <NumberField {...props} field="maxUseBotQueuesNPS" label={t("fields.maxUseBotQueuesNPS")} />
      </Row>
    </div>
  );
}
