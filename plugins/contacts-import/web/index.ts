import { lazy } from "react";
import { defineWebPlugin } from "../../../web/src/plugin/web-plugin.ts";
import { manifest } from "../plugin.ts";
import { ContactListActions } from "./list-actions.tsx";
import en from "./locales/en.json";
import es from "./locales/es.json";
import pt from "./locales/pt.json";
import tr from "./locales/tr.json";

/** The /contacts/import page (reached from the contacts toolbar's "Import") and the toolbar's import and export buttons. */
export default defineWebPlugin({
  manifest,
  pages: [{ path: "/contacts/import", component: lazy(() => import("./import-page.tsx")), access: "user" }],
  zones: { "contacts.listActions": [ContactListActions] },
  translations: { pt, en, es, tr },
});
