import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders, testUser } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import { toastSuccess } from "../../../web/src/ui/toast.ts";
import type { Flow } from "./flows-api.ts";
import { FlowsPage } from "./flows-page.tsx";
import flowsPlugin from "./index.ts";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn() }));

const flow = (id: number, name: string, active = true): Flow => ({
  id,
  companyId: 1,
  name,
  active,
  version: 1,
  stopOnAttendantMessage: true,
  debounceSeconds: 3,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
});

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  vi.clearAllMocks();
  api = stubApi({
    "GET /flowbuilder": () => ({ body: { flows: [flow(1, "Boas-vindas"), flow(2, "Antigo", false)], count: 2, hasMore: false } }),
    "POST /flowbuilder": (body) => ({ body: flow(3, (body as { name: string }).name) }),
    "DELETE /flowbuilder/2": () => ({ body: { message: "Flow deleted" } }),
    "PUT /flowbuilder": (body) => ({ body: { ...flow(1, "Boas-vindas"), ...(body as Partial<Flow>) } }),
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

const render = () => renderWithProviders(<FlowsPage />, { session: testUser({ profile: "admin" }), plugins: [flowsPlugin], route: "/flowbuilders" });

describe("flows page", () => {
  it("lists flows with Ativo / Desativado", async () => {
    render();
    expect(await screen.findByText("Boas-vindas")).toBeTruthy();
    expect(screen.getByText("Ativo")).toBeTruthy();
    expect(screen.getByText("Desativado")).toBeTruthy();
  });

  it("adds a flow, with the name rules checked first", async () => {
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Adicionar Fluxo" }));
    const input = await screen.findByLabelText("Nome");
    fireEvent.change(input, { target: { value: "a" } });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("Muito curto!")).toBeTruthy();
    fireEvent.change(input, { target: { value: "" } });
    expect(await screen.findByText("Digite um nome!")).toBeTruthy();
    fireEvent.change(input, { target: { value: "Vendas" } });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith("Fluxo criado com sucesso"));
    expect(await screen.findByText("Vendas")).toBeTruthy();
  });

  it("deletes after the spec's confirmation", async () => {
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Ações de Antigo" }));
    fireEvent.click(await screen.findByText("Excluir"));
    expect(await screen.findByText("Tem certeza que deseja deletar este fluxo? Todas as integrações relacionados serão perdidos.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /^(Sim|Confirmar|OK|Excluir)$/ }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith("Fluxo excluído com sucesso"));
    await waitFor(() => expect(screen.queryByText("Antigo")).toBeNull());
  });

  it("editing a flow also sets its takeover rules (attendant stops the flow, debounce seconds)", async () => {
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Ações de Boas-vindas" }));
    fireEvent.click(await screen.findByText("Editar nome"));
    const stop = await screen.findByLabelText("Parar o fluxo quando um atendente escrever ao cliente");
    expect((stop as HTMLInputElement).checked).toBe(true);
    fireEvent.click(stop);
    const seconds = screen.getByLabelText("Agrupar mensagens rápidas do cliente (segundos)");
    fireEvent.change(seconds, { target: { value: "10" } });
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalled());
    expect(api.calls.find((c) => c.method === "PUT")?.body).toMatchObject({ flowId: 1, name: "Boas-vindas", stopOnAttendantMessage: false, debounceSeconds: 10 });
  });
});
