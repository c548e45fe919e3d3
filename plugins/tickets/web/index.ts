import { lazy } from "react";
import { defineWebPlugin } from "../../../web/src/plugin/web-plugin.ts";
import { manifest } from "../plugin.ts";
import { translations } from "./locales/translations.ts";

export default defineWebPlugin({
  manifest,
  pages: [{ path: "/tickets/:uuid?", component: lazy(() => import("./tickets-page.tsx")), access: "user" }],
  menu: [{ labelKey: "menu.tickets", icon: "chat", path: "/tickets", order: 20, access: "user" }],
  translations,
});
