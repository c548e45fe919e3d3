import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import { CampaignDialog } from "./campaign-dialog.tsx";
import { isEditable, validateCampaign, blankCampaign } from "./campaign-form.ts";
import campaignsPlugin from "./index.ts";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn() }));

/** A campaign as GET /campaigns/{id} answers it. */
const campaign = (fields: Record<string, unknown> = {}) => ({
  id: 7,
  companyId: 1,
  name: "Black Friday",
  ...Object.fromEntries(
    [1, 2, 3, 4, 5].flatMap((n) => [
      [`message${n}`, n === 1 ? "Oi {nome}" : ""],
      [`confirmationMessage${n}`, ""],
    ]),
  ),
  mediaPath: null,
  mediaName: null,
  mediaUrl: null,
  status: "INATIVA",
  confirmation: false,
  scheduledAt: null,
  completedAt: null,
  contactListId: 3,
  contactList: { id: 3, name: "Clientes" },
  tagListId: null,
  whatsappId: 6,
  whatsapp: { id: 6, name: "Principal" },
  userId: null,
  queueId: null,
  statusTicket: "closed",
  openTicket: "disabled",
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...fields,
});

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  api = stubApi({
    "GET /users/list": () => ({ body: [{ id: 4, name: "Bruno", profile: "user", online: true, profileImage: null }] }),
    "GET /queue": () => ({ body: [{ id: 5, name: "Vendas", color: "#aa0000" }] }),
    "GET /whatsapp": () => ({ body: [{ id: 6, name: "Principal" }] }),
    "GET /tags/list": () => ({ body: [] }),
    "GET /contact-lists/list": () => ({ body: [{ id: 3, companyId: 1, name: "Clientes", contactsCount: 2, createdAt: "", updatedAt: "" }] }),
    "POST /campaigns": (body) => ({ body: campaign({ id: 9, ...(body as object) }) }),
    "GET /campaigns/7": () => ({ body: campaign({ status: "EM_ANDAMENTO" }) }),
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

describe("campaign form rules (spec 002 §4.1, §5)", () => {
  it("names the field errors and the edit window", () => {
    expect(validateCampaign(blankCampaign())).toEqual({ name: "Required", whatsappId: "Required" });
    expect(validateCampaign({ ...blankCampaign(), name: "P", whatsappId: "6", openTicket: "enabled", userId: "4" })).toEqual({ name: "Too Short!", queueId: "Required" });
    const now = Date.parse("2026-01-01T10:00:00Z");
    expect(isEditable({ status: "PROGRAMADA", scheduledAt: "2026-01-01T10:30:00Z" }, now)).toBe(false);
    expect(isEditable({ status: "PROGRAMADA", scheduledAt: "2026-01-01T12:00:00Z" }, now)).toBe(true);
    expect(isEditable({ status: "CANCELADA", scheduledAt: null }, now)).toBe(false);
  });
});

describe("campaign dialog", () => {
  it("refuses an unnamed campaign without a connection and sends nothing", async () => {
    renderWithProviders(<CampaignDialog isOpen campaignId={null} onClose={vi.fn()} />, { plugins: [campaignsPlugin] });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    expect((await screen.findAllByText("Obrigatório")).length).toBe(2);
    expect(api.calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });

  it("keeps user and queue disabled until openTicket is enabled, previews a variant, and creates", async () => {
    const onSaved = vi.fn();
    renderWithProviders(<CampaignDialog isOpen campaignId={null} onClose={vi.fn()} onSaved={onSaved} />, { plugins: [campaignsPlugin] });
    const user = screen.getByLabelText("Usuário") as HTMLSelectElement;
    const queue = screen.getByLabelText("Fila") as HTMLSelectElement;
    expect([user.disabled, queue.disabled]).toEqual([true, true]);
    fireEvent.change(screen.getByLabelText("Abrir Ticket"), { target: { value: "enabled" } });
    expect([user.disabled, queue.disabled]).toEqual([false, false]);
    fireEvent.change(screen.getByLabelText("Nome"), { target: { value: "Black Friday" } });
    await screen.findByRole("option", { name: "Principal" });
    fireEvent.change(screen.getByLabelText("Conexão"), { target: { value: "6" } });
    await screen.findByRole("option", { name: "Clientes" });
    fireEvent.change(screen.getByLabelText("Lista de Contatos"), { target: { value: "3" } });
    fireEvent.change(screen.getByLabelText("Mensagem 1"), { target: { value: "Oi {nome}!" } });
    expect(screen.getByLabelText("Prévia").textContent).toBe("Oi Maria Silva!");
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const body = api.calls.find((c) => c.method === "POST")!.body;
    expect(body).toMatchObject({ name: "Black Friday", whatsappId: 6, contactListId: 3, message1: "Oi {nome}!", openTicket: "enabled", statusTicket: "closed", scheduledAt: null });
  });

  it("shows a running campaign read-only (no save button)", async () => {
    renderWithProviders(<CampaignDialog isOpen campaignId={7} onClose={vi.fn()} />, { plugins: [campaignsPlugin] });
    await waitFor(() => expect((screen.getByLabelText("Nome") as HTMLInputElement).value).toBe("Black Friday"));
    expect((screen.getByLabelText("Nome") as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Salvar" })).toBeNull();
  });
});
