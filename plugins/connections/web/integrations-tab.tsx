import { Fragment } from "react";
import { Callout } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { useZone } from "../../../web/src/plugin/zone.tsx";
import { useErrorText, type TabProps } from "./form-fields.tsx";
import type { ConnectionHandlerField, ConnectionHandlerProps } from "./zones.ts";
import "./zones.ts";

const FIELDS: readonly ConnectionHandlerField[] = ["integrationId", "promptId", "flowIdWelcome", "flowIdNotPhrase"];
const idOf = (text: string) => (text ? Number(text) : null);

/**
 * Integrations: the queue integration, the AI prompt and the flows a connection starts, chosen
 * with the selectors their plugins contribute to `connections.dialog.handlers` (this plugin
 * reads none of their lists). The form keeps the stored ids either way.
 */
export function IntegrationsTab({ form, errors, set }: TabProps) {
  const { t } = useTranslation("connections");
  const text = useErrorText();
  const selectors = useZone("connections.dialog.handlers");
  if (!selectors.length) return <Callout icon="info-sign">{t("help.noIntegrations")}</Callout>;
  const props: ConnectionHandlerProps = {
    values: Object.fromEntries(FIELDS.map((f) => [f, idOf(form[f])])) as ConnectionHandlerProps["values"],
    set: (field, id) => set(field, id === null ? "" : String(id)),
    errors: Object.fromEntries(FIELDS.flatMap((f) => (errors[f] ? [[f, text(errors[f])]] : []))),
  };
  return (
    <div>
      {selectors.map(({ key, Component }) => (
        <Fragment key={key}>
          <Component {...props} />
        </Fragment>
      ))}
    </div>
  );
}
