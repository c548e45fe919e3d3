import { lazy } from "react";
import { defineWebPlugin } from "../../../web/src/plugin/web-plugin.ts";
import { manifest } from "../plugin.ts";
import en from "./locales/en.json";
import es from "./locales/es.json";
import pt from "./locales/pt.json";
import tr from "./locales/tr.json";

/** The manifest's planFlag (useExternalApi) hides the menu entry and gates the page (spec 002 §2.1). */
export default defineWebPlugin({
  manifest,
  pages: [{ path: "/messages-api", component: lazy(() => import("./messages-api-page.tsx")), access: "admin" }],
  menu: [{ labelKey: "menu.messagesApi", icon: "code", path: "/messages-api", order: 140, access: "admin", section: "common:menu.administration" }],
  translations: { pt, en, es, tr },
});
