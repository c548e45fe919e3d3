import { lazy } from "react";
import { defineWebPlugin } from "../../../web/src/plugin/web-plugin.ts";
import { manifest } from "../plugin.ts";
import { translations } from "./locales/translations.ts";
import { NotificationsBell } from "./notifications/notifications-bell.tsx";
import { VolumeControl } from "./notifications/volume-control.tsx";

export default defineWebPlugin({
  manifest,
  pages: [{ path: "/tickets/:uuid?", component: lazy(() => import("./tickets-page.tsx")), access: "user" }],
  menu: [{ labelKey: "menu.tickets", icon: "chat", path: "/tickets", order: 20, access: "user" }],
  // Always mounted (every private page): the bell plays the chime and keeps the title badge.
  zones: { topbar: [NotificationsBell, VolumeControl] },
  translations,
});
