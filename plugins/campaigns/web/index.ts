import { lazy } from "react";
import { defineWebPlugin } from "../../../web/src/plugin/web-plugin.ts";
import { manifest } from "../plugin.ts";
import { gated, useCampaignsEnabled } from "./campaigns-gate.tsx";
import en from "./locales/en.json";
import es from "./locales/es.json";
import pt from "./locales/pt.json";
import tr from "./locales/tr.json";

/**
 * The campaign screens (spec 002 §2.1–2.5), admins only (the profile user has no access),
 * gated by the manifest's planFlag `useCampaigns` and by the company's `campaignsEnabled`
 * setting (campaigns-gate.tsx): the menu groups campaigns, contact lists and campaign settings.
 */
export default defineWebPlugin({
  manifest,
  pages: [
    { path: "/campaigns", component: gated(lazy(() => import("./campaigns-page.tsx"))), access: "admin" },
    { path: "/campaign/:campaignId/report", component: gated(lazy(() => import("./campaign-report-page.tsx"))), access: "admin" },
    { path: "/campaigns-config", component: gated(lazy(() => import("./campaign-settings-page.tsx"))), access: "admin" },
    { path: "/contact-lists", component: gated(lazy(() => import("./contact-lists-page.tsx"))), access: "admin" },
    { path: "/contact-lists/:contactListId/contacts", component: gated(lazy(() => import("./contact-list-items-page.tsx"))), access: "admin" },
  ],
  menu: [
    { labelKey: "menu.campaigns", icon: "send-message", path: "/campaigns", order: 70, access: "admin", section: "campaigns:menu.section", useVisible: useCampaignsEnabled },
    { labelKey: "menu.contactLists", icon: "people", path: "/contact-lists", order: 71, access: "admin", section: "campaigns:menu.section", useVisible: useCampaignsEnabled },
    { labelKey: "menu.settings", icon: "cog", path: "/campaigns-config", order: 72, access: "admin", section: "campaigns:menu.section", useVisible: useCampaignsEnabled },
  ],
  translations: { pt, en, es, tr },
});
