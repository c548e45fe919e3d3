import { lazy } from "react";
import { defineWebPlugin } from "../../../web/src/plugin/web-plugin.ts";
import { manifest } from "../plugin.ts";
import { ChatMenuDot } from "./chat-menu-dot.tsx";
import { ChatPopover } from "./chat-popover.tsx";
import en from "./locales/en.json";
import es from "./locales/es.json";
import pt from "./locales/pt.json";
import tr from "./locales/tr.json";

/**
 * The manifest's planFlag (useInternalChat) hides the menu entry, the page and the top-bar
 * popover (which also keeps the unread dot live and plays the chime).
 */
export default defineWebPlugin({
  manifest,
  pages: [{ path: "/chats/:uuid?", component: lazy(() => import("./chats-page.tsx")), access: "user" }],
  menu: [{ labelKey: "menu.chats", icon: "comment", path: "/chats", order: 65, access: "user", badge: ChatMenuDot }],
  zones: { topbar: [{ component: ChatPopover, order: 30 }] },
  translations: { pt, en, es, tr },
});
