import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import contactsPlugin from "../../../contacts/web/index.ts";
import { apiContact } from "../../../contacts/web/test-data.ts";
import { renderWithProviders, testUser } from "../../../../web/src/test/render.tsx";
import { stubApi, type StubHandler } from "../../../../web/src/test/stub-api.ts";
import ticketsPlugin from "../index.ts";
import { NewTicketDialog } from "./new-ticket-dialog.tsx";
import { conflictAnswer, ticketView } from "./test-data.ts";

vi.mock("../../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn(), clearToasts: vi.fn() }));

const oneQueue = testUser({ id: 7, profile: "user", queues: [{ id: 3, name: "Suporte", color: "#0a0" }] });
const contacts = [
  { id: 5, name: "Maria Oliveira", number: "5511987654321", isGroup: false, urlPicture: "" },
  { id: 6, name: "Mariana Costa", number: "5511912345678", isGroup: false, urlPicture: "" },
];
let api: ReturnType<typeof stubApi>;
const stub = (extra: Record<string, StubHandler> = {}) => {
  api = stubApi({
    "GET /contacts": (_b, call) => {
      const term = (call.url.searchParams.get("searchParam") ?? "").toLowerCase();
      return { body: { contacts: contacts.filter((c) => c.name.toLowerCase().includes(term)), count: 2, hasMore: false } };
    },
    "GET /queue": () => ({
      body: [
        { id: 3, name: "Suporte", color: "#0a0" },
        { id: 4, name: "Vendas", color: "#a00" },
      ],
    }),
    "GET /whatsapp": () => ({
      body: [
        { id: 1, name: "Principal", channel: "whatsapp", status: "CONNECTED", isDefault: true },
        { id: 2, name: "Outro", channel: "whatsapp", status: "CONNECTED", isDefault: false },
      ],
    }),
    "POST /tickets": (body) => ({ body: ticketView({ ...(body as object), uuid: "uuid-new" }) }),
    ...extra,
  });
  vi.stubGlobal("fetch", api.fetch);
};
beforeEach(() => {
  vi.clearAllMocks();
  stub();
});
afterEach(() => vi.unstubAllGlobals());

const render = (session = oneQueue, onClose = vi.fn()) =>
  renderWithProviders(<NewTicketDialog isOpen onClose={onClose} />, { session, plugins: [ticketsPlugin, contactsPlugin], route: "/tickets" });
const contactSearches = () => api.calls.filter((c) => c.method === "GET" && c.path === "/contacts");
const pick = async (dialog: HTMLElement, typed: string, name: string) => {
  fireEvent.change(within(dialog).getByLabelText("Contato"), { target: { value: typed } });
  fireEvent.click(await within(dialog).findByText(name, {}, { timeout: 2000 }));
};

describe("new ticket dialog", () => {
  it("searches contacts only from 3 typed characters, 500 ms after typing", async () => {
    render();
    const dialog = await screen.findByRole("dialog", { name: "Novo ticket" });
    fireEvent.change(within(dialog).getByLabelText("Contato"), { target: { value: "Ma" } });
    await new Promise((r) => setTimeout(r, 700));
    expect(contactSearches()).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText("Contato"), { target: { value: "Mar" } });
    expect(contactSearches()).toHaveLength(0);
    expect(await within(dialog).findByText("Mariana Costa", {}, { timeout: 2000 })).toBeTruthy();
    expect(contactSearches().map((c) => c.url.searchParams.get("searchParam"))).toEqual(["Mar"]);
    expect(within(dialog).getByText("Adicionar contato Mar")).toBeTruthy();
  });

  it("preselects the user's single queue and opens the new ticket for the caller", async () => {
    const onClose = vi.fn();
    const { path } = render(oneQueue, onClose);
    const dialog = await screen.findByRole("dialog", { name: "Novo ticket" });
    await waitFor(() => expect((within(dialog).getByLabelText("Fila") as HTMLSelectElement).value).toBe("3"));
    // the company's default connection is preselected too
    await waitFor(() => expect((within(dialog).getByLabelText("Conexão") as HTMLSelectElement).value).toBe("1"));
    await pick(dialog, "Maria", "Maria Oliveira");
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({ contactId: 5, queueId: 3, whatsappId: 1, userId: 7, status: "open" }));
    await waitFor(() => expect(path()).toBe("/tickets/uuid-new"));
    expect(onClose).toHaveBeenCalled();
  });

  it("requires a contact, a queue ('Selecione uma fila') and a connection", async () => {
    stub({
      "GET /whatsapp": () => ({
        body: [
          { id: 1, name: "A", isDefault: false },
          { id: 2, name: "B", isDefault: false },
        ],
      }),
    });
    render(testUser({ id: 7, queues: [] }));
    const dialog = await screen.findByRole("dialog", { name: "Novo ticket" });
    await within(dialog).findByRole("option", { name: "Vendas" });
    expect((within(dialog).getByLabelText("Fila") as HTMLSelectElement).value).toBe("");
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    const errors = () => [...dialog.querySelectorAll(".bp6-form-helper-text")].map((e) => e.textContent);
    await waitFor(() => expect(errors()).toEqual(["Selecione um contato", "Selecione uma fila", "Selecione uma conexão"]));
    expect(api.calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("names the user and queue when the contact's ticket belongs to someone else", async () => {
    stub({ "POST /tickets": () => conflictAnswer({ userId: 12, user: "Carlos Mendes", queue: "Financeiro" }) });
    const { path } = render();
    const dialog = await screen.findByRole("dialog", { name: "Novo ticket" });
    await pick(dialog, "Maria", "Maria Oliveira");
    await waitFor(() => expect((within(dialog).getByLabelText("Conexão") as HTMLSelectElement).value).toBe("1"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    const info = await screen.findByRole("dialog", { name: "Ticket já aberto" });
    expect(info.textContent).toContain("Carlos Mendes");
    expect(info.textContent).toContain("Financeiro");
    expect(path()).toBe("/tickets");
  });

  it("opens the caller's own live ticket instead", async () => {
    stub({ "POST /tickets": () => conflictAnswer({ userId: 7, user: "Ana Souza", queue: "Suporte", uuid: "uuid-mine" }) });
    const onClose = vi.fn();
    const { path } = render(oneQueue, onClose);
    const dialog = await screen.findByRole("dialog", { name: "Novo ticket" });
    await pick(dialog, "Maria", "Maria Oliveira");
    await waitFor(() => expect((within(dialog).getByLabelText("Conexão") as HTMLSelectElement).value).toBe("1"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(path()).toBe("/tickets/uuid-mine"));
    expect(onClose).toHaveBeenCalled();
    expect(screen.queryByRole("dialog", { name: "Ticket já aberto" })).toBeNull();
  });

  it("'add contact' opens the contact dialog prefilled with what was typed", async () => {
    render();
    const dialog = await screen.findByRole("dialog", { name: "Novo ticket" });
    fireEvent.change(within(dialog).getByLabelText("Contato"), { target: { value: "Zé Novo" } });
    fireEvent.click(await screen.findByText("Adicionar contato Zé Novo", {}, { timeout: 2000 }));
    const form = await screen.findByRole("form", { name: "Adicionar contato" });
    expect((within(form).getByLabelText("Nome") as HTMLInputElement).value).toBe("Zé Novo");
  });

  it("starts with initialContactId chosen", async () => {
    stub({ "GET /contacts/6": () => ({ body: apiContact(6, "Mariana Costa", { number: "5511912345678" }) }) });
    renderWithProviders(<NewTicketDialog isOpen onClose={() => {}} initialContactId={6} />, { session: oneQueue, plugins: [ticketsPlugin, contactsPlugin] });
    const dialog = await screen.findByRole("dialog", { name: "Novo ticket" });
    await waitFor(() => expect((within(dialog).getByLabelText("Contato") as HTMLInputElement).value).toBe("Mariana Costa (+55 (11) 91234-5678)"));
    await waitFor(() => expect((within(dialog).getByLabelText("Conexão") as HTMLSelectElement).value).toBe("1"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect((api.calls.find((c) => c.method === "POST")?.body as { contactId: number } | undefined)?.contactId).toBe(6));
  });
});
