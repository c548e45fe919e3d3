import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { realtimeClient } from "../../../../web/src/realtime/realtime.ts";
import { renderWithProviders, testUser } from "../../../../web/src/test/render.tsx";
import { stubApi, type StubCall } from "../../../../web/src/test/stub-api.ts";
import type { TicketView } from "../../shared/ticket-types.ts";
import { apiMessage, apiTicket } from "../test-tickets.ts";
import tagsPlugin from "../../../tags/web/index.ts";
import ticketsPlugin from "../index.ts";
import { TicketsListPanel } from "./tickets-list-panel.tsx";

vi.mock("../actions/new-ticket-dialog.tsx", () => ({
  NewTicketDialog: ({ isOpen }: { isOpen: boolean }) => (isOpen ? <div>new-ticket-dialog</div> : null),
}));
vi.mock("../../../../web/src/ui/toast.ts", async (orig) => ({ ...(await orig()), toastError: vi.fn(), toastSuccess: vi.fn() }));

const queues = [{ id: 1, name: "Vendas", color: "#7c4dff" }];
const admin = testUser({ id: 7, queues });
/** An admin whose company has these settings on (the waiting statuses' switches among them). */
const withSettings = (...keys: string[]) => testUser({ id: 7, queues, company: { settings: keys.map((key) => ({ key, value: "enabled" })) } });
const plain = testUser({ id: 7, profile: "user", queues });

const tags = [
  { id: 4, name: "VIP", color: "#aa0000" },
  { id: 5, name: "Atacado", color: "#00aa00" },
  { id: 6, name: "Sul", color: "#0000aa" },
];
const ana = apiTicket(1, "Ana Lima", { unreadMessages: 2, tags, userRating: { rate: 5, score: 5 } });
const bruno = apiTicket(2, "Bruno Reis");
const carla = apiTicket(3, "Carla Dias", { status: "pending" });
const davi = apiTicket(4, "Davi Melo", { status: "pending" });

/** Issue 14: my tickets waiting for the customer's rating (none unless a test puts one). */
let waitingRating: TicketView[] = [];

/** GET /tickets by status and page: pending has two pages. */
function pageOf(call: StubCall) {
  const q = new URLSearchParams(call.search);
  const status = q.get("status");
  const page = Number(q.get("pageNumber"));
  const answer = (tickets: TicketView[], count: number, hasMore: boolean) => ({ body: { tickets, count, hasMore } });
  if (status === "open") return answer([ana, bruno], 2, false);
  if (status === "pending") return page === 1 ? answer([carla], 2, true) : answer([davi], 2, false);
  if (status === "closed") return answer([], 0, false);
  if (status === "group") return answer([], 0, false);
  if (status === "nps") return answer(waitingRating, waitingRating.length, false);
  if (status === "lgpd") return answer([], 0, false);
  return answer([ana, bruno, carla, davi], 4, false);
}

