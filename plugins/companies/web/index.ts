import { createElement, lazy, Suspense } from "react";
import { Spinner } from "@blueprintjs/core";
import { defineWebPlugin } from "../../../web/src/plugin/web-plugin.ts";
import { manifest } from "../plugin.ts";
import en from "./locales/en.json";
import es from "./locales/es.json";
import pt from "./locales/pt.json";
import tr from "./locales/tr.json";

// A tab's code loads only when someone opens it. Module-level components (not a factory) so
// React keeps each tab's identity, as plans/web/index.ts does.
const LazyHoursTab = lazy(() => import("./hours-tab.tsx"));
const LazyCompaniesTab = lazy(() => import("./companies-tab.tsx"));
const tabFallback = () => createElement(Spinner, { size: 32 });
function HoursTab() {
  return createElement(Suspense, { fallback: tabFallback() }, createElement(LazyHoursTab));
}
function CompaniesTab() {
  return createElement(Suspense, { fallback: tabFallback() }, createElement(LazyCompaniesTab));
}

export default defineWebPlugin({
  manifest,
  pages: [
    // No `access` here on purpose: a non-super visitor must see the spec's message and be
    // sent home after 1 s, which the page does itself (the server refuses the calls anyway).
    { path: "/companies", component: lazy(() => import("./companies-page.tsx")) },
  ],
  menu: [{ labelKey: "menu.companies", icon: "office", path: "/companies", order: 130, access: "super", section: "common:menu.administration" }],
  zones: {
    settingsTabs: [
      {
        id: "hours",
        labelKey: "settingsTabs.hours",
        component: HoursTab,
        access: "admin",
        order: 15,
        visible: (settings) => settings.scheduleType === "company",
      },
      { id: "companies", labelKey: "settingsTabs.companies", component: CompaniesTab, access: "super", order: 20 },
    ],
  },
  translations: { pt, en, es, tr },
});
