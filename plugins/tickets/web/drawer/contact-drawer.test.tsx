import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import contactsPlugin from "../../../contacts/web/index.ts";
import { apiContact } from "../../../contacts/web/test-data.ts";
import { renderWithProviders, testUser } from "../../../../web/src/test/render.tsx";
import { stubApi, type StubHandler } from "../../../../web/src/test/stub-api.ts";
import { formatDateTime } from "../../../../web/src/ui/format-date.ts";
import { toastSuccess } from "../../../../web/src/ui/toast.ts";
import type { TicketNoteView, TicketView } from "../../shared/ticket-types.ts";
import { ticketView } from "../actions/test-data.ts";
import ticketsPlugin from "../index.ts";
import { ContactDrawer } from "./contact-drawer.tsx";
import { noteError } from "./ticket-notes.tsx";

vi.mock("../../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn(), clearToasts: vi.fn() }));

const plain = testUser({ id: 7, profile: "user" });
const note = (id: number, text: string, userId: number, userName: string, createdAt: string): TicketNoteView => ({
  id,
  note: text,
  ticketId: 41,
  contactId: 5,
  createdAt,
  user: { id: userId, name: userName },
});
let notes: TicketNoteView[];
let api: ReturnType<typeof stubApi>;
const stub = (extra: Record<string, StubHandler> = {}) => {
  api = stubApi({
    "GET /contacts/5": () => ({
      body: apiContact(5, "Maria Oliveira", {
        number: "5511987654321",
        email: "maria@cliente.com",
        extraInfo: [{ id: 1, name: "CPF", value: "123.456.789-00" }],
        tags: [{ id: 8, name: "VIP", color: "#a00" }],
      }),
    }),
    "GET /contacts/profile/5511987654321": () => ({ body: { contactId: 5, urlPicture: "/public/maria.jpg" } }),
    "PUT /contacts/block/5": (body) => ({ body: apiContact(5, "Maria Oliveira", { active: (body as { active: boolean }).active }) }),
    "PUT /contacts/toggleAcceptAudio/5": (body) => ({
      body: apiContact(5, "Maria Oliveira", { acceptAudioMessage: (body as { acceptAudioMessage: boolean }).acceptAudioMessage }),
    }),
    "GET /ticket-notes/list": () => ({ body: notes }),
    "POST /ticket-notes": (body) => {
      const b = body as { note: string };
      notes = [note(99, b.note, 7, "Ana Souza", "2026-03-03T10:00:00.000Z"), ...notes];
      return { body: notes[0] };
    },
    "DELETE /ticket-notes/*": (_b, call) => {
      notes = notes.filter((n) => `/ticket-notes/${n.id}` !== call.path);
      return { body: { message: "ok" } };
    },
    ...extra,
  });
  vi.stubGlobal("fetch", api.fetch);
};
beforeEach(() => {
  vi.clearAllMocks();
  notes = [note(1, "Cliente antigo", 9, "Bruno Lima", "2026-03-01T09:00:00.000Z"), note(2, "Prefere contato à tarde", 7, "Ana Souza", "2026-03-02T15:30:00.000Z")];
  stub();
});
afterEach(() => vi.unstubAllGlobals());

const render = (ticket: TicketView = ticketView({ tags: [] }), session = plain) =>
  renderWithProviders(<ContactDrawer ticket={ticket} isOpen onClose={() => {}} />, { session, plugins: [ticketsPlugin, contactsPlugin], route: "/tickets/uuid-41" });

describe("contact drawer", () => {
  it("shows picture, name, number, e-mail link, contact tags and extra info", async () => {
    render();
    const drawer = await screen.findByRole("complementary", { name: "Dados do contato" });
    expect((drawer.closest(".bp6-drawer") as HTMLElement).style.width).toBe("320px");
    expect(within(drawer).getByTestId("contact-number").textContent).toBe("+55 (11) 98765-4321");
    expect(within(drawer).getByRole("link", { name: "maria@cliente.com" }).getAttribute("href")).toBe("mailto:maria@cliente.com");
    expect(await within(drawer).findByText("VIP")).toBeTruthy();
    expect(within(drawer).getByText("CPF")).toBeTruthy();
    expect(within(drawer).getByText("123.456.789-00")).toBeTruthy();
    await waitFor(() => expect(within(drawer).getByRole("img", { name: "Maria Oliveira" }).getAttribute("src")).toBe("/public/maria.jpg"));
  });

  it("does not look up a number the server masked for LGPD", async () => {
    stub({ "GET /contacts/5": () => ({ body: apiContact(5, "Maria Oliveira", { number: "5511*****4321" }) }) });
    render(ticketView({ contact: { ...ticketView().contact, number: "5511*****4321" } }));
    const drawer = await screen.findByRole("complementary", { name: "Dados do contato" });
    expect(within(drawer).getByTestId("contact-number").textContent).toBe("+55 (11) *****-4321");
    await new Promise((r) => setTimeout(r, 50));
    expect(api.calls.some((c) => c.path.startsWith("/contacts/profile/"))).toBe(false);
  });

  it("blocks and unblocks with 'Contato bloqueado' / 'Contato desbloqueado'", async () => {
    render();
    const drawer = await screen.findByRole("complementary", { name: "Dados do contato" });
    fireEvent.click(within(drawer).getByRole("button", { name: "Bloquear" }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith("Contato bloqueado"));
    expect(api.calls.find((c) => c.path === "/contacts/block/5")!.body).toEqual({ active: false });
    fireEvent.click(await within(drawer).findByRole("button", { name: "Desbloquear" }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith("Contato desbloqueado"));
    expect(api.calls.filter((c) => c.path === "/contacts/block/5").at(-1)!.body).toEqual({ active: true });
  });

  it("flips the accept-audio switch", async () => {
    render();
    const drawer = await screen.findByRole("complementary", { name: "Dados do contato" });
    const toggle = within(drawer).getByLabelText("Aceitar mensagens de áudio") as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() => expect(api.calls.find((c) => c.path === "/contacts/toggleAcceptAudio/5")?.body).toEqual({ acceptAudioMessage: false }));
    await waitFor(() => expect(toggle.checked).toBe(false));
  });
});

describe("contact drawer: editing through the contacts plugin", () => {
  it("edit opens the contact dialog; the tag button opens the contact tags editor", async () => {
    render();
    const drawer = await screen.findByRole("complementary", { name: "Dados do contato" });
    fireEvent.click(within(drawer).getByRole("button", { name: "Editar" }));
    const form = await screen.findByRole("form", { name: "Editar contato" });
    await waitFor(() => expect((within(form).getByLabelText("Nome") as HTMLInputElement).value).toBe("Maria Oliveira"));
    fireEvent.click(within(form).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("form", { name: "Editar contato" })).toBeNull());
    fireEvent.click(within(drawer).getByRole("button", { name: "Editar tags do contato" }));
    const tagsDialog = await screen.findByRole("dialog", { name: /Maria Oliveira/ });
    expect(await within(tagsDialog).findByText("VIP")).toBeTruthy();
  });
});

describe("contact drawer: notes", () => {
  it("validates the note: required, at least 2 characters", async () => {
    expect(noteError("  ")).toBe("required");
    expect(noteError(" a ")).toBe("tooShort");
    expect(noteError("ok")).toBeNull();
    render();
    const drawer = await screen.findByRole("complementary", { name: "Dados do contato" });
    const save = within(drawer).getByRole("button", { name: "Salvar" });
    fireEvent.click(save);
    expect(await within(drawer).findByText("Obrigatório")).toBeTruthy();
    fireEvent.change(within(drawer).getByLabelText("Nova observação"), { target: { value: "a" } });
    fireEvent.click(save);
    expect(await within(drawer).findByText("Mínimo de 2 caracteres")).toBeTruthy();
    expect(api.calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("lists notes newest first with author and date, adds one and deletes one's own", async () => {
    render();
    const drawer = await screen.findByRole("complementary", { name: "Dados do contato" });
    const items = async () => within(drawer).findAllByTestId("ticket-note");
    let list = await items();
    expect(list.map((li) => li.firstElementChild!.firstElementChild!.textContent)).toEqual(["Prefere contato à tarde", "Cliente antigo"]);
    expect(list[0]!.textContent).toContain(`Ana Souza · ${formatDateTime("2026-03-02T15:30:00.000Z")}`);
    // only one's own note can be deleted by a plain user
    expect(within(list[0]!).queryByRole("button", { name: "Excluir observação" })).toBeTruthy();
    expect(within(list[1]!).queryByRole("button", { name: "Excluir observação" })).toBeNull();
    const listBox = within(drawer).getByRole("list", { name: "Observações do ticket" });
    expect(listBox.style.maxHeight).toBe("200px");

    fireEvent.change(within(drawer).getByLabelText("Nova observação"), { target: { value: "  Ligar amanhã  " } });
    fireEvent.click(within(drawer).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith("Observação adicionada com sucesso!"));
    expect(api.calls.find((c) => c.method === "POST" && c.path === "/ticket-notes")!.body).toEqual({ note: "Ligar amanhã", ticketId: 41, contactId: 5 });
    await waitFor(async () => expect((await items())[0]!.textContent).toContain("Ligar amanhã"));
    expect((within(drawer).getByLabelText("Nova observação") as HTMLTextAreaElement).value).toBe("");

    list = await items();
    fireEvent.click(within(list[0]!).getByRole("button", { name: "Excluir observação" }));
    const confirm = await screen.findByRole("dialog", { name: "Excluir observação" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Confirmar" }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith("Observação excluída com sucesso!"));
    expect(api.calls.some((c) => c.method === "DELETE" && c.path === "/ticket-notes/99")).toBe(true);
    await waitFor(async () => expect((await items()).map((li) => li.textContent).join()).not.toContain("Ligar amanhã"));
  });
});
