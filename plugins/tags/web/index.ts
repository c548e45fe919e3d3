import { lazy } from "react";
import { defineWebPlugin } from "../../../web/src/plugin/web-plugin.ts";
import { manifest } from "../plugin.ts";
import en from "./locales/en.json";
import es from "./locales/es.json";
import pt from "./locales/pt.json";
import tr from "./locales/tr.json";
import { TicketTagBadges } from "./ticket-tag-badges.tsx";

export default defineWebPlugin({
  manifest,
  pages: [{ path: "/tags", component: lazy(() => import("./tags-page.tsx")), access: "user" }],
  menu: [{ labelKey: "menu.tags", icon: "tag", path: "/tags", order: 60, access: "user" }],
  zones: { "tickets.listItemBadges": [TicketTagBadges] },
  translations: { pt, en, es, tr },
});
