import { lazy } from "react";
import { defineWebPlugin } from "../../../web/src/plugin/web-plugin.ts";
import { manifest } from "../plugin.ts";
import { TicketNotesSection } from "./drawer/drawer-sections.tsx";
import { translations } from "./locales/translations.ts";
import { NotificationsBell } from "./notifications/notifications-bell.tsx";
import { VolumeControl } from "./notifications/volume-control.tsx";

export default defineWebPlugin({
  manifest,
  pages: [{ path: "/tickets/:uuid?", component: lazy(() => import("./tickets-page.tsx")), access: "user" }],
  menu: [{ labelKey: "menu.tickets", icon: "chat", path: "/tickets", order: 20, access: "user" }],
  zones: {
    // Always mounted (every private page): the bell plays the chime and keeps the title badge.
    topbar: [NotificationsBell, VolumeControl],
    // The workspace's own drawer sections go through its zone too, so other plugins' sections
    // interleave by order (plugins/tickets/README.md, "Web zones"); the kanban stage (20) is the kanban plugin's.
    "tickets.drawerSections": [{ component: TicketNotesSection, order: 40 }],
  },
  translations,
});
