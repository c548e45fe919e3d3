import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { realtimeClient } from "../../../../web/src/realtime/realtime.ts";
import type { SessionUser } from "../../../../web/src/session/session.ts";
import { renderWithProviders, testUser } from "../../../../web/src/test/render.tsx";
import { stubApi } from "../../../../web/src/test/stub-api.ts";
import type { TicketView } from "../../shared/ticket-types.ts";
import ticketsPlugin from "../index.ts";
import { playNotificationSound } from "../notification-sound.ts";
import { apiMessage, apiTicket } from "../test-tickets.ts";
import { NotificationsBell } from "./notifications-bell.tsx";
import { VolumeControl } from "./volume-control.tsx";

vi.mock("../notification-sound.ts", async (orig) => ({ ...(await orig()), playNotificationSound: vi.fn(() => true) }));

/** With showNotificationPending on (issue 14), pending tickets of my queues notify too; notification-status.test.ts has the rule. */
const me = testUser({ id: 7, queues: [{ id: 1, name: "Vendas", color: "#7c4dff" }], company: { settings: [{ key: "showNotificationPending", value: "true" }] } });
const ana = apiTicket(1, "Ana Lima", { unreadMessages: 2, lastMessage: "Preciso de ajuda com o meu pedido número 12345, por favor", updatedAt: "2026-01-01T10:00:00.000Z" });
const bruno = apiTicket(2, "Bruno Reis", { status: "pending", userId: null, user: null, unreadMessages: 1, updatedAt: "2026-01-01T11:00:00.000Z" });
/** Pending in a queue that is not mine: the server may answer it to an admin, the bell leaves it out. */
const otherQueue = apiTicket(3, "Outra Fila", { status: "pending", userId: null, user: null, queueId: 9, queue: { id: 9, name: "Suporte", color: "#ff0000" }, unreadMessages: 4 });

let answers: { open: TicketView[]; pending: TicketView[] };
let api: ReturnType<typeof stubApi>;
let shown: { title: string; body?: string }[];

class FakeNotification {
  static permission = "granted";
  static requestPermission = vi.fn();
  onclick: (() => void) | null = null;
  constructor(title: string, options?: NotificationOptions) {
    shown.push({ title, body: options?.body });
  }
  close() {}
}

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.removeItem("volume");
  document.title = "Atendechat";
  shown = [];
  answers = { open: [ana], pending: [bruno, otherQueue] };
  api = stubApi({
    "GET /tickets": (_b, call) => {
      const status = call.url.searchParams.get("status") as "open" | "pending";
      const tickets = answers[status] ?? [];
      return { body: { tickets, count: tickets.length, hasMore: false } };
    },
  });
  vi.stubGlobal("fetch", api.fetch);
  vi.stubGlobal("Notification", FakeNotification);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const render = (route = "/", session: SessionUser = me) =>
  renderWithProviders(
    <>
      <NotificationsBell />
      <VolumeControl />
    </>,
    { session, route, plugins: [ticketsPlugin] },
  );

const badge = () => screen.queryByTestId("notifications-badge")?.textContent ?? "";
const items = () => screen.queryAllByTestId("notification-item");
const openPopover = async () => {
  fireEvent.click(screen.getByRole("button", { name: /^Notificações/ }));
  return screen.findByText("Notificações", { selector: "div" });
};
const deliver = (topic: string, payload: unknown) => act(() => realtimeClient.deliver(`company-2-${topic}`, payload));
const customerMessage = (id: number, ticket: TicketView, body = "Oi!") => ({
  action: "create",
  message: apiMessage(id, ticket.id, { body, createdAt: "2026-01-02T09:00:00.000Z" }),
  ticket,
});

