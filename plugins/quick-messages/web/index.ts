import { lazy } from "react";
import { defineWebPlugin } from "../../../web/src/plugin/web-plugin.ts";
import { manifest } from "../plugin.ts";
import en from "./locales/en.json";
import es from "./locales/es.json";
import pt from "./locales/pt.json";
import tr from "./locales/tr.json";
import { QuickReplyTool } from "./composer/quick-reply-tool.tsx";

export default defineWebPlugin({
  manifest,
  pages: [{ path: "/quick-messages", component: lazy(() => import("./quick-messages-page.tsx")), access: "user" }],
  menu: [{ labelKey: "menu.quickMessages", icon: "lightning", path: "/quick-messages", order: 40, access: "user" }],
  // "/" in the ticket composer opens the quick replies (spec 000 §2).
  zones: { "tickets.composerTools": [QuickReplyTool] },
  translations: { pt, en, es, tr },
});
