import { defineWebPlugin, type Language, type WebPlugin } from "../plugin/web-plugin.ts";

const same = (bundle: Record<string, unknown>): Record<Language, Record<string, unknown>> => ({ pt: bundle, en: bundle, es: bundle, tr: bundle });

/** Small plugins for shell tests: a public page, plain/admin/super/rule pages, plan-gated features. */
export const samplePlugins: WebPlugin[] = [
  defineWebPlugin({
    manifest: { id: "signup" },
    pages: [{ path: "/signup", component: () => <p>signup form</p>, public: true }],
    translations: same({}),
  }),
  defineWebPlugin({
    manifest: { id: "contacts" },
    pages: [{ path: "/contacts", component: () => <p>contacts list</p> }],
    menu: [{ labelKey: "menu.contacts", icon: "person", path: "/contacts", order: 20 }],
    translations: same({ menu: { contacts: "Contatos" } }),
  }),
  defineWebPlugin({
    manifest: { id: "tickets" },
    pages: [{ path: "/tickets/:ticketId?", component: ({ params }: { params: { ticketId?: string } }) => <p>ticket {params.ticketId ?? "none"}</p> }],
    menu: [{ labelKey: "menu.tickets", icon: "chat", path: "/tickets", order: 10 }],
    translations: same({ menu: { tickets: "Atendimentos" } }),
  }),
  defineWebPlugin({
    manifest: { id: "users" },
    pages: [{ path: "/users", component: () => <p>users list</p>, access: "admin" }],
    menu: [{ labelKey: "menu.users", icon: "people", path: "/users", order: 120, access: "admin", section: "common:menu.administration" }],
    translations: same({ menu: { users: "Usuários" } }),
  }),
  defineWebPlugin({
    manifest: { id: "companies" },
    pages: [{ path: "/companies", component: () => <p>companies list</p>, access: "super" }],
    menu: [{ labelKey: "menu.companies", icon: "office", path: "/companies", order: 110, access: "super", section: "common:menu.administration" }],
    translations: same({ menu: { companies: "Empresas" } }),
  }),
  defineWebPlugin({
    manifest: { id: "schedules", planFlag: "useSchedules" },
    pages: [{ path: "/schedules", component: () => <p>schedules calendar</p> }],
    menu: [{ labelKey: "menu.schedules", icon: "calendar", path: "/schedules", order: 40 }],
    translations: same({ menu: { schedules: "Agendamentos" } }),
  }),
  defineWebPlugin({
    manifest: { id: "tags" },
    pages: [
      { path: "/tags", component: () => <p>tags list</p> },
      { path: "/kanban", component: () => <p>kanban board</p>, planFlag: "useKanban" },
    ],
    menu: [
      { labelKey: "menu.tags", icon: "tag", path: "/tags", order: 50 },
      { labelKey: "menu.kanban", icon: "column-layout", path: "/kanban", order: 51, planFlag: "useKanban" },
    ],
    translations: same({ menu: { tags: "Tags", kanban: "Kanban" } }),
  }),
  defineWebPlugin({
    manifest: { id: "reports" },
    pages: [{ path: "/reports", component: () => <p>reports</p>, rule: "reports:view" }],
    menu: [{ labelKey: "menu.reports", icon: "chart", path: "/reports", order: 60, rule: "reports:view" }],
    translations: same({ menu: { reports: "Relatórios" } }),
  }),
  defineWebPlugin({
    manifest: { id: "billing" },
    pages: [{ path: "/financeiro", component: () => <p>invoices</p>, access: "admin" }],
    menu: [{ labelKey: "menu.billing", icon: "dollar", path: "/financeiro", order: 130, access: "admin", section: "common:menu.administration", keepWhenExpired: true }],
    translations: same({ menu: { billing: "Financeiro" } }),
  }),
];