describe("notifications bell", () => {
  it("lists my unread tickets newest first, with the badge, the title count and joinNotification once", async () => {
    const emit = vi.spyOn(realtimeClient, "emit");
    render();
    await waitFor(() => expect(badge()).toBe("2"));
    expect(document.title).toBe("② Atendechat");
    expect(emit.mock.calls.filter(([e]) => e === "joinNotification")).toHaveLength(1);

    const queries = api.calls.filter((c) => c.path === "/tickets").map((c) => Object.fromEntries(c.url.searchParams));
    expect(queries).toEqual(
      expect.arrayContaining([
        { status: "open", withUnreadMessages: "true", showAll: "false" },
        { status: "pending", withUnreadMessages: "true", showAll: "false" },
      ]),
    );

    await openPopover();
    const list = items();
    expect(list.map((el) => within(el).getByText(/^(Ana Lima|Bruno Reis)$/).textContent)).toEqual(["Bruno Reis", "Ana Lima"]);
    // last message cut at 40, the queue's colour on the row, the time
    expect(within(list[1]!).getByTestId("notification-last-message").textContent).toBe(`${ana.lastMessage.slice(0, 40)}...`);
    expect(list[1]!.getAttribute("data-queue-color")).toBe("#7c4dff");
    expect(within(list[1]!).getByTestId("notification-time").textContent).not.toBe("");
  });

  it("shows the empty state without unread tickets", async () => {
    answers = { open: [], pending: [] };
    render();
    await waitFor(() => expect(api.calls.filter((c) => c.path === "/tickets")).toHaveLength(2));
    await openPopover();
    expect(await screen.findByText("Nenhuma notificação")).toBeTruthy();
    expect(badge()).toBe("");
    expect(document.title).toBe("Atendechat");
  });

  it("a live customer message adds the ticket on top, raises the badge, rings and notifies", async () => {
    render();
    await waitFor(() => expect(badge()).toBe("2"));
    const carla = apiTicket(5, "Carla Dias", { status: "pending", userId: null, user: null, unreadMessages: 1 });
    deliver("appMessage", customerMessage(9, carla, "Bom dia, tudo bem?"));
    await waitFor(() => expect(badge()).toBe("3"));
    expect(document.title).toBe("③ Atendechat");
    expect(playNotificationSound).toHaveBeenCalledTimes(1);
    expect(shown).toEqual([{ title: "Carla Dias", body: "Bom dia, tudo bem?" }]);
    await openPopover();
    expect(within(items()[0]!).getByText("Carla Dias")).toBeTruthy();
    expect(within(items()[0]!).getByText("Bom dia, tudo bem?")).toBeTruthy();

    // A second message of a listed ticket raises it to the top without counting twice.
    deliver("appMessage", customerMessage(10, { ...ana, unreadMessages: 3, updatedAt: "2026-01-02T10:00:00.000Z" }, "Alguém?"));
    await waitFor(() => expect(within(items()[0]!).getByText("Ana Lima")).toBeTruthy());
    expect(badge()).toBe("3");
    expect(playNotificationSound).toHaveBeenCalledTimes(2);
  });

  it("ignores my own messages, private notes and tickets outside my queues or of other attendants", async () => {
    render();
    await waitFor(() => expect(badge()).toBe("2"));
    const carla = apiTicket(5, "Carla Dias", { status: "pending", userId: null, user: null, unreadMessages: 1 });
    deliver("appMessage", { action: "create", message: apiMessage(11, 5, { fromMe: true }), ticket: carla });
    deliver("appMessage", { action: "create", message: apiMessage(12, 5, { isPrivate: true }), ticket: carla });
    deliver("appMessage", customerMessage(13, apiTicket(6, "X", { status: "pending", userId: null, queueId: 9, unreadMessages: 1 })));
    deliver("appMessage", customerMessage(14, apiTicket(7, "Y", { status: "open", userId: 8, unreadMessages: 1 })));
    deliver("appMessage", { ...customerMessage(15, carla), action: "update" });
    expect(playNotificationSound).not.toHaveBeenCalled();
    expect(badge()).toBe("2");
  });

  it("drops a ticket on updateUnread and delete, refreshes it on update and drops it once read", async () => {
    render();
    await waitFor(() => expect(badge()).toBe("2"));
    deliver("ticket", { action: "updateUnread", ticketId: 1 });
    await waitFor(() => expect(badge()).toBe("1"));
    expect(document.title).toBe("① Atendechat");

    deliver("ticket", { action: "update", ticket: { ...bruno, lastMessage: "Ainda aguardando", unreadMessages: 2 } });
    await openPopover();
    expect(await screen.findByText("Ainda aguardando")).toBeTruthy();
    deliver("ticket", { action: "update", ticket: { ...bruno, unreadMessages: 0 } });
    await waitFor(() => expect(items()).toHaveLength(0));
    expect(screen.getByText("Nenhuma notificação")).toBeTruthy();

    const carla = apiTicket(5, "Carla Dias", { status: "pending", userId: null, user: null, unreadMessages: 1 });
    deliver("appMessage", customerMessage(9, carla));
    await waitFor(() => expect(badge()).toBe("1"));
    deliver("ticket", { action: "delete", ticketId: 5 });
    await waitFor(() => expect(badge()).toBe(""));
    expect(document.title).toBe("Atendechat");
  });

  it("clicking a notification opens /tickets/{uuid} and closes the popover", async () => {
    const { path } = render();
    await waitFor(() => expect(badge()).toBe("2"));
    await openPopover();
    fireEvent.click(within(items()[1]!).getByText("Ana Lima"));
    await waitFor(() => expect(path()).toBe("/tickets/uuid-1"));
    // Opening it reads it: it leaves the list at once.
    await waitFor(() => expect(badge()).toBe("1"));
    await waitFor(() => expect(screen.queryByText("Bruno Reis")).toBeNull());
  });

  it("does not ring for the ticket open on screen, and only logs without notification support", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    vi.stubGlobal("Notification", undefined);
    render("/tickets/uuid-1");
    // The open ticket is being read: it is not listed even though the server counted it.
    await waitFor(() => expect(badge()).toBe("1"));
    deliver("appMessage", customerMessage(9, ana));
    expect(playNotificationSound).not.toHaveBeenCalled();
    expect(badge()).toBe("1");
    deliver("appMessage", customerMessage(10, bruno));
    expect(playNotificationSound).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalledWith(expect.stringContaining("does not support"));
  });

  it("clears the title badge when unmounted", async () => {
    const { unmount } = render();
    await waitFor(() => expect(document.title).toBe("② Atendechat"));
    unmount();
    expect(document.title).toBe("Atendechat");
  });
});

