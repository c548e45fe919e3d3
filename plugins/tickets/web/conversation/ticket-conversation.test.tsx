import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { realtimeClient } from "../../../../web/src/realtime/realtime.ts";
import { renderWithProviders, testUser } from "../../../../web/src/test/render.tsx";
import { stubApi, type StubHandler } from "../../../../web/src/test/stub-api.ts";
import { toastError } from "../../../../web/src/ui/toast.ts";
import type { MessageView, TicketView } from "../../shared/ticket-types.ts";
import { convMessage, convTicket } from "./test-data.ts";
import { TicketConversation } from "./ticket-conversation.tsx";
import ticketsPlugin from "../index.ts";

vi.mock("../../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn(), clearToasts: vi.fn() }));
// The header and the drawer are tested with the ticket actions; here they only need to exist.
vi.mock("../actions/ticket-header.tsx", () => ({ TicketHeader: ({ ticket }: { ticket: TicketView }) => <div data-testid="header">{ticket.contact.name}</div> }));
vi.mock("../drawer/contact-drawer.tsx", () => ({ ContactDrawer: () => null }));

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
/** Today at noon minus n minutes: on today's date whatever the clock says (minutesAgo crosses midnight). */
const todayNoonMinus = (n: number) => {
  const d = new Date();
  d.setHours(12, 0, 0, 0);
  return new Date(d.getTime() - n * 60_000).toISOString();
};
const yesterday = () => {
  const d = new Date();
  d.setDate(d.getDate() - 1);
  d.setHours(10, 0, 0, 0);
  return d;
};

let api: ReturnType<typeof stubApi>;
function setup(ticket: TicketView, messages: MessageView[], extra: Record<string, StubHandler> = {}) {
  api = stubApi({
    [`GET /tickets/u/${ticket.uuid}`]: () => ({ body: ticket }),
    [`GET /messages/${ticket.uuid}`]: () => ({ body: { messages, ticket, count: messages.length, hasMore: false } }),
    [`POST /messages/${ticket.id}`]: (body) => ({
      body: convMessage(900, { fromMe: true, body: typeof (body as { body?: unknown })?.body === "string" ? (body as { body: string }).body : "" }),
    }),
    ...extra,
  });
  vi.stubGlobal("fetch", api.fetch);
}
const render = (uuid = "uuid-1", session = testUser()) => renderWithProviders(<TicketConversation uuid={uuid} />, { session, route: `/tickets/${uuid}`, plugins: [ticketsPlugin] });
const composer = () => screen.getByRole("textbox", { name: "Digite uma mensagem" }) as HTMLTextAreaElement;
const posts = () => api.calls.filter((c) => c.method === "POST" && c.path === "/messages/1");
const openMenuOf = async (text: string) => {
  const row = (await screen.findByText(text)).closest("[data-testid=message]") as HTMLElement;
  // One menu at a time: a previous one closes (and fades out) when the page is clicked.
  fireEvent.mouseDown(document.body);
  await waitFor(() => expect(screen.queryAllByRole("menu", { name: "Opções da mensagem" })).toHaveLength(0));
  fireEvent.click(within(row).getByRole("button", { name: "Opções da mensagem" }));
  return screen.findByRole("menu", { name: "Opções da mensagem" });
};

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

describe("conversation: the message list", () => {
  it("separates days ('HOJE'), shows acks, deleted and edited marks and quotes; joins the ticket room", async () => {
    const emit = vi.spyOn(realtimeClient, "emit");
    const old = convMessage(1, { body: "Pedido de ontem", createdAt: yesterday().toISOString() });
    setup(convTicket(), [
      old,
      convMessage(2, { fromMe: true, body: "Pendente aqui", ack: 0, createdAt: todayNoonMinus(30) }),
      convMessage(3, { fromMe: true, body: "Já lida", ack: 3, createdAt: todayNoonMinus(29) }),
      convMessage(4, { body: "some", isDeleted: true, deletedBy: "contact", createdAt: todayNoonMinus(28) }),
      convMessage(5, { fromMe: true, body: "x", ack: 2, isDeleted: true, deletedBy: "me", createdAt: todayNoonMinus(27) }),
      convMessage(6, {
        fromMe: true,
        body: "Corrigido",
        ack: 2,
        isEdited: true,
        createdAt: todayNoonMinus(26),
        quotedMsgId: 1,
        quotedMsg: { id: 1, body: "Pedido de ontem", fromMe: false, mediaType: "chat", mediaUrl: null, isDeleted: false, contact: { id: 50, name: "Carla Dias" } },
      }),
      convMessage(7, { fromMe: true, body: "Nota interna", isPrivate: true, ack: 5, createdAt: todayNoonMinus(25) }),
    ]);
    render();
    expect(await screen.findByText("Já lida")).toBeTruthy();
    const separators = screen.getAllByRole("separator").map((s) => s.textContent);
    const d = yesterday();
    expect(separators).toEqual([`${String(d.getDate()).padStart(2, "0")}/${String(d.getMonth() + 1).padStart(2, "0")}/${d.getFullYear()}`, "HOJE"]);
    expect(screen.getAllByRole("img", { name: "Pendente" })).toHaveLength(1);
    expect(screen.getAllByRole("img", { name: "Entregue" })).toHaveLength(2);
    expect(screen.getByRole("img", { name: "Lida" }).querySelector(".msg-ack-read")).toBeTruthy();
    expect(screen.getByRole("img", { name: "Concluída" })).toBeTruthy();
    expect(screen.getByText("Essa mensagem foi apagada pelo contato")).toBeTruthy();
    expect(screen.getByText("Essa mensagem foi apagada")).toBeTruthy();
    expect(screen.getByText("Editada")).toBeTruthy();
    const privateBubble = screen.getByText("Nota interna").closest(".msg-bubble")!;
    expect(privateBubble.classList.contains("msg-bubble-private")).toBe(true);
    expect(privateBubble.textContent).toContain("Mensagem Privada");
    const quote = screen.getByRole("button", { name: "Ir para a mensagem citada" });
    expect(quote.textContent).toContain("Carla Dias");
    expect(quote.textContent).toContain("Pedido de ontem");
    expect(emit).toHaveBeenCalledWith("joinTicket", "uuid-1");
  });

  it("follows company-{id}-appMessage for this ticket: create appends, update replaces, delete marks", async () => {
    setup(convTicket(), [convMessage(1, { body: "Oi" })]);
    render();
    await screen.findByText("Oi");
    const reads = () => api.calls.filter((c) => c.method === "GET" && c.path === "/messages/uuid-1").length;
    const readsBefore = reads();
    act(() => realtimeClient.deliver("company-2-appMessage", { action: "create", message: convMessage(2, { body: "Chegou agora" }), ticket: convTicket() }));
    act(() =>
      realtimeClient.deliver("company-2-appMessage", { action: "create", message: convMessage(3, { ticketId: 99, body: "Outro ticket" }), ticket: convTicket({ id: 99 }) }),
    );
    expect(await screen.findByText("Chegou agora")).toBeTruthy();
    // The customer's message is read at once (page 1 again marks the ticket read on the server).
    await waitFor(() => expect(reads()).toBe(readsBefore + 1));
    expect(screen.queryByText("Outro ticket")).toBeNull();
    const rows = screen.getAllByTestId("message");
    expect(rows.at(-1)!.textContent).toContain("Chegou agora");
    act(() => realtimeClient.deliver("company-2-appMessage", { action: "update", message: convMessage(2, { body: "Chegou editada", isEdited: true }), ticket: convTicket() }));
    expect(await screen.findByText("Chegou editada")).toBeTruthy();
    act(() => realtimeClient.deliver("company-2-appMessage", { action: "delete", message: convMessage(1, { body: "Oi", deletedBy: "contact" }), ticket: convTicket() }));
    expect(await screen.findByText("Essa mensagem foi apagada pelo contato")).toBeTruthy();
  });

  it("offers edit only on own messages younger than 15 minutes; delete only on own", async () => {
    setup(convTicket(), [
      convMessage(1, { body: "Recebida", createdAt: minutesAgo(40) }),
      convMessage(2, { fromMe: true, body: "Antiga minha", createdAt: minutesAgo(20) }),
      convMessage(3, { fromMe: true, body: "Recente minha", createdAt: minutesAgo(5) }),
    ]);
    render();
    let menu = await openMenuOf("Recente minha");
    expect(within(menu).getByText("Editar")).toBeTruthy();
    expect(within(menu).getByText("Deletar")).toBeTruthy();
    menu = await openMenuOf("Antiga minha");
    expect(within(menu).queryByText("Editar")).toBeNull();
    expect(within(menu).getByText("Deletar")).toBeTruthy();
    menu = await openMenuOf("Recebida");
    expect(within(menu).queryByText("Editar")).toBeNull();
    expect(within(menu).queryByText("Deletar")).toBeNull();
    expect(within(menu).getByText("Responder")).toBeTruthy();
  });

  it("on Meta's channels a sent message offers neither edit nor delete (Meta cannot change it); a private note still does", async () => {
    setup(convTicket({ channel: "facebook", channelKind: "facebook" }), [
      convMessage(1, { body: "Oi", createdAt: minutesAgo(6) }),
      convMessage(2, { fromMe: true, body: "Enviada", createdAt: minutesAgo(5) }),
      convMessage(3, { fromMe: true, isPrivate: true, body: "Nota", createdAt: minutesAgo(4) }),
    ]);
    render();
    let menu = await openMenuOf("Enviada");
    expect(within(menu).queryByText("Editar")).toBeNull();
    expect(within(menu).queryByText("Deletar")).toBeNull();
    menu = await openMenuOf("Nota");
    expect(within(menu).getByText("Editar")).toBeTruthy();
  });

  it("edits through the dialog: POST /messages/edit/{id}", async () => {
    setup(convTicket(), [convMessage(3, { fromMe: true, body: "Recente minha", createdAt: minutesAgo(5) })], {
      "POST /messages/edit/3": (body) => ({ body: convMessage(3, { fromMe: true, body: (body as { body: string }).body, isEdited: true, createdAt: minutesAgo(5) }) }),
    });
    render();
    const menu = await openMenuOf("Recente minha");
    fireEvent.click(within(menu).getByText("Editar"));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByRole("textbox"), { target: { value: "Versão corrigida" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("Versão corrigida")).toBeTruthy();
    expect(api.calls.find((c) => c.path === "/messages/edit/3")!.body).toEqual({ body: "Versão corrigida" });
  });

  it("forwarding with nothing selected shows an error", async () => {
    setup(convTicket(), [convMessage(1, { body: "Encaminhável" })]);
    render();
    const menu = await openMenuOf("Encaminhável");
    fireEvent.click(within(menu).getByText("Encaminhar"));
    const box = (await screen.findByRole("checkbox", { name: "Selecionar mensagem" })) as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    const toolbar = screen.getByRole("toolbar");
    expect(toolbar.textContent).toContain("Mensagens selecionadas: 0");
    fireEvent.click(within(toolbar).getByRole("button", { name: "Encaminhar" }));
    expect(toastError).toHaveBeenCalledWith("Nenhuma mensagem selecionada");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("an unknown ticket goes back to /tickets", async () => {
    setup(convTicket(), []);
    const { path } = render("nope");
    await waitFor(() => expect(path()).toBe("/tickets"));
    expect(toastError).toHaveBeenCalled();
  });

  it("shows the 24-hour notice on Instagram and Facebook tickets only", async () => {
    setup(convTicket({ channel: "instagram", channelKind: "instagram" }), []);
    render();
    expect(await screen.findByText(/24 horas/)).toBeTruthy();
  });
});

describe("conversation: the composer", () => {
  it("is disabled with a hint on a closed ticket", async () => {
    setup(convTicket({ status: "closed" }), [convMessage(1, { body: "Tchau" })]);
    render();
    await screen.findByText("Tchau");
    expect(composer().disabled).toBe(true);
    expect(screen.getByRole("note").textContent).toContain("Reabra-o para responder");
    expect(screen.queryByText(/24 horas/)).toBeNull();
    expect((screen.getByRole("button", { name: "Enviar" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("sends JSON on Enter, not on Shift+Enter, and never empty text", async () => {
    setup(convTicket(), []);
    render();
    await waitFor(() => expect(composer()).toBeTruthy());
    fireEvent.change(composer(), { target: { value: "   " } });
    fireEvent.keyDown(composer(), { key: "Enter" });
    fireEvent.change(composer(), { target: { value: "Olá, tudo bem?" } });
    fireEvent.keyDown(composer(), { key: "Enter", shiftKey: true });
    await new Promise((r) => setTimeout(r, 20));
    expect(posts()).toHaveLength(0);
    fireEvent.keyDown(composer(), { key: "Enter" });
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toEqual({ body: "Olá, tudo bem?", isPrivate: false, signMessage: true });
    await waitFor(() => expect(composer().value).toBe(""));
    expect(await screen.findByText("Olá, tudo bem?")).toBeTruthy();
  });

  it("replies with the quoted message and private flag", async () => {
    setup(convTicket(), [convMessage(1, { body: "Qual o preço?" })]);
    render();
    const menu = await openMenuOf("Qual o preço?");
    fireEvent.click(within(menu).getByText("Responder"));
    expect(await screen.findByRole("button", { name: "Cancelar resposta" })).toBeTruthy();
    fireEvent.click(screen.getByRole("checkbox", { name: "Mensagem Privada" }));
    fireEvent.change(composer(), { target: { value: "R$ 10" } });
    fireEvent.keyDown(composer(), { key: "Enter" });
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toMatchObject({ body: "R$ 10", isPrivate: true, quotedMsg: { id: 1 } });
    await waitFor(() => expect(screen.queryByRole("button", { name: "Cancelar resposta" })).toBeNull());
  });

  it("hides the signature toggle unless sendSignMessage is enabled, and remembers it", async () => {
    setup(convTicket(), []);
    const { unmount } = render();
    const sign = (await screen.findByRole("checkbox", { name: "Assinar" })) as HTMLInputElement;
    expect(sign.checked).toBe(true);
    fireEvent.click(sign);
    expect(localStorage.getItem("sendSignMessage")).toBe("false");
    unmount();
    render("uuid-1", testUser({ company: { settings: [{ key: "sendSignMessage", value: "disabled" }] } }));
    await waitFor(() => expect(composer()).toBeTruthy());
    expect(screen.queryByRole("checkbox", { name: "Assinar" })).toBeNull();
  });

  it("sends attachments as multipart, one per file with its caption", async () => {
    setup(convTicket(), []);
    render();
    await waitFor(() => expect(composer()).toBeTruthy());
    const photo = new File([new Uint8Array([1, 2, 3])], "foto da loja.png", { type: "image/png" });
    const pdf = new File([new Uint8Array([4, 5])], "nota.pdf", { type: "application/pdf" });
    fireEvent.change(screen.getByTestId("media-input"), { target: { files: [photo, pdf] } });
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Legenda de foto da loja.png" }), { target: { value: "Nossa vitrine" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Próximo" }));
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Legenda de nota.pdf" }), { target: { value: "Sua nota" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Enviar" }));
    await waitFor(() => expect(posts()).toHaveLength(2));
    const [first, second] = posts().map((c) => c.body as FormData);
    expect(first!.get("body")).toBe("Nossa vitrine");
    expect(first!.get("isPrivate")).toBe("false");
    expect((first!.get("medias") as File).name).toBe("foto_da_loja.png");
    expect(second!.get("body")).toBe("Sua nota");
    expect((second!.get("medias") as File).name).toBe("nota.pdf");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