class FakeObserver {
  static all: FakeObserver[] = [];
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe = vi.fn();
  disconnect = vi.fn(() => {
    FakeObserver.all = FakeObserver.all.filter((o) => o !== this);
  });
  fire() {
    this.callback([{ isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  waitingRating = [];
  FakeObserver.all = [];
  vi.stubGlobal("IntersectionObserver", FakeObserver);
  api = stubApi({
    "GET /tickets": (_b, call) => pageOf(call),
    "GET /tags/list": () => ({ body: tags }),
    "GET /whatsapp": () => ({ body: [{ id: 3, name: "Comercial", channel: "whatsapp" }] }),
    "GET /users/list": () => ({ body: [{ id: 8, name: "Bia", profile: "user" }] }),
    "POST /tickets/closeAll": () => ({ body: { closed: 2 } }),
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const onSelect = vi.fn();
const render = (session = admin, selectedUuid: string | null = null) =>
  renderWithProviders(<TicketsListPanel selectedUuid={selectedUuid} onSelect={onSelect} />, { session, route: "/tickets", plugins: [ticketsPlugin, tagsPlugin] });
const ticketCalls = () => api.calls.filter((c) => c.path === "/tickets").map((c) => Object.fromEntries(new URLSearchParams(c.search)));
const list = () => screen.getByRole("list");
/** A checklist option's click lands on its inner item (as a pointer would). */
const pick = (option: HTMLElement) => fireEvent.click(option.querySelector("a") ?? option);

describe("tickets list panel: tabs and items", () => {
  it("shows each tab with its count and switches lists", async () => {
    render();
    expect(await screen.findByRole("tab", { name: "Atendendo 2" })).toBeTruthy();
    expect(await screen.findByRole("tab", { name: "Aguardando 2" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Resolvidos 0" })).toBeTruthy();
    expect(await screen.findByRole("tab", { name: "Busca 4" })).toBeTruthy();
    expect(screen.queryByRole("tab", { name: /Grupos/ })).toBeNull();
    expect(within(list()).getByText("Ana Lima")).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: "Aguardando 2" }));
    expect(await within(list()).findByText("Carla Dias")).toBeTruthy();
    expect(within(list()).queryByText("Ana Lima")).toBeNull();
    // every tab asks with the user's queues as JSON
    expect(ticketCalls().every((q) => q.queueIds === "[1]")).toBe(true);
  });

  it("renders an item: queue, connection, attendant (admin), two tags then +N, unread, rating; click selects", async () => {
    render(admin, "uuid-1");
    const item = (await screen.findByText("Ana Lima")).closest("li")!;
    for (const text of ["Vendas", "Comercial", "Ana Souza", "VIP", "Atacado", "+1", "2", "Olá, sou Ana Lima"]) expect(within(item).getByText(text)).toBeTruthy();
    expect(within(item).queryByText("Sul")).toBeNull();
    expect(within(item).getByRole("img", { name: "Avaliação 5 de 5" })).toBeTruthy();
    expect(within(item).getByRole("button").getAttribute("aria-current")).toBe("true");
    fireEvent.click(within(screen.getByText("Bruno Reis").closest("li")!).getByRole("button"));
    expect(onSelect).toHaveBeenCalledWith("uuid-2");
  });

  it("Resolvidos starts with my tickets waiting for their rating, counted in its badge (issue 14)", async () => {
    waitingRating = [apiTicket(9, "Eva Nota", { status: "nps" })];
    render(withSettings("userRating"));
    expect(await screen.findByRole("tab", { name: "Resolvidos 1" })).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: /Resolvidos/ }));
    const waiting = await screen.findByRole("list", { name: "Aguardando avaliação" });
    expect(within(waiting).getByText("Eva Nota")).toBeTruthy();
    expect(within(waiting).getByText("Avaliação")).toBeTruthy();
    expect(ticketCalls().some((q) => q.status === "nps")).toBe(true);
  });

  it("asks for no nps or lgpd list, nor offers them as status filters, while the settings that enable them are off", async () => {
    // enableLGPD alone only informs the customer (no lgpdConsent): no ticket waits in lgpd.
    render(withSettings("enableLGPD"));
    await screen.findByText("Ana Lima");
    await waitFor(() => expect(ticketCalls().some((q) => q.status === "search")).toBe(true));
    fireEvent.click(screen.getByRole("button", { name: "Filtros" }));
    fireEvent.click(await screen.findByRole("button", { name: "Status" }));
    expect(await screen.findByRole("option", { name: /Atendendo/ })).toBeTruthy();
    expect(screen.queryByRole("option", { name: /Avaliação/ })).toBeNull();
    expect(screen.queryByRole("option", { name: /LGPD/ })).toBeNull();
    fireEvent.click(screen.getByRole("tab", { name: /Resolvidos/ }));
    await screen.findByText("Nenhum ticket encontrado");
    expect(ticketCalls().filter((q) => q.status === "nps" || q.status === "lgpd")).toEqual([]);
  });

  it("asks for both lists and offers both filters with userRating, enableLGPD and lgpdConsent on", async () => {
    render(withSettings("userRating", "enableLGPD", "lgpdConsent"));
    await waitFor(() =>
      expect(
        ticketCalls()
          .filter((q) => q.status === "nps" || q.status === "lgpd")
          .map((q) => q.status)
          .sort(),
      ).toEqual(["lgpd", "nps"]),
    );
    fireEvent.click(screen.getByRole("button", { name: "Filtros" }));
    fireEvent.click(await screen.findByRole("button", { name: "Status" }));
    expect(await screen.findByRole("option", { name: /Avaliação/ })).toBeTruthy();
    expect(screen.getByRole("option", { name: /LGPD/ })).toBeTruthy();
  });

  it("shows the group tab only with allowGroup", async () => {
    render(testUser({ queues, allowGroup: true }));
    expect(await screen.findByRole("tab", { name: "Grupos 0" })).toBeTruthy();
  });

  it("loads page 2 when the sentinel nears the bottom", async () => {
    render();
    fireEvent.click(await screen.findByRole("tab", { name: /Aguardando/ }));
    await within(list()).findByText("Carla Dias");
    await waitFor(() => expect(FakeObserver.all.length).toBeGreaterThan(0));
    act(() => FakeObserver.all.at(-1)!.fire());
    expect(await within(list()).findByText("Davi Melo")).toBeTruthy();
    expect(within(list()).getByText("Carla Dias")).toBeTruthy();
    expect(ticketCalls().some((q) => q.status === "pending" && q.pageNumber === "2")).toBe(true);
  });

  it("joins the tab's realtime room and leaves it on change", async () => {
    const emit = vi.spyOn(realtimeClient, "emit");
    render();
    expect(emit).toHaveBeenCalledWith("joinTickets", "open");
    fireEvent.click(await screen.findByRole("tab", { name: /Aguardando/ }));
    expect(emit).toHaveBeenCalledWith("leaveTickets", "open");
    expect(emit).toHaveBeenCalledWith("joinTickets", "pending");
  });
});

describe("tickets list panel: filters", () => {
  it("sends the picked tags, connection and users as JSON arrays after 500 ms, from page 1", async () => {
    render();
    await screen.findByText("Ana Lima");
    fireEvent.click(screen.getByRole("button", { name: "Filtros" }));
    fireEvent.click(await screen.findByRole("button", { name: "Tags" }));
    pick(await screen.findByRole("option", { name: /VIP/ }));
    pick(await screen.findByRole("option", { name: /Sul/ }));
    fireEvent.click(screen.getByRole("button", { name: /Conexões/ }));
    pick(await screen.findByRole("option", { name: /Comercial/ }));
    fireEvent.click(screen.getByRole("button", { name: /Usuários/ }));
    pick(await screen.findByRole("option", { name: /Bia/ }));
    await waitFor(() => expect(ticketCalls().some((q) => q.tags === "[4,6]" && q.whatsapps === "[3]" && q.users === "[8]")).toBe(true), { timeout: 3000 });
    const filtered = ticketCalls().filter((q) => q.tags === "[4,6]");
    expect(filtered.every((q) => q.pageNumber === "1")).toBe(true);
  });

  it("typing searches (debounced) on the search tab, optionally inside messages", async () => {
    render();
    await screen.findByText("Ana Lima");
    fireEvent.click(screen.getByRole("checkbox", { name: "Buscar também nas mensagens" }));
    fireEvent.change(screen.getByRole("searchbox", { name: "Buscar atendimento e mensagens" }), { target: { value: "carla" } });
    expect(screen.getByRole("tab", { name: /Busca/ }).getAttribute("aria-selected")).toBe("true");
    await waitFor(() => expect(ticketCalls().some((q) => q.status === "search" && q.searchParam === "carla" && q.searchOnMessages === "true" && q.showAll === "true")).toBe(true));
  });

  it("the queue selector narrows queueIds; the sort toggle sends ASC and hides on resolved", async () => {
    render(testUser({ queues: [...queues, { id: 2, name: "Suporte" }], allTicket: "enable" }));
    await screen.findByText("Ana Lima");
    expect(ticketCalls().some((q) => q.queueIds === "[1,2]")).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Filas" }));
    pick(await screen.findByRole("option", { name: /Suporte/ }));
    await waitFor(() => expect(ticketCalls().some((q) => q.queueIds === "[1]")).toBe(true));
    fireEvent.click(screen.getByRole("button", { name: "Mais recentes primeiro" }));
    await waitFor(() => expect(ticketCalls().some((q) => q.status === "open" && q.sortTickets === "ASC")).toBe(true));
    fireEvent.click(screen.getByRole("tab", { name: /Resolvidos/ }));
    expect(screen.queryByRole("button", { name: "Mais antigos primeiro" })).toBeNull();
  });
});

describe("tickets list panel: live updates", () => {
  it("moves a ticket between tabs on update, to the top on a message, and drops it on delete", async () => {
    render();
    await screen.findByRole("tab", { name: "Aguardando 2" });
    act(() => realtimeClient.deliver("company-2-ticket", { action: "update", ticket: { ...carla, status: "open", userId: 7 } }));
    expect(await screen.findByRole("tab", { name: "Atendendo 3" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Aguardando 1" })).toBeTruthy();
    expect(within(list()).getAllByRole("listitem")[0]!.textContent).toContain("Carla Dias");

    act(() => realtimeClient.deliver("company-2-appMessage", { action: "create", message: apiMessage(50, 2), ticket: { ...bruno, lastMessage: "Chegou?", unreadMessages: 1 } }));
    await waitFor(() => expect(within(list()).getAllByRole("listitem")[0]!.textContent).toContain("Chegou?"));

    act(() => realtimeClient.deliver("company-2-ticket", { action: "updateUnread", ticketId: 1 }));
    const anaItem = within(list()).getByText("Ana Lima").closest("li")!;
    await waitFor(() => expect(within(anaItem).queryByLabelText(/não lida/)).toBeNull());

    act(() => realtimeClient.deliver("company-2-ticket", { action: "delete", ticketId: 1 }));
    await waitFor(() => expect(within(list()).queryByText("Ana Lima")).toBeNull());
    expect(screen.getByRole("tab", { name: "Atendendo 2" })).toBeTruthy();
  });

  it("ignores tickets of queues not selected", async () => {
    render();
    await screen.findByRole("tab", { name: "Aguardando 2" });
    act(() => realtimeClient.deliver("company-2-ticket", { action: "update", ticket: apiTicket(9, "Outra Fila", { status: "pending", queueId: 5 }) }));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole("tab", { name: "Aguardando 2" })).toBeTruthy();
  });
});

describe("tickets list panel: permissions and actions", () => {
  it("a plain user has no show-all, close-all or user filter", async () => {
    render(plain);
    await screen.findByText("Ana Lima");
    expect(screen.queryByRole("checkbox", { name: "Todos" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Fechar todos os tickets" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Filtros" }));
    expect(await screen.findByRole("button", { name: "Tags" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Usuários/ })).toBeNull();
    expect(api.calls.some((c) => c.path === "/users/list")).toBe(false);
  });

  it("show-all for allUserChat users and the tickets-manager:showall rule", async () => {
    render(testUser({ profile: "user", queues, allUserChat: "enabled" }));
    fireEvent.click(await screen.findByRole("checkbox", { name: "Todos" }));
    await waitFor(() => expect(ticketCalls().some((q) => q.status === "open" && q.showAll === "true")).toBe(true));
    render(testUser({ profile: "user", queues, permissions: ["tickets-manager:showall"] }));
    expect(screen.getAllByRole("checkbox", { name: "Todos" })).toHaveLength(2);
  });

  it("close all asks yes/no, then posts the tab's status and the selected queues", async () => {
    render();
    await screen.findByText("Ana Lima");
    fireEvent.click(screen.getByRole("button", { name: "Fechar todos os tickets" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Sim" }));
    await waitFor(() => expect(api.calls.find((c) => c.path === "/tickets/closeAll")?.body).toEqual({ status: "open", selectedQueueIds: [1] }));
    fireEvent.click(screen.getByRole("tab", { name: /Resolvidos/ }));
    expect(screen.queryByRole("button", { name: "Fechar todos os tickets" })).toBeNull();
  });

  it("the new-ticket button opens the dialog", async () => {
    render(plain);
    fireEvent.click(await screen.findByRole("button", { name: "Novo" }));
    expect(screen.getByText("new-ticket-dialog")).toBeTruthy();
  });
});
