import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders, testUser } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import { toastSuccess } from "../../../web/src/ui/toast.ts";
import type { FlowCampaign } from "./flows-api.ts";
import flowsPlugin from "./index.ts";
import { PhraseListsPage } from "./phrase-lists-page.tsx";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn() }));

const campaign = (id: number, name: string, status = true): FlowCampaign => ({
  id,
  companyId: 2,
  name,
  phrase: `frase ${id}`,
  flowId: 1,
  whatsappId: null,
  status,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
});

let api: ReturnType<typeof stubApi>;
let rows: FlowCampaign[];
beforeEach(() => {
  vi.clearAllMocks();
  rows = [campaign(1, "Promoção")];
  api = stubApi({
    "GET /flowcampaign": () => ({ body: { flow: rows } }),
    "GET /flowbuilder": () => ({
      body: { flows: [{ id: 1, companyId: 2, name: "Boas-vindas", active: true, version: 1, createdAt: "", updatedAt: "" }], count: 1, hasMore: false },
    }),
    "GET /whatsapp": () => ({ body: [{ id: 5, name: "Loja" }] }),
    "POST /flowcampaign": (body) => {
      const created = { ...campaign(2, (body as { name: string }).name), ...(body as object) };
      rows = [...rows, created];
      return { body: created };
    },
    "PUT /flowcampaign": (body) => ({ body: { ...rows[0]!, ...(body as object) } }),
    "DELETE /flowcampaign/1": () => ({ body: { message: "Flow campaign deleted" } }),
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

const render = (permissions: string[] = []) =>
  renderWithProviders(<PhraseListsPage />, { session: testUser({ profile: "admin", permissions }), plugins: [flowsPlugin], route: "/phrase-lists" });

describe("phrase campaigns page (spec 002 §2.9)", () => {
  it("creates a campaign: name, flow and phrase flagged when empty, the connection from a select", async () => {
    render();
    expect(await screen.findByText("Promoção")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Campanha" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    await waitFor(() => expect(dialog.querySelectorAll(".bp6-intent-danger, .bp5-intent-danger").length).toBeGreaterThan(0));
    expect(api.calls.some((c) => c.method === "POST")).toBe(false);
    fireEvent.change(within(dialog).getByLabelText("Nome"), { target: { value: "Natal" } });
    await within(dialog).findByRole("option", { name: "Boas-vindas" });
    fireEvent.change(within(dialog).getByLabelText("Fluxo"), { target: { value: "1" } });
    fireEvent.change(within(dialog).getByLabelText("Frase"), { target: { value: " feliz natal " } });
    await within(dialog).findByRole("option", { name: "Loja" });
    fireEvent.change(within(dialog).getByLabelText("Conexão"), { target: { value: "5" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith("Frase criada com sucesso!"));
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({ name: "Natal", phrase: "feliz natal", flowId: 1, whatsappId: 5, status: true });
    expect(await screen.findByText("Natal")).toBeTruthy();
  });

  it("toggles the status with PUT /flowcampaign", async () => {
    render();
    await screen.findByText("Promoção");
    fireEvent.click(screen.getByRole(screen.queryByRole("switch") ? "switch" : "checkbox", { name: "Ativa" }));
    await waitFor(() => expect(api.calls.find((c) => c.method === "PUT")?.body).toEqual({ id: 1, status: false }));
  });

  it("offers delete only with contacts-page:deleteContact", async () => {
    const { unmount } = render();
    await screen.findByText("Promoção");
    expect(screen.queryByRole("button", { name: "Excluir" })).toBeNull();
    unmount();
    render(["contacts-page:deleteContact"]);
    await screen.findByText("Promoção");
    fireEvent.click(screen.getByRole("button", { name: "Excluir" }));
    // The confirmation's button comes after the row's own 'Excluir' icon.
    await screen.findByText("Excluir Promoção?");
    fireEvent.click(screen.getAllByRole("button", { name: /^(Sim|Confirmar|OK|Excluir)$/ }).at(-1) as HTMLElement);
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith("Frase deletada"));
    expect(api.calls.some((c) => c.method === "DELETE" && c.path === "/flowcampaign/1")).toBe(true);
  });
});
