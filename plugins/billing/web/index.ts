import { lazy } from "react";
import { defineWebPlugin } from "../../../web/src/plugin/web-plugin.ts";
import { manifest } from "../plugin.ts";
import { ConfirmPaymentAction } from "./confirm-payment-action.tsx";
import en from "./locales/en.json";
import es from "./locales/es.json";
import pt from "./locales/pt.json";
import tr from "./locales/tr.json";

/**
 * Billing's pages: /financeiro (the shell's expired-company redirect lands here, and its menu
 * entry stays while the company is overdue, spec 001 §6) and /subscription ('Assinatura').
 */
export default defineWebPlugin({
  manifest,
  pages: [
    { path: "/financeiro", component: lazy(() => import("./invoices-page.tsx")), access: "admin" },
    { path: "/subscription", component: lazy(() => import("./subscription-page.tsx")), access: "admin" },
  ],
  menu: [{ labelKey: "menu.invoices", icon: "dollar", path: "/financeiro", order: 180, access: "admin", section: "common:menu.administration", keepWhenExpired: true }],
  zones: { "companies.rowActions": [ConfirmPaymentAction] },
  translations: { pt, en, es, tr },
});
