import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import contactsPlugin from "../../../contacts/web/index.ts";
import { renderWithProviders, testUser } from "../../../../web/src/test/render.tsx";
import { stubApi, type StubHandler } from "../../../../web/src/test/stub-api.ts";
import { formatDateTime } from "../../../../web/src/ui/format-date.ts";
import { toastWarning } from "../../../../web/src/ui/toast.ts";
import type { TicketView } from "../../shared/ticket-types.ts";
import ticketsPlugin from "../index.ts";
import { TicketHeader } from "./ticket-header.tsx";
import { conflictAnswer, messageView, ticketView } from "./test-data.ts";

vi.mock("../../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn(), clearToasts: vi.fn() }));

const admin = testUser({ id: 7 });
let api: ReturnType<typeof stubApi>;
const stub = (routes: Record<string, StubHandler>) => {
  api = stubApi({ "GET /queue": () => ({ body: [{ id: 3, name: "Suporte", color: "#0a0" }] }), ...routes });
  vi.stubGlobal("fetch", api.fetch);
};
beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

const render = (ticket: TicketView) =>
  renderWithProviders(<TicketHeader ticket={ticket} onOpenContact={() => {}} />, { session: admin, plugins: [ticketsPlugin, contactsPlugin], route: `/tickets/${ticket.uuid}` });
const puts = () => api.calls.filter((c) => c.method === "PUT" && c.path === "/tickets/41");
const openMore = () => fireEvent.click(screen.getByRole("button", { name: "Mais opções" }));

describe("ticket already open", () => {
  it("someone else's live ticket is named in the dialog (user and queue)", async () => {
    stub({ "PUT /tickets/41": () => conflictAnswer({ userId: 12, user: "Carlos Mendes", queue: "Financeiro" }) });
    const { path } = render(ticketView({ status: "closed" }));
    fireEvent.click(screen.getByRole("button", { name: "Reabrir" }));
    fireEvent.click(within(await screen.findByRole("dialog", { name: "Reabrir ticket" })).getByRole("button", { name: "Reabrir" }));
    const dialog = await screen.findByRole("dialog", { name: "Ticket já aberto" });
    expect(within(dialog).getByText(/Carlos Mendes/).textContent).toContain("Financeiro");
    expect(path()).toBe("/tickets/uuid-41");
  });

  it("the caller's own live ticket is simply opened", async () => {
    stub({ "PUT /tickets/41": () => conflictAnswer({ userId: 7, user: "Ana Souza", queue: "Suporte", uuid: "uuid-own" }) });
    const { path } = render(ticketView({ status: "pending", userId: null, user: null }));
    fireEvent.click(screen.getByRole("button", { name: "Aceitar" }));
    await waitFor(() => expect(path()).toBe("/tickets/uuid-own"));
    expect(screen.queryByRole("dialog", { name: "Ticket já aberto" })).toBeNull();
  });
});

describe("reopen", () => {
  it("asks first, then reopens for the caller into the ticket's queue and opens it", async () => {
    stub({ "PUT /tickets/41": (body) => ({ body: ticketView({ ...(body as Partial<TicketView>), uuid: "uuid-41" }) }) });
    const { path } = render(ticketView({ status: "closed", uuid: "uuid-41" }));
    fireEvent.click(screen.getByRole("button", { name: "Reabrir" }));
    const confirm = await screen.findByRole("dialog", { name: "Reabrir ticket" });
    expect(within(confirm).getByText("Deseja reabrir este ticket?")).toBeTruthy();
    fireEvent.click(within(confirm).getByRole("button", { name: "Reabrir" }));
    await waitFor(() => expect(puts()[0]?.body).toEqual({ status: "open", userId: 7, queueId: 3 }));
    await waitFor(() => expect(path()).toBe("/tickets/uuid-41"));
  });

  it("a closed ticket without a queue opens the queue dialog after the confirmation", async () => {
    stub({ "PUT /tickets/41": (body) => ({ body: ticketView(body as Partial<TicketView>) }) });
    render(ticketView({ status: "closed", queueId: null, queue: null }));
    fireEvent.click(screen.getByRole("button", { name: "Reabrir" }));
    fireEvent.click(within(await screen.findByRole("dialog", { name: "Reabrir ticket" })).getByRole("button", { name: "Reabrir" }));
    const dialog = await screen.findByRole("dialog", { name: "Aceitar ticket" });
    expect(puts()).toHaveLength(0);
    // the single queue is preselected
    await waitFor(() => expect((within(dialog).getByLabelText("Fila") as HTMLSelectElement).value).toBe("3"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Aceitar" }));
    await waitFor(() => expect(puts()[0]?.body).toEqual({ status: "open", userId: 7, queueId: 3 }));
  });
});

describe("the more menu", () => {
  it("shows the log as a timeline with icon, text, user, queue and DD/MM/YYYY HH:mm", async () => {
    const logs = [
      { id: 2, type: "open", createdAt: "2026-03-02T12:05:00.000Z", user: { id: 7, name: "Ana Souza" }, queue: { id: 3, name: "Suporte", color: "#0a0" } },
      { id: 1, type: "create", createdAt: "2026-03-02T12:00:00.000Z", user: null, queue: null },
      { id: 3, type: "transfered", createdAt: "2026-03-02T12:10:00.000Z", user: { id: 7, name: "Ana Souza" }, queue: { id: 4, name: "Vendas", color: "#a00" } },
      { id: 4, type: "closed", createdAt: "2026-03-02T12:20:00.000Z", user: { id: 9, name: "Bruno Lima" }, queue: null },
    ];
    stub({ "GET /tickets-log/41": () => ({ body: logs }) });
    render(ticketView());
    openMore();
    fireEvent.click(await screen.findByText("Ver histórico"));
    const dialog = await screen.findByRole("dialog", { name: "Histórico do ticket #41" });
    const entries = await within(dialog).findAllByTestId("ticket-log-entry");
    expect(entries.map((e) => e.getAttribute("data-type"))).toEqual(["create", "open", "transfered", "closed"]);
    expect(within(entries[0]!).getByText("Ticket criado")).toBeTruthy();
    expect(within(entries[1]!).getByText("Ticket aceito por Ana Souza")).toBeTruthy();
    expect(within(entries[2]!).getByText("Ticket transferido por Ana Souza")).toBeTruthy();
    expect(entries[2]!.textContent).toContain("Vendas");
    expect(within(entries[3]!).getByText("Ticket resolvido por Bruno Lima")).toBeTruthy();
    expect(within(entries[1]!).getByText(formatDateTime("2026-03-02T12:05:00.000Z"))).toBeTruthy();
    expect(formatDateTime("2026-03-02T12:05:00.000Z")).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(entries.every((e) => e.querySelector("[data-icon]"))).toBe(true);
  });

  it("names the hand-over entries (issue 24)", async () => {
    const logs = [
      { id: 1, type: "handOver", createdAt: "2026-03-02T12:00:00.000Z", user: null, queue: { id: 3, name: "Suporte", color: "#0a0" } },
      { id: 2, type: "handBack", createdAt: "2026-03-02T12:05:00.000Z", user: null, queue: null },
    ];
    stub({ "GET /tickets-log/41": () => ({ body: logs }) });
    render(ticketView());
    openMore();
    fireEvent.click(await screen.findByText("Ver histórico"));
    const dialog = await screen.findByRole("dialog", { name: "Histórico do ticket #41" });
    const entries = await within(dialog).findAllByTestId("ticket-log-entry");
    expect(within(entries[0]!).getByText("Conversa entregue a uma automação")).toBeTruthy();
    expect(within(entries[1]!).getByText("A automação devolveu a conversa")).toBeTruthy();
  });

  it("toggles the integration", async () => {
    stub({ "PUT /tickets/41": (body) => ({ body: ticketView(body as Partial<TicketView>) }) });
    render(ticketView({ useIntegration: false }));
    openMore();
    fireEvent.click(await screen.findByText("Ativar integração"));
    await waitFor(() => expect(puts()[0]?.body).toEqual({ useIntegration: true }));
  });

  it("turns the integration off on a ticket an integration holds", async () => {
    stub({ "PUT /tickets/41": (body) => ({ body: ticketView({ ...(body as Partial<TicketView>), holder: null }) }) });
    render(ticketView({ useIntegration: true, holder: "integration:5", integrationId: 5 }));
    expect(screen.getByTestId("ticket-holder").textContent).toContain("Integração");
    openMore();
    expect(screen.queryByText("Ativar integração")).toBeNull();
    fireEvent.click(await screen.findByText("Desativar integração"));
    await waitFor(() => expect(puts()[0]?.body).toEqual({ useIntegration: false }));
    expect(puts()).toHaveLength(1);
  });

  it("PDF export with nothing to export warns 'Elemento não encontrado para exportar.'", async () => {
    stub({ "GET /messages/uuid-41": () => ({ body: { messages: [], ticket: ticketView(), count: 0, hasMore: false } }) });
    render(ticketView());
    openMore();
    fireEvent.click(await screen.findByText("Exportar PDF"));
    await waitFor(() => expect(toastWarning).toHaveBeenCalledWith("Elemento não encontrado para exportar."));
  });

  it("PDF export reads every page and downloads relatório_atendimento_{id}.pdf", async () => {
    stub({
      "GET /messages/uuid-41": (_b, call) => {
        const page = Number(call.url.searchParams.get("pageNumber"));
        const messages = page === 1 ? [messageView(3), messageView(4, { fromMe: true, userId: 7 })] : [messageView(1), messageView(2)];
        return { body: { messages, ticket: ticketView(), count: 4, hasMore: page === 1 } };
      },
      "GET /users/list": () => ({ body: [{ id: 7, name: "Ana Souza", profile: "admin", online: true }] }),
    });
    const blobs: Blob[] = [];
    const names: string[] = [];
    const createUrl = vi.spyOn(URL, "createObjectURL").mockImplementation((b) => (blobs.push(b as Blob), "blob:pdf"));
    const revokeUrl = vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    render(ticketView());
    openMore();
    fireEvent.click(await screen.findByText("Exportar PDF"));
    await waitFor(() => expect(names).toEqual(["relatório_atendimento_41.pdf"]));
    const text = new TextDecoder("latin1").decode(await blobs[0]!.arrayBuffer());
    expect(text.startsWith("%PDF")).toBe(true);
    expect(text.indexOf("Mensagem 1")).toBeLessThan(text.indexOf("Mensagem 4"));
    expect(text).toContain("Ana Souza: Mensagem 4");
    expect(api.calls.filter((c) => c.path === "/messages/uuid-41").map((c) => c.url.searchParams.get("pageNumber"))).toEqual(["1", "2"]);
    click.mockRestore();
    createUrl.mockRestore();
    revokeUrl.mockRestore();
  });
});
