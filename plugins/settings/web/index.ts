import { lazy } from "react";
import { defineWebPlugin } from "../../../web/src/plugin/web-plugin.ts";
import { manifest } from "../plugin.ts";
import en from "./locales/en.json";
import es from "./locales/es.json";
import pt from "./locales/pt.json";
import tr from "./locales/tr.json";

export default defineWebPlugin({
  manifest,
  // The /settings page is the shell's: it renders every plugin's tabs.
  menu: [{ labelKey: "menu.settings", icon: "cog", path: "/settings", order: 190, access: "admin", section: "common:menu.administration" }],
  zones: {
    settingsTabs: [
      { id: "options", labelKey: "tabs.options", component: lazy(() => import("./options-tab.tsx")), access: "admin", order: 10 },
      { id: "whitelabel", labelKey: "tabs.whitelabel", component: lazy(() => import("./whitelabel-tab.tsx")), access: "super", order: 40 },
      { id: "platform", labelKey: "tabs.platform", component: lazy(() => import("./platform-tab.tsx")), access: "super", order: 45 },
      { id: "certificate", labelKey: "tabs.certificate", component: lazy(() => import("./certificate-tab.tsx")), access: "super", order: 50 },
    ],
  },
  translations: { pt, en, es, tr },
});
