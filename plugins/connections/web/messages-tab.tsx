import { H6 } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { MessageField, Row, TextField, type TabProps } from "./form-fields.tsx";

/** Messages: greeting, completion, out of hours, inactivity and the collective vacation. */
export function MessagesTab(props: TabProps) {
  const { t } = useTranslation("connections");
  return (
    <div>
      <MessageField {...props} field="greetingMessage" label={t("fields.greetingMessage")} />
      <MessageField {...props} field="complationMessage" label={t("fields.complationMessage")} />
      <MessageField {...props} field="outOfHoursMessage" label={t("fields.outOfHoursMessage")} />
      <MessageField {...props} field="inactiveMessage" label={t("fields.inactiveMessage")} />
      <H6 className="connections-section-title">{t("sections.vacation")}</H6>
      <Row>
        <TextField {...props} field="collectiveVacationStart" type="date" label={t("fields.collectiveVacationStart")} />
        <TextField {...props} field="collectiveVacationEnd" type="date" label={t("fields.collectiveVacationEnd")} />
      </Row>
      <MessageField {...props} field="collectiveVacationMessage" label={t("fields.collectiveVacationMessage")} />
    </div>
  );
}
