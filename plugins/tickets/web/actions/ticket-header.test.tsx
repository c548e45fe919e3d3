import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import contactsPlugin from "../../../contacts/web/index.ts";
import { renderWithProviders, testUser } from "../../../../web/src/test/render.tsx";
import { stubApi, type StubHandler } from "../../../../web/src/test/stub-api.ts";
import { toastWarning } from "../../../../web/src/ui/toast.ts";
import type { TicketView } from "../../shared/ticket-types.ts";
import ticketsPlugin from "../index.ts";
import { TicketHeader } from "./ticket-header.tsx";
import { ticketView } from "./test-data.ts";

vi.mock("../../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn(), clearToasts: vi.fn() }));

const admin = testUser({ id: 7, permissions: ["ticket-options:deleteTicket"] });
const plain = testUser({ id: 7, profile: "user", permissions: [], userClosePendingTicket: "disabled" });

let api: ReturnType<typeof stubApi>;
let put: StubHandler;
const stub = (extra: Record<string, StubHandler> = {}) => {
  api = stubApi({
    "GET /queue": () => ({
      body: [
        { id: 3, name: "Suporte", color: "#00aa00" },
        { id: 4, name: "Vendas", color: "#aa0000" },
      ],
    }),
    "PUT /tickets/41": (body, call) => put(body, call),
    "GET /contactTags/5": () => ({ body: { contactId: 5, tags: [] } }),
    ...extra,
  });
  vi.stubGlobal("fetch", api.fetch);
};
beforeEach(() => {
  vi.clearAllMocks();
  put = (body) => ({ body: ticketView({ ...(body as Partial<TicketView>), uuid: "uuid-41" }) });
  stub();
});
afterEach(() => vi.unstubAllGlobals());

const render = (ticket: TicketView, session = admin) =>
  renderWithProviders(<TicketHeader ticket={ticket} onOpenContact={() => {}} />, { session, plugins: [ticketsPlugin, contactsPlugin], route: `/tickets/${ticket.uuid}` });
const button = (name: string) => screen.queryByRole("button", { name });
const puts = () => api.calls.filter((c) => c.method === "PUT" && c.path === "/tickets/41");
const openMore = () => fireEvent.click(screen.getByRole("button", { name: "Mais opções" }));

describe("ticket header: buttons by status and profile", () => {
  it("pending: Aceitar and Ignorar for an admin", () => {
    render(ticketView({ status: "pending", userId: null, user: null }));
    expect(button("Aceitar")).toBeTruthy();
    expect(button("Ignorar")).toBeTruthy();
    expect(button("Resolver")).toBeNull();
    expect(button("Reabrir")).toBeNull();
  });

  it("pending: a plain user sees Ignorar only with userClosePendingTicket enabled", () => {
    const { unmount } = render(ticketView({ status: "pending" }), plain);
    expect(button("Aceitar")).toBeTruthy();
    expect(button("Ignorar")).toBeNull();
    unmount();
    render(ticketView({ status: "pending" }), testUser({ id: 7, profile: "user", userClosePendingTicket: "enabled" }));
    expect(button("Ignorar")).toBeTruthy();
  });

  it("open and group: Resolver, Retornar à fila, Transferir and the bot toggle", () => {
    for (const status of ["open", "group"] as const) {
      const { unmount } = render(ticketView({ status }));
      for (const name of ["Resolver", "Retornar à fila", "Transferir", "Desativar chatbot"]) expect(button(name)).toBeTruthy();
      expect(button("Aceitar")).toBeNull();
      unmount();
    }
  });

  it("closed: only Reabrir", () => {
    render(ticketView({ status: "closed" }));
    expect(button("Reabrir")).toBeTruthy();
    for (const name of ["Aceitar", "Resolver", "Transferir", "Retornar à fila"]) expect(button(name)).toBeNull();
  });

  it("delete is in the menu only with ticket-options:deleteTicket", async () => {
    const { unmount } = render(ticketView(), plain);
    openMore();
    expect(await screen.findByText("Ver histórico")).toBeTruthy();
    expect(screen.queryByText("Excluir ticket")).toBeNull();
    unmount();
    render(ticketView());
    openMore();
    fireEvent.click(await screen.findByText("Excluir ticket"));
    const dialog = await screen.findByRole("dialog", { name: /Excluir o ticket #41/ });
    stub({ "DELETE /tickets/41": () => ({ body: { message: "ok" } }) });
    fireEvent.click(within(dialog).getByRole("button", { name: "Excluir" }));
    await waitFor(() => expect(api.calls.some((c) => c.method === "DELETE" && c.path === "/tickets/41")).toBe(true));
  });

  it("opens the contact from the avatar and name", () => {
    const onOpen = vi.fn();
    renderWithProviders(<TicketHeader ticket={ticketView()} onOpenContact={onOpen} />, { session: admin, plugins: [ticketsPlugin, contactsPlugin] });
    fireEvent.click(screen.getByRole("button", { name: "Dados de Maria Oliveira" }));
    expect(onOpen).toHaveBeenCalled();
    expect(screen.getByText("Suporte")).toBeTruthy();
    expect(screen.getByText("Atendente: Ana Souza")).toBeTruthy();
    expect(screen.getByText("Conexão: Principal")).toBeTruthy();
  });
});

describe("ticket header: accept, resolve, return, transfer", () => {
  it("accepting a pending ticket without a queue asks for one, then sends it and opens the ticket", async () => {
    const { path } = render(ticketView({ status: "pending", queueId: null, queue: null, userId: null, user: null }));
    fireEvent.click(button("Aceitar")!);
    const dialog = await screen.findByRole("dialog", { name: "Aceitar ticket" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Aceitar" }));
    expect(await within(dialog).findByText("Selecione uma fila", { selector: ".bp6-form-helper-text" })).toBeTruthy();
    expect(puts()).toHaveLength(0);
    await within(dialog).findByRole("option", { name: "Vendas" });
    fireEvent.change(within(dialog).getByLabelText("Fila"), { target: { value: "4" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Aceitar" }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.body).toEqual({ status: "open", userId: 7, queueId: 4 });
    await waitFor(() => expect(path()).toBe("/tickets/uuid-41"));
  });

  it("accepting a ticket with a queue sends it straight away", async () => {
    render(ticketView({ status: "pending", userId: null, user: null }));
    fireEvent.click(button("Aceitar")!);
    await waitFor(() => expect(puts()[0]?.body).toEqual({ status: "open", userId: 7, queueId: 3 }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("resolve offers the farewell choice and goes back to /tickets", async () => {
    const { path } = render(ticketView());
    fireEvent.click(button("Resolver")!);
    const dialog = await screen.findByRole("dialog", { name: "Encerrar atendimento" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Encerrar sem despedida" }));
    await waitFor(() => expect(puts()[0]?.body).toEqual({ status: "closed", userId: 7, sendFarewellMessage: false, sendRating: false }));
    await waitFor(() => expect(path()).toBe("/tickets"));
  });

  it("resolve with the farewell message sends sendFarewellMessage true, and no rating (sendRating false, issue 32)", async () => {
    render(ticketView());
    fireEvent.click(button("Resolver")!);
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Encerrar com despedida" }));
    await waitFor(() => expect(puts()[0]?.body).toEqual({ status: "closed", userId: 7, sendFarewellMessage: true, sendRating: false }));
  });

  it("userRating: the dialog offers the rating, ticked; resolving sends status nps (issue 14)", async () => {
    const session = testUser({ id: 7, company: { settings: [{ key: "userRating", value: "enabled" }] } });
    render(ticketView(), session);
    fireEvent.click(button("Resolver")!);
    const dialog = await screen.findByRole("dialog");
    const box = within(dialog).getByRole("checkbox", { name: "Enviar avaliação (NPS) ao cliente" }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(within(dialog).getByRole("button", { name: "Encerrar com despedida" }));
    await waitFor(() => expect(puts()[0]?.body).toEqual({ status: "nps", userId: 7, sendFarewellMessage: true }));
  });

  it("userRating: unticking the rating resolves as closed; groups and companies without NPS get no rating choice", async () => {
    const session = testUser({ id: 7, company: { settings: [{ key: "userRating", value: "enabled" }] } });
    const { unmount } = render(ticketView(), session);
    fireEvent.click(button("Resolver")!);
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "Enviar avaliação (NPS) ao cliente" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Encerrar sem despedida" }));
    await waitFor(() => expect(puts()[0]?.body).toEqual({ status: "closed", userId: 7, sendFarewellMessage: false, sendRating: false }));
    unmount();
    render(ticketView({ status: "group", isGroup: true }), session);
    fireEvent.click(button("Resolver")!);
    expect(within(await screen.findByRole("dialog")).queryByRole("checkbox")).toBeNull();
  });

  it("a ticket waiting for its rating can be closed unrated; one waiting for consent ignored", async () => {
    const { unmount } = render(ticketView({ status: "nps" }));
    fireEvent.click(button("Encerrar sem avaliação")!);
    await waitFor(() => expect(puts()[0]?.body).toMatchObject({ status: "closed" }));
    unmount();
    render(ticketView({ status: "lgpd", userId: null, user: null }));
    expect(button("Ignorar")).toBeTruthy();
  });

  it("requiredTag: a contact without tags cannot be closed", async () => {
    const session = testUser({ id: 7, company: { settings: [{ key: "requiredTag", value: "enabled" }] } });
    render(ticketView(), session);
    fireEvent.click(button("Resolver")!);
    await waitFor(() => expect(toastWarning).toHaveBeenCalledWith("Você deve atribuir uma tag antes de fechar o ticket."));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(puts()).toHaveLength(0);
  });

  it("requiredTag: a tagged contact gets the resolve dialog", async () => {
    stub({ "GET /contactTags/5": () => ({ body: { contactId: 5, tags: [{ id: 1, name: "VIP", color: "#f00" }] } }) });
    render(ticketView(), testUser({ id: 7, company: { settings: [{ key: "requiredTag", value: "enabled" }] } }));
    fireEvent.click(button("Resolver")!);
    expect(await screen.findByRole("dialog", { name: "Encerrar atendimento" })).toBeTruthy();
    expect(toastWarning).not.toHaveBeenCalled();
  });

  it("return to queue removes the user", async () => {
    const { path } = render(ticketView());
    fireEvent.click(button("Retornar à fila")!);
    await waitFor(() => expect(puts()[0]?.body).toEqual({ status: "pending", userId: null }));
    await waitFor(() => expect(path()).toBe("/tickets"));
  });

  it("transfer needs a queue ('Selecione uma fila'); without a user the ticket goes pending", async () => {
    render(ticketView());
    fireEvent.click(button("Transferir")!);
    const dialog = await screen.findByRole("dialog", { name: "Transferir ticket" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Transferir" }));
    expect(await within(dialog).findByText("Selecione uma fila", { selector: ".bp6-form-helper-text" })).toBeTruthy();
    await within(dialog).findByRole("option", { name: "Vendas" });
    fireEvent.change(within(dialog).getByLabelText("Fila"), { target: { value: "4" } });
    fireEvent.change(within(dialog).getByLabelText("Mensagem de transferência (opcional)"), { target: { value: "Cliente quer orçamento" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Transferir" }));
    await waitFor(() => expect(puts()[0]?.body).toEqual({ queueId: 4, userId: null, status: "pending", msgTransfer: "Cliente quer orçamento", isTransfered: true }));
  });

  it("transfer to a user searched from 3 characters opens it for them", async () => {
    stub({
      "GET /users/list": () => ({
        body: [
          { id: 9, name: "Bruno Lima", profile: "user", online: true },
          { id: 10, name: "Carla Reis", profile: "user", online: false },
        ],
      }),
    });
    render(ticketView());
    fireEvent.click(button("Transferir")!);
    const dialog = await screen.findByRole("dialog", { name: "Transferir ticket" });
    await within(dialog).findByRole("option", { name: "Vendas" });
    fireEvent.change(within(dialog).getByLabelText("Fila"), { target: { value: "4" } });
    fireEvent.change(within(dialog).getByLabelText("Atendente (opcional)"), { target: { value: "Br" } });
    await new Promise((r) => setTimeout(r, 600));
    expect(api.calls.some((c) => c.path === "/users/list")).toBe(false);
    fireEvent.change(within(dialog).getByLabelText("Atendente (opcional)"), { target: { value: "Bru" } });
    fireEvent.click(await within(dialog).findByText("Bruno Lima", {}, { timeout: 2000 }));
    expect(within(dialog).queryByText("Carla Reis")).toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: "Transferir" }));
    await waitFor(() => expect(puts()[0]?.body).toEqual({ queueId: 4, userId: 9, status: "open", msgTransfer: "", isTransfered: true }));
  });

  it("transfer to oneself follows the new ticket the server answers (closeTicketOnTransfer)", async () => {
    stub({ "GET /users/list": () => ({ body: [{ id: 7, name: "Ana Admin", profile: "admin", online: true }] }) });
    put = (body) => ({ body: ticketView({ ...(body as Partial<TicketView>), id: 77, uuid: "uuid-77" }) });
    const { path } = render(ticketView());
    fireEvent.click(button("Transferir")!);
    const dialog = await screen.findByRole("dialog", { name: "Transferir ticket" });
    await within(dialog).findByRole("option", { name: "Vendas" });
    fireEvent.change(within(dialog).getByLabelText("Fila"), { target: { value: "4" } });
    fireEvent.change(within(dialog).getByLabelText("Atendente (opcional)"), { target: { value: "Ana" } });
    fireEvent.click(await within(dialog).findByText("Ana Admin", {}, { timeout: 2000 }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Transferir" }));
    await waitFor(() => expect(path()).toBe("/tickets/uuid-77"));
  });

  it("the bot toggle flips the contact's disableBot", async () => {
    stub({ "PUT /contacts/toggleDisableBot/5": () => ({ body: { id: 5, disableBot: true, acceptAudioMessage: true, active: true } }) });
    render(ticketView());
    fireEvent.click(button("Desativar chatbot")!);
    expect(await screen.findByRole("button", { name: "Ativar chatbot" })).toBeTruthy();
  });
});

describe("ticket header: who is answering (issue 24)", () => {
  it("names the conversation's holder: chatbot, flow, integration, AI or the attendant", () => {
    const cases: [string | null, string | null][] = [
      ["bot", "Atendendo: Chatbot"],
      ["flow:12", "Atendendo: Fluxo"],
      ["integration:4", "Atendendo: Integração"],
      ["integration", "Atendendo: Integração"],
      ["prompt:3", "Atendendo: IA"],
      ["attendant", "Atendendo: Atendente"],
      ["webhook-thing:1", "Atendendo: Automação"],
      [null, null],
    ];
    for (const [holder, text] of cases) {
      const { unmount } = render(ticketView({ status: "pending", userId: null, user: null, holder }));
      expect(screen.queryByTestId("ticket-holder")?.textContent ?? null).toBe(text);
      unmount();
    }
  });

  it("says nothing once the ticket is closed", () => {
    render(ticketView({ status: "closed", holder: "attendant" }));
    expect(screen.queryByTestId("ticket-holder")).toBeNull();
  });
});
