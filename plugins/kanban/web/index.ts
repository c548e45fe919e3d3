import { lazy } from "react";
import { defineWebPlugin } from "../../../web/src/plugin/web-plugin.ts";
import { manifest } from "../plugin.ts";
import en from "./locales/en.json";
import es from "./locales/es.json";
import pt from "./locales/pt.json";
import tr from "./locales/tr.json";
import { TicketDrawerStage, TicketHeaderStage } from "./ticket-stage.tsx";

/**
 * The manifest's planFlag (useKanban) hides the menu entry and gates the pages and the stage
 * selectors. Paths match case-insensitively (the spec's /Kanban and /TagsKanban, and /tagsKanban).
 */
export default defineWebPlugin({
  manifest,
  pages: [
    { path: "/kanban", component: lazy(() => import("./kanban-page.tsx")), access: "user" },
    { path: "/TagsKanban", component: lazy(() => import("./tags-kanban-page.tsx")), access: "user" },
  ],
  menu: [{ labelKey: "menu.kanban", icon: "column-layout", path: "/kanban", order: 25, access: "user" }],
  zones: {
    "tickets.headerActions": [TicketHeaderStage],
    // Where tickets' own stage section sat (20): between the contact card (10) and its tags (30).
    "tickets.drawerSections": [{ component: TicketDrawerStage, order: 20 }],
  },
  translations: { pt, en, es, tr },
});
