import { lazy } from "react";
import { defineWebPlugin } from "../../../web/src/plugin/web-plugin.ts";
import { manifest } from "../plugin.ts";
import en from "./locales/en.json";
import es from "./locales/es.json";
import pt from "./locales/pt.json";
import tr from "./locales/tr.json";

export default defineWebPlugin({
  manifest,
  zones: {
    settingsTabs: [{ id: "api-channel", labelKey: "settingsTab", component: lazy(() => import("./api-channel-tab.tsx")), access: "admin", order: 60 }],
  },
  translations: { pt, en, es, tr },
});
