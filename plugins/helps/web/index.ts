import { lazy } from "react";
import { defineWebPlugin } from "../../../web/src/plugin/web-plugin.ts";
import { manifest } from "../plugin.ts";
import { useHasHelps } from "./helps-api.ts";
import en from "./locales/en.json";
import es from "./locales/es.json";
import pt from "./locales/pt.json";
import tr from "./locales/tr.json";

export default defineWebPlugin({
  manifest,
  pages: [{ path: "/helps", component: lazy(() => import("./helps-page.tsx")), access: "user" }],
  // The help centre entry appears only when there is help to show (spec 001 §2).
  menu: [{ labelKey: "menu.helps", icon: "help", path: "/helps", order: 90, access: "user", useVisible: useHasHelps }],
  zones: {
    settingsTabs: [{ id: "helps", labelKey: "settingsTab", component: lazy(() => import("./helps-manager.tsx")), access: "super", order: 35 }],
  },
  translations: { pt, en, es, tr },
});
