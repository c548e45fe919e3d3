import { lazy } from "react";
import { defineWebPlugin } from "../../../../web/src/plugin/web-plugin.ts";
import { manifest } from "../plugin.ts";
import en from "./locales/en.json";
import es from "./locales/es.json";
import pt from "./locales/pt.json";
import tr from "./locales/tr.json";
import { PinComposerTool } from "./pin-composer-tool.tsx";

/** The manifest's planFlag (useScratchBoard) hides the menu entry and gates the page and the composer tool. */
export default defineWebPlugin({
  manifest,
  pages: [{ path: "/scratch-board", component: lazy(() => import("./scratch-board-page.tsx")), access: "user" }],
  menu: [{ labelKey: "menu.board", icon: "clipboard", path: "/scratch-board", order: 95, access: "user" }],
  zones: { "tickets.composerTools": [{ component: PinComposerTool, order: 90 }] },
  translations: { pt, en, es, tr },
});
