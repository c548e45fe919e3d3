import { createElement, lazy, Suspense } from "react";
import { Spinner } from "@blueprintjs/core";
import { defineWebPlugin } from "../../../web/src/plugin/web-plugin.ts";
import { manifest } from "../plugin.ts";
import en from "./locales/en.json";
import es from "./locales/es.json";
import pt from "./locales/pt.json";
import tr from "./locales/tr.json";

const LazyPlansTab = lazy(() => import("./plans-tab.tsx"));
/** Loads the tab's code only when the super user opens it. */
function PlansTab() {
  return createElement(Suspense, { fallback: createElement(Spinner, { size: 32 }) }, createElement(LazyPlansTab));
}

export default defineWebPlugin({
  manifest,
  zones: {
    settingsTabs: [{ id: "plans", labelKey: "settingsTab", component: PlansTab, access: "super", order: 30 }],
  },
  translations: { pt, en, es, tr },
});
