import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppRoutes } from "../app/app-routes.tsx";
import { defineWebPlugin, type Language } from "../plugin/web-plugin.ts";
import { isoDay, renderWithProviders, testUser } from "../test/render.tsx";
import { samplePlugins } from "../test/sample-plugins.tsx";
import { pageReload } from "./page-reload.ts";

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith("/auth/logout")) return Response.json({ message: "OK" });
    return Response.json({ version: "4.5.0" });
  });
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const same = (bundle: Record<string, unknown>): Record<Language, Record<string, unknown>> => ({ pt: bundle, en: bundle, es: bundle, tr: bundle });

/** A phone: the shell's NARROW_SCREEN query matches. */
const asPhone = () => vi.stubGlobal("matchMedia", (query: string) => ({ matches: query.includes("max-width"), media: query, addEventListener() {}, removeEventListener() {} }));

describe("top bar on a narrow screen", () => {
  it("moves refresh, theme, language and the due date into the user menu, keeping the plugins' items in the bar", async () => {
    asPhone();
    const due = isoDay(3);
    const [y, m, d] = due.split("-");
    const plugin = defineWebPlugin({ manifest: { id: "extras" }, zones: { topbar: [() => <span>bell</span>] }, translations: same({}) });
    const reload = vi.spyOn(pageReload, "run").mockImplementation(() => {});
    const { store } = renderWithProviders(<AppRoutes />, { plugins: [plugin], session: testUser({ company: { dueDate: due } }) });
    expect(await screen.findByText("bell")).toBeTruthy();
    const bar = document.querySelector(".app-topbar") as HTMLElement;
    for (const name of ["Atualizar", "Usar tema escuro", "Idioma"]) expect(within(bar).queryByRole("button", { name })).toBeNull();
    expect(bar.querySelector(".app-due-date")).toBeNull();
    // The app's name yields to the mark alone.
    expect(within(bar).queryByText("Atendechat")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Menu do usuário" }));
    const menu = screen.getByRole("menu", { name: "Menu do usuário" });
    expect(within(menu).getByText(`Vencimento: ${d}/${m}/${y}`)).toBeTruthy();
    fireEvent.click(within(menu).getByText("Usar tema escuro"));
    expect(store.getState().ui.theme).toBe("dark");
    // The theme item keeps the menu open and now offers the way back.
    expect(within(menu).getByText("Usar tema claro")).toBeTruthy();
    fireEvent.click(within(menu).getByText("English"));
    await waitFor(() => expect(within(menu).getByText("Refresh")).toBeTruthy());
    fireEvent.click(within(menu).getByText("Refresh"));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("a plain user's menu has no due date", async () => {
    asPhone();
    renderWithProviders(<AppRoutes />, { session: testUser({ profile: "user" }) });
    fireEvent.click(await screen.findByRole("button", { name: "Menu do usuário" }));
    const menu = screen.getByRole("menu", { name: "Menu do usuário" });
    expect(within(menu).getByText("Atualizar")).toBeTruthy();
    expect(within(menu).queryByText(/Vencimento:/)).toBeNull();
  });

  it("on a wide screen the user menu has none of them", async () => {
    renderWithProviders(<AppRoutes />);
    fireEvent.click(await screen.findByRole("button", { name: "Menu do usuário" }));
    const menu = screen.getByRole("menu", { name: "Menu do usuário" });
    expect(within(menu).queryByText("Atualizar")).toBeNull();
    expect(within(menu).queryByText("English")).toBeNull();
  });
});

describe("top bar", () => {
  it("shows the company due date (DD/MM/YYYY) to admins only", async () => {
    const due = isoDay(40);
    const [y, m, d] = due.split("-");
    renderWithProviders(<AppRoutes />, { session: testUser({ company: { dueDate: due } }) });
    expect(await screen.findByText(`Vencimento: ${d}/${m}/${y}`)).toBeTruthy();
  });

  it("hides the due date from a plain user", async () => {
    renderWithProviders(<AppRoutes />, { session: testUser({ profile: "user" }) });
    await screen.findByText("Olá, Ana Souza!");
    expect(screen.queryByText(/Vencimento:/)).toBeNull();
  });

  it("the refresh button reloads the page", async () => {
    const reload = vi.spyOn(pageReload, "run").mockImplementation(() => {});
    renderWithProviders(<AppRoutes />);
    fireEvent.click(await screen.findByRole("button", { name: "Atualizar" }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("the theme toggle switches to dark and back", async () => {
    const { store } = renderWithProviders(<AppRoutes />);
    fireEvent.click(await screen.findByRole("button", { name: "Usar tema escuro" }));
    expect(store.getState().ui.theme).toBe("dark");
    fireEvent.click(screen.getByRole("button", { name: "Usar tema claro" }));
    expect(store.getState().ui.theme).toBe("light");
  });

  it("the menu button collapses and expands the side menu", async () => {
    const { store } = renderWithProviders(<AppRoutes />, { preloadedState: { ui: { theme: "light", menuOpen: true } } });
    fireEvent.click(await screen.findByRole("button", { name: "Recolher menu" }));
    expect(store.getState().ui.menuOpen).toBe(false);
    expect(screen.queryByText("Início", { selector: ".app-nav-label" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Expandir menu" }));
    expect(store.getState().ui.menuOpen).toBe(true);
  });

  it("renders the plugins' top bar items and user menu items; logout ends the session", async () => {
    const plugin = defineWebPlugin({
      manifest: { id: "extras" },
      zones: { topbar: [() => <span>bell</span>], userMenuItems: [() => <li>profile item</li>] },
      translations: same({}),
    });
    const { store, path } = renderWithProviders(<AppRoutes />, { plugins: [plugin] });
    expect(await screen.findByText("bell")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Menu do usuário" }));
    const menu = screen.getByRole("menu", { name: "Menu do usuário" });
    expect(within(menu).getByText("profile item")).toBeTruthy();
    expect(within(menu).getByText("ana@empresa.com")).toBeTruthy();
    fireEvent.click(within(menu).getByText("Sair"));
    await waitFor(() => expect(store.getState().session.status).toBe("anonymous"));
    const logoutCall = fetchMock.mock.calls.find(([u]) => String(u).endsWith("/auth/logout")) as [string, RequestInit];
    expect(logoutCall[1].method).toBe("DELETE");
    await waitFor(() => expect(path()).toBe("/login"));
    expect(localStorage.getItem("token")).toBeNull();
  });
});

describe("settings page", () => {
  const tabs = defineWebPlugin({
    manifest: { id: "opts" },
    zones: {
      settingsTabs: [
        { id: "hours", labelKey: "tabs.hours", component: () => <p>hours panel</p>, order: 20, visible: (s) => s.scheduleType === "company" },
        { id: "options", labelKey: "tabs.options", component: () => <p>options panel</p>, order: 10 },
        { id: "plans", labelKey: "tabs.plans", component: () => <p>plans panel</p>, order: 30, access: "super" },
      ],
    },
    translations: same({ tabs: { options: "Opções", hours: "Horários", plans: "Planos" } }),
  });

  it("shows an admin the tabs allowed, ordered, the first one open", async () => {
    renderWithProviders(<AppRoutes />, { route: "/settings", plugins: [tabs] });
    expect(await screen.findByText("options panel")).toBeTruthy();
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual(["Opções"]);
  });

  it("shows Hours when scheduleType is company, and super-only tabs to the super user", async () => {
    const user = testUser({ super: true, company: { settings: [{ key: "scheduleType", value: "company" }] } });
    const { path } = renderWithProviders(<AppRoutes />, { route: "/settings", plugins: [tabs], session: user });
    await screen.findByText("options panel");
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual(["Opções", "Horários", "Planos"]);
    fireEvent.click(screen.getByRole("tab", { name: "Planos" }));
    expect(await screen.findByText("plans panel")).toBeTruthy();
    expect(path()).toBe("/settings?tab=plans");
  });

  it("a plain user sees the no-permission view instead", async () => {
    renderWithProviders(<AppRoutes />, { route: "/settings", plugins: [tabs], session: testUser({ profile: "user" }) });
    expect(await screen.findByText("Sem permissão")).toBeTruthy();
    expect(screen.queryByRole("tab")).toBeNull();
  });
});

describe("home page", () => {
  it("welcomes the user with the company, the plan and shortcuts from the menu", async () => {
    renderWithProviders(<AppRoutes />, { plugins: samplePlugins });
    expect(await screen.findByText("Olá, Ana Souza!")).toBeTruthy();
    expect(screen.getByText("Empresa Teste")).toBeTruthy();
    expect(screen.getByText(/Plano Teste/)).toBeTruthy();
    const main = screen.getByRole("main");
    expect(within(main).getByRole("link", { name: "Atendimentos" })).toBeTruthy();
  });
});
