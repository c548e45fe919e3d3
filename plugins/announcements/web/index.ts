import { lazy } from "react";
import { defineWebPlugin } from "../../../web/src/plugin/web-plugin.ts";
import { manifest } from "../plugin.ts";
import { AnnouncementsBell } from "./announcements-bell.tsx";
import en from "./locales/en.json";
import es from "./locales/es.json";
import pt from "./locales/pt.json";
import tr from "./locales/tr.json";

export default defineWebPlugin({
  manifest,
  // The page itself tells a non-super visitor off and redirects (spec 002 §2.13), so it is open to "user".
  pages: [{ path: "/announcements", component: lazy(() => import("./announcements-page.tsx")), access: "user" }],
  menu: [{ labelKey: "menu.announcements", icon: "announcement", path: "/announcements", order: 150, access: "super", section: "common:menu.administration" }],
  zones: { topbar: [AnnouncementsBell] },
  translations: { pt, en, es, tr },
});
