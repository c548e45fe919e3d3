import { lazy } from "react";
import { defineWebPlugin } from "../../../web/src/plugin/web-plugin.ts";
import { manifest } from "../plugin.ts";
import en from "./locales/en.json";
import es from "./locales/es.json";
import pt from "./locales/pt.json";
import tr from "./locales/tr.json";

export default defineWebPlugin({
  manifest,
  pages: [{ path: "/queues", component: lazy(() => import("./queues-page.tsx")), access: "admin" }],
  menu: [{ labelKey: "menu.queues", icon: "diagram-tree", path: "/queues", order: 110, access: "admin", section: "common:menu.administration" }],
  translations: { pt, en, es, tr },
});
