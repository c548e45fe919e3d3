import { lazy } from "react";
import { defineWebPlugin } from "../../../web/src/plugin/web-plugin.ts";
import { manifest } from "../plugin.ts";
import { ConnectionsBadge } from "./connections-badge.tsx";
import en from "./locales/en.json";
import es from "./locales/es.json";
import pt from "./locales/pt.json";
import tr from "./locales/tr.json";

/**
 * The connections screens (spec 001 §2): /connections for admins and users with
 * allowConnections (others get the page's no-access view), /allConnections for the super user.
 */
export default defineWebPlugin({
  manifest,
  pages: [
    { path: "/connections", component: lazy(() => import("./connections-page.tsx")), access: "user" },
    { path: "/allConnections", component: lazy(() => import("./all-connections-page.tsx")), access: "user" },
  ],
  menu: [
    {
      labelKey: "menu.connections",
      icon: "mobile-phone",
      path: "/connections",
      order: 105,
      access: "user",
      rule: "connections-page:addConnection",
      section: "common:menu.administration",
      badge: ConnectionsBadge,
    },
    { labelKey: "menu.allConnections", icon: "globe-network", path: "/allConnections", order: 106, access: "super", section: "common:menu.administration" },
  ],
  translations: { pt, en, es, tr },
});
