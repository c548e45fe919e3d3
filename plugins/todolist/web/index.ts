import { lazy } from "react";
import { defineWebPlugin } from "../../../web/src/plugin/web-plugin.ts";
import { manifest } from "../plugin.ts";
import en from "./locales/en.json";
import es from "./locales/es.json";
import pt from "./locales/pt.json";
import tr from "./locales/tr.json";

export default defineWebPlugin({
  manifest,
  pages: [{ path: "/todolist", component: lazy(() => import("./todolist-page.tsx")), access: "user" }],
  menu: [{ labelKey: "menu.todolist", icon: "tick-circle", path: "/todolist", order: 75, access: "user" }],
  translations: { pt, en, es, tr },
});
