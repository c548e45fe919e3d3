import { lazy } from "react";
import { defineWebPlugin } from "../../../web/src/plugin/web-plugin.ts";
import { manifest } from "../plugin.ts";
import en from "./locales/en.json";
import es from "./locales/es.json";
import pt from "./locales/pt.json";
import tr from "./locales/tr.json";
import { ScheduleComposerTool } from "./schedule-composer-tool.tsx";

/** The manifest's planFlag (useSchedules) hides the menu entry and gates the page and the composer button. */
export default defineWebPlugin({
  manifest,
  pages: [{ path: "/schedules", component: lazy(() => import("./schedules-page.tsx")), access: "user" }],
  menu: [{ labelKey: "menu.schedules", icon: "calendar", path: "/schedules", order: 45, access: "user" }],
  zones: { "tickets.composerTools": [{ component: ScheduleComposerTool, order: 50 }] },
  translations: { pt, en, es, tr },
});
