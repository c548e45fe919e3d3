import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders, testPlan, testUser } from "../test/render.tsx";
import { samplePlugins } from "../test/sample-plugins.tsx";
import { AppRoutes, PLAN_REDIRECT_MS } from "./app-routes.tsx";

const render = (route: string, session = testUser() as ReturnType<typeof testUser> | null) => renderWithProviders(<AppRoutes />, { route, session, plugins: samplePlugins });

beforeEach(() => {
  // The layout reads /version; nothing else should be called.
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => Response.json({ version: "4.5.0" })),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("route guards: public pages", () => {
  it("shows /login to someone signed out", async () => {
    render("/login", null);
    expect(await screen.findByRole("button", { name: "Entrar" })).toBeTruthy();
  });

  it("sends a signed-in person from /login to /", async () => {
    const { path } = render("/login");
    await waitFor(() => expect(path()).toBe("/"));
    expect(await screen.findByText("Olá, Ana Souza!")).toBeTruthy();
  });

  it("serves a plugin's public page signed out and sends a signed-in person home", async () => {
    render("/signup", null);
    expect(await screen.findByText("signup form")).toBeTruthy();
    const signedIn = render("/signup");
    await waitFor(() => expect(signedIn.path()).toBe("/"));
  });
});

describe("route guards: private pages", () => {
  it("sends someone signed out to /login", async () => {
    const { path } = render("/contacts", null);
    await waitFor(() => expect(path()).toBe("/login"));
  });

  it("sends someone signed out from an unknown path to /login too", async () => {
    const { path } = render("/nowhere", null);
    await waitFor(() => expect(path()).toBe("/login"));
  });

  it("renders a private page inside the layout, with route params", async () => {
    render("/tickets/abc-123");
    expect(await screen.findByText("ticket abc-123")).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Navegação principal" })).toBeTruthy();
  });

  it("shows the not-found view for an unknown path", async () => {
    render("/nowhere");
    expect(await screen.findByText("Página não encontrada")).toBeTruthy();
  });

  it("shows the no-permission view for a page above the user's access", async () => {
    render("/users", testUser({ profile: "user" }));
    expect(await screen.findByText("Sem permissão")).toBeTruthy();
    expect(screen.queryByText("users list")).toBeNull();
  });

  it("shows the no-permission view without the page's rule, and the page with it", async () => {
    render("/reports");
    expect(await screen.findByText("Sem permissão")).toBeTruthy();
    render("/reports", testUser({ permissions: ["reports:view"] }));
    expect(await screen.findByText("reports")).toBeTruthy();
  });

  it("shows the 403 page with a way back to /tickets", async () => {
    const { path } = render("/403");
    (await screen.findByRole("button", { name: "Voltar para os atendimentos" })).click();
    await waitFor(() => expect(path()).toBe("/tickets"));
  });
});

describe("route guards: plan flags", () => {
  const noSchedules = () => testUser({ company: { plan: { ...testPlan(), useSchedules: false, useKanban: false } } });
  const message = "Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.";

  it("a plugin disabled by the plan: message, then home after 1 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { path } = render("/schedules", noSchedules());
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    expect(screen.queryByText("schedules calendar")).toBeNull();
    expect(path()).toBe("/schedules");
    await act(async () => {
      vi.advanceTimersByTime(PLAN_REDIRECT_MS);
    });
    await waitFor(() => expect(path()).toBe("/"));
  });

  it("a page with its own plan flag in an enabled plugin is gated the same way", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { path } = render("/kanban", noSchedules());
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    await act(async () => {
      vi.advanceTimersByTime(PLAN_REDIRECT_MS);
    });
    await waitFor(() => expect(path()).toBe("/"));
  });

  it("the same pages open when the plan includes them", async () => {
    render("/schedules");
    expect(await screen.findByText("schedules calendar")).toBeTruthy();
  });
});
