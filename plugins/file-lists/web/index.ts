import { lazy } from "react";
import { defineWebPlugin } from "../../../web/src/plugin/web-plugin.ts";
import { manifest } from "../plugin.ts";
import { OptionFileListSelect, QueueFileListSelect } from "./file-list-select.tsx";
import en from "./locales/en.json";
import es from "./locales/es.json";
import pt from "./locales/pt.json";
import tr from "./locales/tr.json";

export default defineWebPlugin({
  manifest,
  // Spec 002 §6: the profile user sees the no-access view.
  pages: [{ path: "/files", component: lazy(() => import("./files-page.tsx")), access: "admin" }],
  menu: [{ labelKey: "menu.files", icon: "folder-open", path: "/files", order: 75, access: "admin" }],
  zones: { "queues.dialog.handlers": [QueueFileListSelect], "queues.option.reference.fileList": [OptionFileListSelect] },
  translations: { pt, en, es, tr },
});