describe("volume control", () => {
  const openVolume = async () => {
    fireEvent.click(screen.getByRole("button", { name: /^Volume|^Som desativado/ }));
    return screen.findByRole("slider", { name: "Volume" });
  };

  it("starts at full volume and stores each 0.1 step under localStorage 'volume'", async () => {
    render();
    expect(screen.getByRole("button", { name: "Volume 100%" })).toBeTruthy();
    const slider = await openVolume();
    expect(slider.getAttribute("aria-valuemin")).toBe("0");
    expect(slider.getAttribute("aria-valuemax")).toBe("1");
    expect(slider.getAttribute("aria-valuenow")).toBe("1");
    fireEvent.keyDown(slider, { key: "ArrowLeft" });
    fireEvent.keyDown(screen.getByRole("slider"), { key: "ArrowLeft" });
    fireEvent.keyDown(screen.getByRole("slider"), { key: "ArrowLeft" });
    expect(localStorage.getItem("volume")).toBe("0.7");
    expect(screen.getByRole("slider").getAttribute("aria-valuenow")).toBe("0.7");
    expect(screen.getByRole("button", { name: "Volume 70%" })).toBeTruthy();
  });

  it("reads the stored volume and shows the mute icon at 0", async () => {
    localStorage.setItem("volume", "0.1");
    const { unmount } = render();
    const slider = await openVolume();
    expect(slider.getAttribute("aria-valuenow")).toBe("0.1");
    fireEvent.keyDown(slider, { key: "ArrowLeft" });
    expect(localStorage.getItem("volume")).toBe("0");
    const button = screen.getByRole("button", { name: "Som desativado" });
    expect(button.getAttribute("data-icon")).toBe("volume-off");
    unmount();
    render();
    expect(screen.getByRole("button", { name: "Som desativado" })).toBeTruthy();
  });
});
