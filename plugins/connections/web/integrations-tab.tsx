import { Callout } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { NamedOption } from "./connections-api.ts";
import { SelectField, type TabProps } from "./form-fields.tsx";

export interface IntegrationsTabProps extends TabProps {
  /** Each list is null while it is unavailable (its plugin is not installed yet): the field hides. */
  integrations: NamedOption[] | null;
  prompts: NamedOption[] | null;
  flows: NamedOption[] | null;
}

const asOptions = (list: NamedOption[]) => list.map((o) => ({ value: String(o.id), label: o.name }));

/** Integrations: the integration, the AI prompt and the flows a connection starts. */
export function IntegrationsTab(props: IntegrationsTabProps) {
  const { t } = useTranslation("connections");
  const { integrations, prompts, flows } = props;
  const none = t("fields.none");
  if (!integrations && !prompts && !flows) return <Callout icon="info-sign">{t("help.noIntegrations")}</Callout>;
  return (
    <div>
      {integrations ? <SelectField {...props} field="integrationId" label={t("fields.integrationId")} options={asOptions(integrations)} noneLabel={none} /> : null}
      {prompts ? <SelectField {...props} field="promptId" label={t("fields.promptId")} options={asOptions(prompts)} noneLabel={none} /> : null}
      {flows ? (
        <>
          <SelectField {...props} field="flowIdWelcome" label={t("fields.flowIdWelcome")} options={asOptions(flows)} noneLabel={none} />
          <SelectField {...props} field="flowIdNotPhrase" label={t("fields.flowIdNotPhrase")} options={asOptions(flows)} noneLabel={none} />
        </>
      ) : null}
    </div>
  );
}
