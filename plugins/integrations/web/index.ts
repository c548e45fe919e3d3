import { lazy } from "react";
import { defineWebPlugin } from "../../../web/src/plugin/web-plugin.ts";
import { manifest } from "../plugin.ts";
import { ConnectionIntegrationField, OptionIntegrationField, QueueIntegrationField } from "./integration-select.tsx";
import en from "./locales/en.json";
import es from "./locales/es.json";
import pt from "./locales/pt.json";
import tr from "./locales/tr.json";

/** The manifest's planFlag (useIntegrations) hides the menu entry and gates the page and the selectors' calls. */
export default defineWebPlugin({
  manifest,
  pages: [{ path: "/queue-integration", component: lazy(() => import("./integrations-page.tsx")), access: "admin" }],
  menu: [{ labelKey: "menu.integrations", icon: "data-connection", path: "/queue-integration", order: 125, access: "admin", section: "common:menu.administration" }],
  zones: {
    "connections.dialog.handlers": [ConnectionIntegrationField],
    "queues.dialog.handlers": [QueueIntegrationField],
    "queues.option.reference.integration": [OptionIntegrationField],
  },
  translations: { pt, en, es, tr },
});
