import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SideMenu } from "../../../web/src/layout/side-menu.tsx";
import { Zone } from "../../../web/src/plugin/zone.tsx";
import { realtimeClient } from "../../../web/src/realtime/realtime.ts";
import { renderWithProviders, testPlan, testUser } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import { playNotificationSound } from "../../tickets/web/public.ts";
import { chatsApi } from "./chats-api.ts";
import chatsPlugin from "./index.ts";
import { apiChat, apiMessage, chatPage, withUnread } from "./test-data.ts";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn() }));
vi.mock("../../tickets/web/public.ts", () => ({ playNotificationSound: vi.fn(() => true) }));

const plantao = apiChat(1, "Plantão", { lastMessage: "Bom dia" });
let answer = chatPage([plantao], 0);
let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  vi.clearAllMocks();
  answer = chatPage([plantao], 0);
  api = stubApi({
    "GET /chats": () => ({ body: answer }),
    "GET /version": () => ({ body: { version: "4.5.0" } }),
    "POST /chats": () => ({ body: apiChat(3, "Sala nova") }),
    "POST /chats/1/read": () => ({ body: plantao }),
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const session = (useInternalChat = true) => testUser({ profile: "user", company: { plan: { ...testPlan(), useInternalChat } } });
const renderTopbar = (on = true) =>
  renderWithProviders(
    <>
      <Zone name="topbar" />
      <SideMenu collapsed={false} />
    </>,
    { session: session(on), plugins: [chatsPlugin] },
  );
const inboxReads = () => api.calls.filter((c) => c.method === "GET" && c.path === "/chats").length;

describe("chat popover and menu dot", () => {
  it("no unread message: no dot; the popover lists the latest chats and opens one", async () => {
    const { path } = renderTopbar();
    fireEvent.click(await screen.findByRole("button", { name: "Chat interno" }));
    const popover = await screen.findByTestId("chats-popover");
    await within(popover).findByText("Plantão");
    expect(screen.queryByTestId("chats-topbar-dot")).toBeNull();
    expect(screen.queryByTestId("chats-menu-dot")).toBeNull();
    fireEvent.click(within(popover).getByText("Plantão"));
    await waitFor(() => expect(path()).toBe(`/chats/${plantao.uuid}`));
  });

  it("unread messages show the dot on the button and on the menu entry", async () => {
    answer = chatPage([withUnread(plantao, 3)], 3);
    renderTopbar();
    await screen.findByTestId("chats-topbar-dot");
    expect(screen.getByTestId("chats-menu-dot")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Chat interno: mensagens não lidas" }));
    expect(await screen.findByRole("status", { name: "3 mensagens não lidas" })).toBeTruthy();
  });

  it("a message from someone else chimes and reads the inbox again 500 ms after the last event; one's own does not chime", async () => {
    renderTopbar();
    await screen.findByRole("button", { name: "Chat interno" });
    await waitFor(() => expect(inboxReads()).toBe(1));
    vi.useFakeTimers();
    answer = chatPage([withUnread(plantao, 1)], 1);
    act(() => realtimeClient.deliver("company-2-chat", { action: "new-message", newMessage: apiMessage(5, 1, "Oi"), chat: withUnread(plantao, 1) }));
    expect(playNotificationSound).toHaveBeenCalledTimes(1);
    act(() => realtimeClient.deliver("company-2-chat", { action: "new-message", newMessage: apiMessage(6, 1, "Meu", 7), chat: plantao }));
    expect(playNotificationSound).toHaveBeenCalledTimes(1);
    await act(async () => void vi.advanceTimersByTime(499));
    expect(inboxReads()).toBe(1);
    await act(async () => void vi.advanceTimersByTime(1));
    vi.useRealTimers();
    await screen.findByTestId("chats-topbar-dot");
    expect(inboxReads()).toBe(2);
    // The user's own list events refresh it too (added to a chat, removed from one).
    act(() => realtimeClient.deliver("company-2-chat-user-7", { action: "delete", chatId: 1 }));
    await waitFor(() => expect(inboxReads()).toBe(3), { timeout: 2000 });
  });

  it("the user's own change reads the inbox once: by the realtime event it comes back as, not also by cache invalidation", async () => {
    const { store } = renderTopbar();
    await screen.findByRole("button", { name: "Chat interno" });
    await waitFor(() => expect(inboxReads()).toBe(1));
    vi.useFakeTimers();
    // Creating a chat, then reading one: what the server answers, then the events it sends back to the actor.
    await act(async () => void (await store.dispatch(chatsApi.endpoints.createChat.initiate({ title: "Sala nova", users: [8] }))));
    act(() => realtimeClient.deliver("company-2-chat-user-7", { action: "create", chat: apiChat(3, "Sala nova") }));
    await act(async () => void (await store.dispatch(chatsApi.endpoints.markChatRead.initiate({ id: 1, userId: 7 }))));
    act(() => realtimeClient.deliver("company-2-chat", { action: "update", chat: plantao }));
    await act(async () => void vi.advanceTimersByTime(499));
    expect(inboxReads()).toBe(1);
    await act(async () => void vi.advanceTimersByTime(1));
    vi.useRealTimers();
    await waitFor(() => expect(inboxReads()).toBe(2));
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(inboxReads()).toBe(2);
  });

  it("without useInternalChat in the plan: no popover, no menu entry, no request", async () => {
    renderTopbar(false);
    await screen.findByRole("navigation");
    expect(screen.queryByRole("button", { name: /Chat interno/ })).toBeNull();
    expect(screen.queryByRole("link", { name: /Chat Interno/ })).toBeNull();
    expect(inboxReads()).toBe(0);
  });
});
