import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Route } from "wouter";
import { isoDay, renderWithProviders, testUser } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import type { SessionUser } from "../../../web/src/session/session.ts";
import ticketsPlugin from "./index.ts";
import { apiTicket } from "./test-tickets.ts";
import TicketsPage from "./tickets-page.tsx";
import { clampPanelWidth } from "./use-panel-width.ts";

vi.mock("./conversation/ticket-conversation.tsx", () => ({
  TicketConversation: ({ uuid }: { uuid: string }) => <div data-testid="conversation">conversation {uuid}</div>,
}));
vi.mock("./actions/new-ticket-dialog.tsx", () => ({ NewTicketDialog: () => null }));

const me = testUser({ id: 7, queues: [{ id: 1, name: "Vendas", color: "#7c4dff" }] });
const ana = apiTicket(1, "Ana Lima");

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  vi.clearAllMocks();
  api = stubApi({
    "GET /tickets": (_b, call) => ({
      body: new URLSearchParams(call.search).get("status") === "open" ? { tickets: [ana], count: 1, hasMore: false } : { tickets: [], count: 0, hasMore: false },
    }),
    "GET /tickets/u/uuid-1": () => ({ body: ana }),
    "GET /tickets/u/*": () => ({ status: 404, body: { error: "ERR_NO_TICKET_FOUND" } }),
    "PUT /users/toggleChangeWidht/7": (body) => ({ body: { ...me, ...(body as object) } }),
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPage(route = "/tickets", session: SessionUser = me) {
  return renderWithProviders(
    <Route path="/tickets/:uuid?">
      <TicketsPage />
    </Route>,
    { session, route, plugins: [ticketsPlugin] },
  );
}

/** Makes useMediaQuery see a phone-sized screen. */
function narrowScreen() {
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: query.includes("max-width"), media: query, addEventListener() {}, removeEventListener() {} }));
}

describe("tickets page (wide)", () => {
  it("shows the welcome without a ticket, the conversation with one", async () => {
    const { location } = renderPage();
    expect(await screen.findByText("Selecione um ticket para começar a conversar")).toBeTruthy();
    expect(screen.queryByTestId("conversation")).toBeNull();
    fireEvent.click(within((await screen.findByText("Ana Lima")).closest("li")!).getByRole("button"));
    expect(await screen.findByTestId("conversation")).toBeTruthy();
    expect(screen.getByTestId("conversation").textContent).toBe("conversation uuid-1");
    expect(location.history.at(-1)).toBe("/tickets/uuid-1");
  });

  it("an unknown uuid goes back to /tickets", async () => {
    const { path } = renderPage("/tickets/nope");
    await waitFor(() => expect(path()).toBe("/tickets"));
    expect(await screen.findByText("Selecione um ticket para começar a conversar")).toBeTruthy();
  });

  it("starts from the user's saved width, clamped to 404..700", async () => {
    const first = renderPage("/tickets", testUser({ ...me, defaultTicketsManagerWidth: 620 }));
    expect(screen.getByRole("separator").getAttribute("aria-valuenow")).toBe("620");
    first.unmount();
    const second = renderPage("/tickets", testUser({ ...me, defaultTicketsManagerWidth: 900 }));
    expect(screen.getByRole("separator").getAttribute("aria-valuenow")).toBe("700");
    second.unmount();
    renderPage("/tickets", testUser({ ...me, defaultTicketsManagerWidth: 120 }));
    expect(screen.getByRole("separator").getAttribute("aria-valuenow")).toBe("404");
    expect(clampPanelWidth(undefined)).toBe(550);
    expect(clampPanelWidth("abc")).toBe(550);
    expect(clampPanelWidth(512.6)).toBe(513);
  });

  it("drags the divider within 404..700 and saves the width when the drag ends", async () => {
    const { store } = renderPage();
    const divider = screen.getByRole("separator", { name: "Redimensionar a lista de tickets" });
    expect(divider.getAttribute("aria-valuenow")).toBe("550");
    fireEvent.pointerDown(divider, { clientX: 550 });
    fireEvent.pointerMove(window, { clientX: 990 });
    expect(divider.getAttribute("aria-valuenow")).toBe("700");
    fireEvent.pointerUp(window, { clientX: 990 });
    await waitFor(() => expect(api.calls.find((c) => c.method === "PUT")?.body).toEqual({ defaultTicketsManagerWidth: 700 }));
    await waitFor(() => expect(store.getState().session.user?.defaultTicketsManagerWidth).toBe(700));

    fireEvent.pointerDown(divider, { clientX: 700 });
    fireEvent.pointerMove(window, { clientX: 100 });
    expect(divider.getAttribute("aria-valuenow")).toBe("404");
    fireEvent.pointerUp(window, { clientX: 100 });
    await waitFor(() => expect(api.calls.filter((c) => c.method === "PUT").at(-1)?.body).toEqual({ defaultTicketsManagerWidth: 404 }));
    expect((screen.getByRole("separator").previousElementSibling as HTMLElement).style.width).toBe("404px");
  });

  it("keyboard resizing stays within the bounds too", async () => {
    renderPage("/tickets", testUser({ ...me, defaultTicketsManagerWidth: 695 }));
    const divider = screen.getByRole("separator");
    fireEvent.keyDown(divider, { key: "ArrowRight" });
    expect(divider.getAttribute("aria-valuenow")).toBe("700");
    await waitFor(() => expect(api.calls.find((c) => c.method === "PUT")?.body).toEqual({ defaultTicketsManagerWidth: 700 }));
  });
});

describe("tickets page: subscription", () => {
  it("logs out a company whose due date has passed (spec 001 §4)", async () => {
    const { store } = renderPage("/tickets", testUser({ ...me, company: { dueDate: isoDay(-1) } }));
    await waitFor(() => expect(store.getState().session.status).toBe("anonymous"));
  });

  it("keeps a company whose due date is ahead", async () => {
    const { store } = renderPage("/tickets", testUser({ ...me, company: { dueDate: isoDay(30) } }));
    expect(await screen.findByText("Ana Lima")).toBeTruthy();
    expect(store.getState().session.status).toBe("signedIn");
  });
});

describe("tickets page (narrow)", () => {
  it("has the 'Ticket' and 'Atendimentos' tabs and a 'Selecionar Ticket' button", async () => {
    narrowScreen();
    const { path } = renderPage();
    expect(screen.queryByRole("separator")).toBeNull();
    expect(screen.getByRole("tab", { name: "Atendimentos" }).getAttribute("aria-selected")).toBe("true");
    fireEvent.click(screen.getByRole("tab", { name: "Ticket" }));
    fireEvent.click(await screen.findByRole("button", { name: "Selecionar Ticket" }));
    expect(screen.getByRole("tab", { name: "Atendimentos" }).getAttribute("aria-selected")).toBe("true");
    fireEvent.click(within((await screen.findByText("Ana Lima")).closest("li")!).getByRole("button"));
    await waitFor(() => expect(path()).toBe("/tickets/uuid-1"));
    expect(await screen.findByTestId("conversation")).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Ticket" }).getAttribute("aria-selected")).toBe("true");
  });
});
