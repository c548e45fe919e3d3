import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SideMenu } from "../layout/side-menu.tsx";
import { describeSession } from "../session/session.ts";
import { isoDay, renderWithProviders, testPlan, testUser } from "../test/render.tsx";
import { samplePlugins } from "../test/sample-plugins.tsx";
import { activeMenuPath, buildMenu } from "./access.ts";

const session = (user = testUser()) => describeSession({ status: "signedIn", token: "t", user });
const paths = (user = testUser()) => buildMenu(samplePlugins, session(user)).flatMap((s) => s.items.map((i) => i.path));

describe("menu: filtering", () => {
  it("an admin sees plain and admin entries, not super-only or rule-gated ones", () => {
    expect(paths()).toEqual(["/tickets", "/contacts", "/schedules", "/tags", "/kanban", "/users", "/financeiro"]);
  });

  it("a plain user sees no admin entries", () => {
    expect(paths(testUser({ profile: "user" }))).toEqual(["/tickets", "/contacts", "/schedules", "/tags", "/kanban"]);
  });

  it("the super user also sees super-only entries", () => {
    expect(paths(testUser({ super: true }))).toContain("/companies");
  });

  it("a named rule shows its entry only to holders", () => {
    expect(paths(testUser({ permissions: ["reports:view"] }))).toContain("/reports");
  });

  it("a plugin or entry whose plan flag is off has no entry", () => {
    const user = testUser({ company: { plan: { ...testPlan(), useSchedules: false, useKanban: false } } });
    const visible = paths(user);
    expect(visible).not.toContain("/schedules");
    expect(visible).not.toContain("/kanban");
    expect(visible).toContain("/tags");
  });

  it("a company without a plan has no plan-gated entries", () => {
    expect(paths(testUser({ company: { plan: null } }))).not.toContain("/schedules");
  });

  it("with an expired subscription only billing stays (company 1 never expires)", () => {
    expect(paths(testUser({ company: { dueDate: isoDay(-1) } }))).toEqual(["/financeiro"]);
    expect(paths(testUser({ company: { id: 1, dueDate: isoDay(-1) } }))).toContain("/tickets");
  });

  it("groups by section, the main group first, each sorted by order", () => {
    const sections = buildMenu(samplePlugins, session(testUser({ super: true })));
    expect(sections.map((s) => s.section)).toEqual([null, "common:menu.administration"]);
    expect(sections[1].items.map((i) => i.path)).toEqual(["/companies", "/users", "/financeiro"]);
  });

  it("keeps one entry per path, the first plugin's", () => {
    const twin = { ...samplePlugins[1], manifest: { id: "twin" }, menu: [{ labelKey: "x", icon: "add" as const, path: "/contacts", order: 1 }] };
    const items = buildMenu([samplePlugins[1], twin], session()).flatMap((s) => s.items);
    expect(items).toHaveLength(1);
    expect(items[0].pluginId).toBe("contacts");
  });

  it("marks the entry whose path prefixes the location", () => {
    const all = ["/", "/tickets", "/tickets-log", "/contacts"];
    expect(activeMenuPath(all, "/tickets/abc")).toBe("/tickets");
    expect(activeMenuPath(all, "/tickets")).toBe("/tickets");
    expect(activeMenuPath(all, "/tickets-log")).toBe("/tickets-log");
    expect(activeMenuPath(all, "/")).toBe("/");
    expect(activeMenuPath(all, "/other")).toBeNull();
  });
});

describe("menu: the side menu component", () => {
  beforeEach(() =>
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ version: "4.5.0" })),
    ),
  );
  afterEach(() => vi.unstubAllGlobals());

  it("renders the entries with translated labels, the section heading and the version", async () => {
    renderWithProviders(<SideMenu collapsed={false} />, { plugins: samplePlugins, route: "/tickets/42" });
    const nav = screen.getByRole("navigation", { name: "Navegação principal" });
    expect(within(nav).getByRole("link", { name: "Atendimentos" }).getAttribute("aria-current")).toBe("page");
    expect(within(nav).getByRole("link", { name: "Usuários" })).toBeTruthy();
    expect(within(nav).getByText("Administração")).toBeTruthy();
    expect(within(nav).getByRole("link", { name: "Início" })).toBeTruthy();
    expect(within(nav).getByRole("link", { name: "Configurações" })).toBeTruthy();
    expect(await within(nav).findByText("v.4.5.0")).toBeTruthy();
  });

  it("hides admin entries and the settings entry from a plain user", () => {
    renderWithProviders(<SideMenu collapsed={false} />, { plugins: samplePlugins, session: testUser({ profile: "user" }) });
    expect(screen.queryByRole("link", { name: "Usuários" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Configurações" })).toBeNull();
    expect(screen.queryByText("Administração")).toBeNull();
  });
});
