import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { realtimeClient } from "../../../web/src/realtime/realtime.ts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders, testUser } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import { toastError, toastSuccess } from "../../../web/src/ui/toast.ts";
import kanbanPlugin from "./index.ts";
import { dayWindow, localDay } from "./kanban-dates.ts";
import { KanbanPage } from "./kanban-page.tsx";
import { cardOf, laneOf } from "./test-data.ts";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn(), clearToasts: vi.fn() }));

const vip = { id: 9, name: "VIP", color: "#aa0000" };
let api: ReturnType<typeof stubApi>;
let tickets: ReturnType<typeof cardOf>[];
beforeEach(() => {
  vi.clearAllMocks();
  tickets = [cardOf(1, "Ana Souza", { tags: [{ id: 20, name: "Lead", color: "#00f" }, vip], unreadMessages: 2 }), cardOf(2, "Bruno Lima")];
  api = stubApi({
    "GET /tag/kanban": () => ({ body: { lista: [laneOf(20, "Lead", { timeLane: 24, nextLaneId: 21 }), laneOf(21, "Proposta")] } }),
    "GET /ticket/kanban": () => ({ body: { tickets, hasMore: false } }),
    "PUT /ticket/kanban/*": (body, call) => ({ body: { ticketId: Number(call.path.split("/")[3]), laneId: (body as { laneId: number | null }).laneId } }),
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

const lane = (name: string) => screen.getByRole("region", { name: `Coluna ${name}` });
/** The moves the page asked the server for: `PUT /ticket/kanban/{id} laneId`. */
const moves = () => api.calls.filter((c) => c.method === "PUT").map((c) => `${c.method} ${c.path} ${JSON.stringify(c.body)}`);
/** The native drag events a browser fires, with the data they carry. */
function drag(card: HTMLElement, target: HTMLElement) {
  const data = new Map<string, string>();
  const dataTransfer = { setData: (k: string, v: string) => data.set(k, v), getData: (k: string) => data.get(k) ?? "", effectAllowed: "", dropEffect: "" };
  fireEvent.dragStart(card, { dataTransfer });
  fireEvent.dragEnter(target, { dataTransfer });
  fireEvent.dragOver(target, { dataTransfer });
  fireEvent.drop(target, { dataTransfer });
  fireEvent.dragEnd(card, { dataTransfer });
}

describe("kanban page", () => {
  it("shows the default lane and one lane per kanban tag, with each ticket in its lane, for today's local day", async () => {
    renderWithProviders(<KanbanPage />, { plugins: [kanbanPlugin], route: "/kanban" });
    expect(screen.getByRole("status")).toBeTruthy(); // loading
    expect(await within(await screen.findByRole("region", { name: "Coluna Lead" })).findByText("Ana Souza")).toBeTruthy();
    expect(within(lane("Em aberto")).getByText("Bruno Lima")).toBeTruthy();
    expect(within(lane("Proposta")).getByText("Nenhum ticket")).toBeTruthy();
    expect(within(lane("Lead")).getByText("Após 24 h → Proposta")).toBeTruthy();
    // The card: unread count and the ticket's other tags (not its lane).
    const card = within(lane("Lead")).getByLabelText("Ticket de Ana Souza");
    expect(within(card).getByText("2 não lidas")).toBeTruthy();
    expect(within(card).getByText("VIP")).toBeTruthy();
    expect(within(card).queryByText("Lead")).toBeNull();
    const board = api.calls.find((c) => c.path === "/ticket/kanban")!;
    const today = localDay();
    expect(Object.fromEntries(board.url.searchParams)).toMatchObject(dayWindow(today, today));
    expect((screen.getByLabelText("Data inicial") as HTMLInputElement).value).toBe(today);
  });

  it("dragging a card to another lane moves the ticket in ONE call (the server's transaction); the card shows in the new lane", async () => {
    renderWithProviders(<KanbanPage />, { plugins: [kanbanPlugin], route: "/kanban" });
    const card = await within(await screen.findByRole("region", { name: "Coluna Lead" })).findByLabelText("Ticket de Ana Souza");
    drag(card, lane("Proposta"));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith("Ticket Tag Adicionado com Sucesso!"));
    expect(moves()).toEqual(['PUT /ticket/kanban/1 {"laneId":21}']);
    expect(api.calls.filter((c) => c.path.startsWith("/ticket-tags/"))).toEqual([]);
    expect(within(lane("Proposta")).getByText("Ana Souza")).toBeTruthy();
  });

  it("a move the server refuses leaves the card in its old lane, with the error shown", async () => {
    api = stubApi({
      "GET /tag/kanban": () => ({ body: { lista: [laneOf(20, "Lead"), laneOf(21, "Proposta")] } }),
      "GET /ticket/kanban": () => ({ body: { tickets, hasMore: false } }),
      "PUT /ticket/kanban/*": () => ({ status: 404, body: { error: "ERR_NOT_FOUND" } }),
    });
    vi.stubGlobal("fetch", api.fetch);
    renderWithProviders(<KanbanPage />, { plugins: [kanbanPlugin], route: "/kanban" });
    const card = await within(await screen.findByRole("region", { name: "Coluna Lead" })).findByLabelText("Ticket de Ana Souza");
    drag(card, lane("Proposta"));
    await waitFor(() => expect(toastError).toHaveBeenCalled());
    await waitFor(() => expect(within(lane("Lead")).getByText("Ana Souza")).toBeTruthy());
    expect(within(lane("Proposta")).queryByText("Ana Souza")).toBeNull();
    expect(toastSuccess).not.toHaveBeenCalled();
    expect(moves()).toEqual(['PUT /ticket/kanban/1 {"laneId":21}']);
  });

  it("dropping on the default lane only removes the lane ('Ticket Tag Removido!'); dropping where it is does nothing", async () => {
    renderWithProviders(<KanbanPage />, { plugins: [kanbanPlugin], route: "/kanban" });
    const card = await within(await screen.findByRole("region", { name: "Coluna Lead" })).findByLabelText("Ticket de Ana Souza");
    drag(card, lane("Lead"));
    drag(card, lane("Em aberto"));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith("Ticket Tag Removido!"));
    expect(moves()).toEqual(['PUT /ticket/kanban/1 {"laneId":null}']);
  });

  it("'Ver Ticket' opens the conversation; 'Buscar' asks for the chosen days only (the old range is not read again), and the same days again", async () => {
    const { path } = renderWithProviders(<KanbanPage />, { plugins: [kanbanPlugin], route: "/kanban" });
    await screen.findByText("Bruno Lima");
    const reads = () => api.calls.filter((c) => c.path === "/ticket/kanban").map((c) => Object.fromEntries(c.url.searchParams));
    const today = localDay();
    expect(reads()).toEqual([dayWindow(today, today)]);
    fireEvent.change(screen.getByLabelText("Data inicial"), { target: { value: "2026-03-01" } });
    fireEvent.change(screen.getByLabelText("Data final"), { target: { value: "2026-03-05" } });
    fireEvent.click(screen.getByRole("button", { name: "Buscar" }));
    await waitFor(() => expect(reads()).toHaveLength(2));
    await screen.findByText("Bruno Lima");
    expect(reads()).toEqual([dayWindow(today, today), dayWindow("2026-03-01", "2026-03-05")]);
    // 'Buscar' on the range shown reads it again.
    fireEvent.click(screen.getByRole("button", { name: "Buscar" }));
    await waitFor(() => expect(reads()).toHaveLength(3));
    expect(reads()[2]).toEqual(dayWindow("2026-03-01", "2026-03-05"));
    fireEvent.click(within(lane("Em aberto")).getByRole("button", { name: "Ver Ticket" }));
    expect(path()).toBe("/tickets/uuid-2");
  });

  it("'+ Adicionar colunas' leads to /TagsKanban for admins and users with showDashboard, not for others", async () => {
    const { path, unmount } = renderWithProviders(<KanbanPage />, { plugins: [kanbanPlugin], route: "/kanban", session: testUser({ profile: "user", showDashboard: "enabled" }) });
    fireEvent.click(await screen.findByRole("button", { name: "+ Adicionar colunas" }));
    expect(path()).toBe("/TagsKanban");
    unmount();
    renderWithProviders(<KanbanPage />, { plugins: [kanbanPlugin], route: "/kanban", session: testUser({ profile: "user", showDashboard: "disabled" }) });
    await screen.findByText("Bruno Lima");
    expect(screen.queryByRole("button", { name: "+ Adicionar colunas" })).toBeNull();
  });

  it("without lanes, says how to create them; the default lane still lists the tickets", async () => {
    api = stubApi({ "GET /tag/kanban": () => ({ body: { lista: [] } }), "GET /ticket/kanban": () => ({ body: { tickets: [], hasMore: false } }) });
    vi.stubGlobal("fetch", api.fetch);
    renderWithProviders(<KanbanPage />, { plugins: [kanbanPlugin], route: "/kanban" });
    expect(await screen.findByText(/Nenhuma coluna criada ainda/)).toBeTruthy();
    expect(within(lane("Em aberto")).getByText("Nenhum ticket")).toBeTruthy();
  });

  it("ticket events patch the board live without a request: a moved ticket changes lane, a closed one leaves", async () => {
    renderWithProviders(<KanbanPage />, { plugins: [kanbanPlugin], route: "/kanban" });
    await within(await screen.findByRole("region", { name: "Coluna Em aberto" })).findByText("Bruno Lima");
    const reads = () => api.calls.filter((c) => c.path === "/ticket/kanban").length;
    const before = reads();
    act(() => realtimeClient.deliver("company-2-ticket", { action: "update", ticket: { ...tickets[1]!, tags: [{ id: 21, name: "Proposta", color: "#0f0" }] } }));
    await within(lane("Proposta")).findByText("Bruno Lima");
    act(() => realtimeClient.deliver("company-2-ticket", { action: "update", ticket: { ...tickets[0]!, status: "closed" } }));
    await waitFor(() => expect(within(lane("Lead")).queryByText("Ana Souza")).toBeNull());
    act(() => realtimeClient.deliver("company-2-ticket", { action: "delete", ticketId: 2 }));
    await waitFor(() => expect(screen.queryByText("Bruno Lima")).toBeNull());
    expect(reads()).toBe(before);
  });

  it("the card's 'move to' menu moves it without dragging (keyboard users)", async () => {
    renderWithProviders(<KanbanPage />, { plugins: [kanbanPlugin], route: "/kanban" });
    await within(await screen.findByRole("region", { name: "Coluna Em aberto" })).findByText("Bruno Lima");
    fireEvent.click(within(lane("Em aberto")).getByRole("button", { name: "Mover Bruno Lima para…" }));
    const menu = await screen.findByRole("menu", { name: "Mover Bruno Lima para…" });
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((m) => m.textContent),
    ).toEqual(["Lead", "Proposta"]);
    fireEvent.click(within(menu).getByText("Proposta"));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith("Ticket Tag Adicionado com Sucesso!"));
    expect(moves()).toEqual(['PUT /ticket/kanban/2 {"laneId":21}']);
  });
});
