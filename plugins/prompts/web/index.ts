import { lazy } from "react";
import { defineWebPlugin } from "../../../web/src/plugin/web-plugin.ts";
import { manifest } from "../plugin.ts";
import en from "./locales/en.json";
import es from "./locales/es.json";
import pt from "./locales/pt.json";
import tr from "./locales/tr.json";
import { ConnectionPromptSelect } from "./prompt-select.tsx";

export default defineWebPlugin({
  manifest,
  // Spec 002 §2.12: plan without useOpenAi → toast + redirect to / (the shell's plan gate); profile user → no-access view.
  pages: [{ path: "/prompts", component: lazy(() => import("./prompts-page.tsx")), access: "admin" }],
  menu: [{ labelKey: "menu.prompts", icon: "predictive-analysis", path: "/prompts", order: 76, access: "admin" }],
  zones: { "connections.dialog.handlers": [ConnectionPromptSelect] },
  translations: { pt, en, es, tr },
});
