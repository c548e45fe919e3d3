import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api as shellApi } from "../../../web/src/api/api.ts";
import { realtimeClient } from "../../../web/src/realtime/realtime.ts";
import { renderWithProviders, testUser } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import chatsPlugin from "./index.ts";
import { ChatsPage } from "./chats-page.tsx";
import { apiChat, apiMessage, chatPage, withUnread } from "./test-data.ts";
import en from "./locales/en.json";
import es from "./locales/es.json";
import tr from "./locales/tr.json";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn() }));
vi.mock("../../tickets/web/public.ts", () => ({ playNotificationSound: vi.fn() }));

const plantao = withUnread(apiChat(1, "Plantão", { lastMessage: "Bom dia" }), 2);
const mine = apiChat(2, "Equipe", { ownerId: 8 });
let api: ReturnType<typeof stubApi>;
/** Messages the server has beyond the two of the first read (written while the socket was away). */
let missed: ReturnType<typeof apiMessage>[] = [];
/** Whether page 1 says an older page exists (happy-dom has no layout, so the hook reads it at once). */
let older = false;
beforeEach(() => {
  vi.clearAllMocks();
  missed = [];
  older = false;
  api = stubApi({
    "GET /chats": () => ({ body: chatPage([plantao, mine], 2) }),
    [`GET /chats/${plantao.uuid}`]: () => ({ body: plantao }),
    [`GET /chats/${mine.uuid}`]: () => ({ body: mine }),
    "GET /chats/1/messages": (_b, call) =>
      call.url.searchParams.get("pageNumber") === "2"
        ? { body: { records: [apiMessage(9, 1, "Mensagem antiga")], count: 3, hasMore: false } }
        : { body: { records: [apiMessage(10, 1, "Bom dia"), apiMessage(11, 1, "Tudo certo?"), ...missed], count: 3 + missed.length, hasMore: older } },
    "GET /chats/2/messages": () => ({ body: { records: [], count: 0, hasMore: false } }),
    "POST /chats/1/read": () => ({ body: withUnread(plantao, 0) }),
    "POST /chats/1/messages": (body) => ({ body: apiMessage(12, 1, (body as { message: string }).message, 7) }),
    "POST /chats": (body) => ({ body: apiChat(3, (body as { title: string }).title) }),
    "PUT /chats/1": (body) => ({ body: { ...plantao, title: (body as { title: string }).title } }),
    "DELETE /chats/1": () => ({ body: { message: "Chat deleted" } }),
    "GET /users/list": () => ({
      body: [
        { id: 7, name: "Ana Souza" },
        { id: 8, name: "Bruno Reis" },
        { id: 9, name: "Carla Dias" },
      ],
    }),
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

const render = (uuid?: string) =>
  renderWithProviders(<ChatsPage params={{ uuid }} />, { session: testUser({ profile: "user" }), plugins: [chatsPlugin], route: uuid ? `/chats/${uuid}` : "/chats" });
const calls = (method: string, path: string) => api.calls.filter((c) => c.method === method && c.path === path);

describe("chats page", () => {
  it("lists the user's chats with the last message and their unread count", async () => {
    render();
    const list = await screen.findByRole("list", { name: "Chat Interno" });
    await within(list).findByText("Plantão");
    expect(within(list).getByText("Bom dia")).toBeTruthy();
    expect(within(list).getByRole("status", { name: "2 mensagens não lidas" }).textContent).toBe("2");
    expect(within(list).getByText("Sem mensagens")).toBeTruthy();
    expect(screen.getByText("Selecione uma conversa ou crie uma nova.")).toBeTruthy();
  });

  it("opens a chat by uuid, shows its messages and marks it read", async () => {
    render(plantao.uuid);
    const log = await screen.findByRole("log", { name: "Plantão" });
    await within(log).findByText("Tudo certo?");
    expect(within(log).getAllByText("Bruno Reis")).toHaveLength(2);
    await waitFor(() => expect(calls("POST", "/chats/1/read")).toHaveLength(1));
    expect(calls("POST", "/chats/1/read")[0]!.body).toEqual({ userId: 7 });
    // The owner (user 7) edits and deletes.
    expect(screen.getByRole("button", { name: "Editar conversa Plantão" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Excluir conversa Plantão" })).toBeTruthy();
  });

  it("only the owner sees edit and delete", async () => {
    render(mine.uuid);
    await screen.findByRole("log", { name: "Equipe" });
    expect(await screen.findByText("Nenhuma mensagem ainda. Diga olá!")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Editar conversa Equipe" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Excluir conversa Equipe" })).toBeNull();
    // Nothing unread: no read call.
    expect(calls("POST", "/chats/2/read")).toHaveLength(0);
  });

  it("Enter sends the trimmed text, Shift+Enter does not, blank text is never sent", async () => {
    render(plantao.uuid);
    await screen.findByText("Tudo certo?");
    const box = screen.getByRole("textbox", { name: /Digite uma mensagem/ });
    fireEvent.change(box, { target: { value: "   " } });
    fireEvent.keyDown(box, { key: "Enter" });
    fireEvent.change(box, { target: { value: "Linha 1" } });
    fireEvent.keyDown(box, { key: "Enter", shiftKey: true });
    expect(calls("POST", "/chats/1/messages")).toHaveLength(0);
    fireEvent.change(box, { target: { value: "  Linha 1\nLinha 2 " } });
    fireEvent.keyDown(box, { key: "Enter" });
    await waitFor(() => expect(calls("POST", "/chats/1/messages")).toHaveLength(1));
    expect(calls("POST", "/chats/1/messages")[0]!.body).toEqual({ message: "Linha 1\nLinha 2" });
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(""));
    expect(await screen.findByText("Linha 1\nLinha 2", { normalizer: (s) => s })).toBeTruthy();
  });

  it("a message from someone else arrives live and is marked read; a deletion elsewhere closes the chat", async () => {
    const { path } = render(plantao.uuid);
    await screen.findByText("Tudo certo?");
    await waitFor(() => expect(calls("POST", "/chats/1/read")).toHaveLength(1));
    act(() => realtimeClient.deliver("company-2-chat-1", { action: "new-message", newMessage: apiMessage(13, 1, "Chegou agora"), chat: withUnread(plantao, 1) }));
    expect(await screen.findByText("Chegou agora")).toBeTruthy();
    await waitFor(() => expect(calls("POST", "/chats/1/read")).toHaveLength(2));
    // The same message twice (event and answer) shows once.
    act(() => realtimeClient.deliver("company-2-chat-1", { action: "new-message", newMessage: apiMessage(13, 1, "Chegou agora"), chat: plantao }));
    expect(screen.getAllByText("Chegou agora")).toHaveLength(1);
    act(() => realtimeClient.deliver("company-2-chat-1", { action: "delete", chatId: 1 }));
    await waitFor(() => expect(path()).toBe("/chats"));
  });

  it("removed from the open chat by its owner: back to /chats", async () => {
    const { path } = render(plantao.uuid);
    await screen.findByText("Tudo certo?");
    act(() => realtimeClient.deliver("company-2-chat-user-7", { action: "delete", chatId: 2 }));
    expect(path()).toBe(`/chats/${plantao.uuid}`);
    act(() => realtimeClient.deliver("company-2-chat-user-7", { action: "delete", chatId: 1 }));
    await waitFor(() => expect(path()).toBe("/chats"));
  });

  it("after a realtime gap the newest page is read again, older pages loaded or not: messages the socket missed show", async () => {
    older = true;
    const { store } = render(plantao.uuid);
    await screen.findByText("Mensagem antiga");
    missed = [apiMessage(14, 1, "Enquanto você estava fora")];
    act(() => void store.dispatch(shellApi.internalActions.onOnline()));
    expect(await screen.findByText("Enquanto você estava fora")).toBeTruthy();
    expect(screen.getByText("Bom dia", { selector: ".chats-message div" })).toBeTruthy();
  });

  it("the list follows the user's events: a new chat, a chat removed", async () => {
    render();
    const list = await screen.findByRole("list", { name: "Chat Interno" });
    await within(list).findByText("Plantão");
    act(() => realtimeClient.deliver("company-2-chat-user-7", { action: "create", chat: apiChat(5, "Novo grupo", { updatedAt: "2026-11-02T00:00:00.000Z" }) }));
    expect((await within(list).findAllByRole("listitem"))[0]!.textContent).toContain("Novo grupo");
    act(() => realtimeClient.deliver("company-2-chat-user-7", { action: "delete", chatId: 1 }));
    await waitFor(() => expect(within(list).queryByText("Plantão")).toBeNull());
  });

  it("creates a chat: Save waits for a title and a member; the new chat opens", async () => {
    const { path } = render();
    fireEvent.click(await screen.findByRole("button", { name: "Nova conversa" }));
    const dialog = await screen.findByRole("dialog");
    const save = within(dialog).getByRole("button", { name: "Salvar" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText("Título"), { target: { value: "Sala nova" } });
    expect(save.disabled).toBe(true);
    // The picker lists the other users, not oneself.
    await within(dialog).findByText("Carla Dias");
    expect(within(dialog).queryByText("Ana Souza")).toBeNull();
    fireEvent.click(within(dialog).getByLabelText("Carla Dias"));
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(calls("POST", "/chats")).toHaveLength(1));
    expect(calls("POST", "/chats")[0]!.body).toEqual({ title: "Sala nova", users: [9] });
    await waitFor(() => expect(path()).toBe(`/chats/${apiChat(3, "x").uuid}`));
  });

  it("the owner edits and deletes the open chat; deleting goes back to /chats", async () => {
    const { path } = render(plantao.uuid);
    fireEvent.click(await screen.findByRole("button", { name: "Editar conversa Plantão" }));
    const dialog = await screen.findByRole("dialog");
    const title = (await within(dialog).findByDisplayValue("Plantão")) as HTMLInputElement;
    expect((within(dialog).getByLabelText("Bruno Reis") as HTMLInputElement).checked).toBe(true);
    // The dialog reads the chat as the page does, by uuid: one cache entry, no second read by id.
    expect(calls("GET", "/chats/1")).toHaveLength(0);
    const reads = calls("GET", `/chats/${plantao.uuid}`).length;
    fireEvent.change(title, { target: { value: "Plantão noturno" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(calls("PUT", "/chats/1")).toHaveLength(1));
    expect(calls("PUT", "/chats/1")[0]!.body).toEqual({ title: "Plantão noturno", users: [8] });
    expect(await screen.findByRole("heading", { name: "Plantão noturno" })).toBeTruthy();
    // The edit's invalidation (tagged by the chat's id) reaches the page's entry, read by uuid.
    await waitFor(() => expect(calls("GET", `/chats/${plantao.uuid}`)).toHaveLength(reads + 1));

    fireEvent.click(screen.getByRole("button", { name: "Excluir conversa Plantão noturno" }));
    const confirm = await screen.findByRole("dialog");
    fireEvent.click(within(confirm).getByRole("button", { name: /Excluir|Sim|Confirmar/ }));
    await waitFor(() => expect(calls("DELETE", "/chats/1")).toHaveLength(1));
    await waitFor(() => expect(path()).toBe("/chats"));
  });

  it("speaks English, Spanish and Turkish too", async () => {
    const { i18n } = await import("../../../web/src/i18n/i18n.ts");
    try {
      for (const [lng, texts] of [
        ["en", en],
        ["es", es],
        ["tr", tr],
      ] as const) {
        await i18n.changeLanguage(lng);
        const view = render(plantao.uuid);
        expect(await screen.findByRole("button", { name: texts.page.new })).toBeTruthy();
        expect(await screen.findByRole("textbox", { name: texts.messages.placeholder })).toBeTruthy();
        expect(await screen.findByRole("status", { name: texts.list.unread_other.replace("{{count}}", "2") })).toBeTruthy();
        view.unmount();
      }
    } finally {
      await i18n.changeLanguage("pt");
    }
  });
});
