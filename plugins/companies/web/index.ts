import { createElement, lazy, Suspense, type ComponentType } from "react";
import { Spinner } from "@blueprintjs/core";
import { defineWebPlugin } from "../../../web/src/plugin/web-plugin.ts";
import { manifest } from "../plugin.ts";
import en from "./locales/en.json";
import es from "./locales/es.json";
import pt from "./locales/pt.json";
import tr from "./locales/tr.json";

/** A tab's code loads only when someone opens it. */
function lazyTab(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Lazy = lazy(load);
  return function LazyTab() {
    return createElement(Suspense, { fallback: createElement(Spinner, { size: 32 }) }, createElement(Lazy));
  };
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
        component: lazyTab(() => import("./hours-tab.tsx")),
        access: "admin",
        order: 15,
        visible: (settings) => settings.scheduleType === "company",
      },
      { id: "companies", labelKey: "settingsTabs.companies", component: lazyTab(() => import("./companies-tab.tsx")), access: "super", order: 20 },
    ],
  },
  translations: { pt, en, es, tr },
});
