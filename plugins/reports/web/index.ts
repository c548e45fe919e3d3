import { lazy } from "react";
import { defineWebPlugin } from "../../../web/src/plugin/web-plugin.ts";
import { useSession } from "../../../web/src/session/session.ts";
import { manifest } from "../plugin.ts";
import { mayViewDashboard, mayViewRealTime } from "./access.ts";
import { DashboardPanel } from "./dashboard-panel.tsx";
import en from "./locales/en.json";
import es from "./locales/es.json";
import pt from "./locales/pt.json";
import tr from "./locales/tr.json";

const useShowsReports = () => mayViewDashboard(useSession().user);
const useShowsMoments = () => mayViewRealTime(useSession().user);

/** The dashboard on the home page (the shell's `dashboard.cards` zone), /reports and /moments. */
export default defineWebPlugin({
  manifest,
  pages: [
    { path: "/reports", component: lazy(() => import("./reports-page.tsx")), access: "user" },
    { path: "/moments", component: lazy(() => import("./moments-page.tsx")), access: "user" },
  ],
  menu: [
    { labelKey: "menu.reports", icon: "th-list", path: "/reports", order: 12, access: "user", useVisible: useShowsReports },
    { labelKey: "menu.moments", icon: "dashboard", path: "/moments", order: 13, access: "user", useVisible: useShowsMoments },
  ],
  zones: { "dashboard.cards": [{ component: DashboardPanel, order: 10 }] },
  translations: { pt, en, es, tr },
});
