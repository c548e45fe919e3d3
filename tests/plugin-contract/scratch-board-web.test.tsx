import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiTicket } from "../../plugins/tickets/web/test-tickets.ts";
import { AppRoutes } from "../../web/src/app/app-routes.tsx";
import { i18n } from "../../web/src/i18n/i18n.ts";
import { SideMenu } from "../../web/src/layout/side-menu.tsx";
import { Zone } from "../../web/src/plugin/zone.tsx";
import { renderWithProviders, testPlan, testUser } from "../../web/src/test/render.tsx";
import { stubApi } from "../../web/src/test/stub-api.ts";
import { errorMessage, toastError } from "../../web/src/ui/toast.ts";
import scratchBoard from "./scratch-board/web/index.ts";

/**
 * Issue 12's "done means", web side: the shell takes the scratch plugin's web entry as it is
 * and shows its menu entry, its page and its composer tool in the ticket workspace's zone,
 * translated from its own locales, and hides all three when the company's plan lacks the
 * plugin's flag. The shell finds plugins by two folder globs (`plugins/<id>/web/index.ts` for the
 * entries, `plugins/<id>/plugin.ts` for the plan features the session reads): for a plugin
 * outside `plugins/`, the test stands in for both, handing the entry to the providers and
 * adding its declared features to the list the manifests glob makes.
 */
vi.mock("../../web/src/plugin/plan-features.ts", async (original) => {
  const real = await original<typeof import("../../web/src/plugin/plan-features.ts")>();
  const { manifest } = await import("./scratch-board/plugin.ts");
  return { ...real, declaredPlanFeatures: [...real.declaredPlanFeatures, ...manifest.planFeatures.map((f) => ({ ...f, plugin: manifest.id }))] };
});
vi.mock("../../web/src/ui/toast.ts", async (original) => ({ ...(await original<typeof import("../../web/src/ui/toast.ts")>()), toastError: vi.fn(), toastSuccess: vi.fn() }));

const withFlag = (on: boolean) => testUser({ company: { plan: { ...testPlan(), useScratchBoard: on } } });
const cards = [
  { id: 1, title: "Ligar para o fornecedor", stamped: true, createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z" },
  { id: 2, title: "Revisar preços", stamped: false, createdAt: "2026-01-02T00:00:00.000Z", updatedAt: "2026-01-02T00:00:00.000Z" },
];
let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  vi.clearAllMocks();
  api = stubApi({
    "GET /version": () => ({ body: { version: "4.5.0" } }),
    "GET /scratch-board": () => ({ body: { cards } }),
    "POST /scratch-board": () => ({ status: 409, body: { error: "ERR_SCRATCH_CARD_DUPLICATE" } }),
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage("pt"));
});

const composerProps = { ticket: apiTicket(7, "Maria"), text: "Revisar preços", setText: () => {}, attachFiles: () => {}, registerKeyHandler: () => () => {}, disabled: false };
const menu = (name = "Navegação principal") => screen.getByRole("navigation", { name });

describe("scratch plugin in the shell: happy", () => {
  it("its menu entry leads to its page, which lists the company's cards", async () => {
    const { location, path } = renderWithProviders(<AppRoutes />, { session: withFlag(true), plugins: [scratchBoard], route: "/" });
    const link = await within(menu()).findByRole("link", { name: "Quadro" });
    fireEvent.click(link);
    await waitFor(() => expect(path()).toBe("/scratch-board"));
    expect(await screen.findByRole("heading", { name: "Quadro de rascunho" })).toBeTruthy();
    expect(await screen.findByText("Ligar para o fornecedor (carimbado)")).toBeTruthy();
    expect(screen.getByText("Revisar preços")).toBeTruthy();
    expect(location.history).toContain("/scratch-board");
  });

  it("its composer tool renders in the ticket workspace's zone and pins the typed text; its own error code is translated", async () => {
    renderWithProviders(<Zone name="tickets.composerTools" props={composerProps} />, { session: withFlag(true), plugins: [scratchBoard] });
    fireEvent.click(screen.getByRole("button", { name: "Fixar no quadro" }));
    await waitFor(() => expect(toastError).toHaveBeenCalledTimes(1));
    expect(api.calls.find((c) => c.method === "POST")).toMatchObject({ path: "/scratch-board", body: { title: "Revisar preços" } });
    expect(errorMessage(vi.mocked(toastError).mock.calls[0]![0])).toBe("Já existe um cartão com este título.");
  });

  it("speaks a second language from its own locale files", async () => {
    renderWithProviders(<AppRoutes />, { session: withFlag(true), plugins: [scratchBoard], route: "/scratch-board" });
    expect(await screen.findByRole("heading", { name: "Quadro de rascunho" })).toBeTruthy();
    await act(() => i18n.changeLanguage("en"));
    expect(await screen.findByRole("heading", { name: "Scratch board" })).toBeTruthy();
    expect(within(menu("Main navigation")).getByRole("link", { name: "Board" })).toBeTruthy();
    expect(screen.getByText("Ligar para o fornecedor (stamped)")).toBeTruthy();
    expect(errorMessage({ status: 409, data: { error: "ERR_SCRATCH_CARD_DUPLICATE" } })).toBe("A card with this title already exists.");
  });
});

describe("scratch plugin in the shell: plan flag off", () => {
  it("no menu entry, no composer tool, and its page is not opened", async () => {
    renderWithProviders(<SideMenu collapsed={false} />, { session: withFlag(false), plugins: [scratchBoard] });
    expect(await within(menu()).findByRole("link", { name: "Início" })).toBeTruthy();
    expect(within(menu()).queryByRole("link", { name: "Quadro" })).toBeNull();

    const zone = renderWithProviders(<Zone name="tickets.composerTools" props={composerProps} />, { session: withFlag(false), plugins: [scratchBoard] });
    expect(zone.container.innerHTML).toBe("");

    renderWithProviders(<AppRoutes />, { session: withFlag(false), plugins: [scratchBoard], route: "/scratch-board" });
    await waitFor(() => expect(api.calls.some((c) => c.path === "/scratch-board")).toBe(false));
    expect(screen.queryByRole("heading", { name: "Quadro de rascunho" })).toBeNull();
  });
});

describe("scratch plugin in the shell: its locales", () => {
  const keys = (obj: Record<string, unknown>, prefix = ""): string[] =>
    Object.entries(obj).flatMap(([k, v]) => (v && typeof v === "object" ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]));

  it("ships the same keys in all four languages, its plan feature's label and its error codes among them", () => {
    const pt = keys(scratchBoard.translations.pt).sort();
    for (const lang of ["en", "es", "tr"] as const) expect(keys(scratchBoard.translations[lang]).sort(), lang).toEqual(pt);
    expect(pt).toEqual(expect.arrayContaining(["planFeature", "errors.ERR_NO_SCRATCH_CARD_FOUND", "errors.ERR_SCRATCH_CARD_DUPLICATE"]));
  });
});
