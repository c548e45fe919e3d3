import { lazy } from "react";
import "../../connections/web/public.ts";
import { defineWebPlugin } from "../../../web/src/plugin/web-plugin.ts";
import { manifest } from "../plugin.ts";
import { ConnectionFlowFields } from "./connection-flow-fields.tsx";
import en from "./locales/en.json";
import es from "./locales/es.json";
import pt from "./locales/pt.json";
import tr from "./locales/tr.json";

export default defineWebPlugin({
  manifest,
  pages: [
    { path: "/flowbuilders", component: lazy(() => import("./flows-page.tsx")), access: "admin" },
    { path: "/flowbuilder/:id", component: lazy(() => import("./flow-editor-page.tsx")), access: "admin" },
    { path: "/phrase-lists", component: lazy(() => import("./phrase-lists-page.tsx")), access: "admin" },
  ],
  menu: [
    { labelKey: "menu.phraseLists", icon: "search-text", path: "/phrase-lists", order: 62, access: "admin" },
    { labelKey: "menu.flowbuilders", icon: "flow-branch", path: "/flowbuilders", order: 63, access: "admin" },
  ],
  // The connection dialog's Integrations tab: the welcome and "no phrase matched" flows.
  zones: { "connections.dialog.handlers": [ConnectionFlowFields] },
  translations: { pt, en, es, tr },
});
