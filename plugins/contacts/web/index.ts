import { lazy } from "react";
import { defineWebPlugin } from "../../../web/src/plugin/web-plugin.ts";
import { manifest } from "../plugin.ts";
import en from "./locales/en.json";
import es from "./locales/es.json";
import pt from "./locales/pt.json";
import tr from "./locales/tr.json";
import { ticketZones } from "./workspace/ticket-zones.ts";

export default defineWebPlugin({
  manifest,
  pages: [{ path: "/contacts", component: lazy(() => import("./contacts-page.tsx")), access: "user" }],
  menu: [{ labelKey: "menu.contacts", icon: "person", path: "/contacts", order: 30, access: "user" }],
  zones: ticketZones,
  translations: { pt, en, es, tr },
});
