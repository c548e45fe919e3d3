import { lazy } from "react";
import { commonResources } from "../i18n/i18n.ts";
import { defineWebPlugin } from "../plugin/web-plugin.ts";

/**
 * The shell's own pages and menu entries, shaped like a plugin so routing and the menu
 * treat everything alike. It comes after the real plugins: a plugin that brings its
 * own "/" (the dashboard) takes the path and its menu entry.
 */
export const shellPlugin = defineWebPlugin({
  manifest: { id: "common" },
  pages: [
    { path: "/", component: lazy(() => import("../pages/home-page.tsx")) },
    { path: "/settings", component: lazy(() => import("../pages/settings-page.tsx")) },
    { path: "/403", component: lazy(() => import("../pages/forbidden-page.tsx")) },
  ],
  menu: [
    { labelKey: "menu.home", icon: "home", path: "/", order: 0 },
    { labelKey: "menu.settings", icon: "cog", path: "/settings", order: 990, access: "admin", section: "common:menu.administration" },
  ],
  translations: commonResources,
});
