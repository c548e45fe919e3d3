import { lazy } from "react";
import { defineWebPlugin } from "../../../web/src/plugin/web-plugin.ts";
import { manifest } from "../plugin.ts";
import en from "./locales/en.json";
import es from "./locales/es.json";
import pt from "./locales/pt.json";
import tr from "./locales/tr.json";
import { ProfileMenuItem } from "./profile-menu-item.tsx";

export default defineWebPlugin({
  manifest,
  pages: [{ path: "/users", component: lazy(() => import("./users-page.tsx")), access: "admin" }],
  menu: [{ labelKey: "menu.users", icon: "people", path: "/users", order: 120, access: "admin", section: "common:menu.administration" }],
  zones: { userMenuItems: [ProfileMenuItem] },
  translations: { pt, en, es, tr },
});
