import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import tagsPlugin from "../../tags/web/index.ts";
import { renderWithProviders } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import { toastSuccess } from "../../../web/src/ui/toast.ts";
import kanbanPlugin from "./index.ts";
import { TagsKanbanPage } from "./tags-kanban-page.tsx";
import { laneOf } from "./test-data.ts";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn(), clearToasts: vi.fn() }));

const tag = (id: number, name: string, over: Record<string, unknown> = {}) => ({
  id,
  companyId: 2,
  name,
  color: "#3366cc",
  kanban: 1,
  userId: 7,
  timeLane: 0,
  nextLaneId: null,
  rollbackLaneId: null,
  greetingMessageLane: "",
  createdAt: "2026-01-01T10:00:00.000Z",
  updatedAt: "2026-01-01T10:00:00.000Z",
  contactsCount: 0,
  ...over,
});
let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  vi.clearAllMocks();
  const lead = tag(20, "Lead", { timeLane: 24, nextLaneId: 21, greetingMessageLane: "Oi" });
  const proposal = tag(21, "Proposta");
  api = stubApi({
    "GET /tags": () => ({ body: { tags: [lead, proposal], count: 2, hasMore: false } }),
    "GET /tags/list": () => ({ body: [lead, proposal] }),
    "GET /tags/20": () => ({ body: lead }),
    "PUT /tags/20": (body) => ({ body: { ...lead, ...(body as object) } }),
    "POST /tags": (body) => ({ body: tag(22, (body as { name: string }).name, body as Record<string, unknown>) }),
    "DELETE /tags/21": () => ({ body: { message: "Tag deleted" } }),
    "GET /tag/kanban": () => ({ body: { lista: [laneOf(20, "Lead", { ticketsCount: 3 }), laneOf(21, "Proposta", { ticketsCount: 0 })] } }),
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

const render = () => renderWithProviders(<TagsKanbanPage />, { plugins: [kanbanPlugin, tagsPlugin], route: "/TagsKanban" });

describe("/TagsKanban", () => {
  it("lists the lanes (GET /tags?kanban=1) with their chip, ticket count and automation, and goes back to the board", async () => {
    const { path } = render();
    await waitFor(() => expect(within(screen.getByRole("table", { name: "Colunas do Kanban" })).getByText("3")).toBeTruthy());
    const table = screen.getByRole("table", { name: "Colunas do Kanban" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => [...r.querySelectorAll("td")].slice(0, 3).map((td) => td.textContent))).toEqual([
      ["Lead", "3", "Após 24 h → Proposta"],
      ["Proposta", "0", "—"],
    ]);
    expect(api.calls.find((c) => c.path === "/tags")!.url.searchParams.get("kanban")).toBe("1");
    expect(screen.getByText("Colunas do Kanban (2)")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Voltar ao Kanban" }));
    expect(path()).toBe("/kanban");
  });

  it("edits a lane's timer, next lane and greeting in the tags plugin's dialog", async () => {
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Editar Lead" }));
    const dialog = await screen.findByRole("dialog");
    await waitFor(() => expect((within(dialog).getByLabelText("Tempo na coluna (horas)") as HTMLInputElement).value).toBe("24"));
    expect(within(dialog).getByRole("form", { name: "Editar coluna" })).toBeTruthy();
    expect((within(dialog).getByLabelText("Depois, mover para") as HTMLSelectElement).value).toBe("21");
    // A lane never lists itself as its next or rollback lane.
    expect([...(within(dialog).getByLabelText("Depois, mover para") as HTMLSelectElement).options].map((o) => o.text)).toEqual(["Nenhuma", "Proposta"]);
    fireEvent.change(within(dialog).getByLabelText("Tempo na coluna (horas)"), { target: { value: "48" } });
    fireEvent.change(within(dialog).getByLabelText("Se o cliente responder, voltar para"), { target: { value: "21" } });
    fireEvent.change(within(dialog).getByLabelText("Mensagem ao entrar na coluna"), { target: { value: "Olá {{firstName}}" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === "PUT")?.body).toEqual({
        name: "Lead",
        color: "#3366cc",
        timeLane: 48,
        nextLaneId: 21,
        rollbackLaneId: 21,
        greetingMessageLane: "Olá {{firstName}}",
      }),
    );
  });

  it("a new lane is created with kanban = 1", async () => {
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Nova coluna" }));
    const dialog = await screen.findByRole("dialog");
    // Titled as a lane, not as a tag.
    expect(within(dialog).getByRole("form", { name: "Adicionar coluna" })).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Nome"), { target: { value: "Negociação" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === "POST")?.body).toMatchObject({ name: "Negociação", kanban: 1, timeLane: 0, nextLaneId: null, rollbackLaneId: null }),
    );
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith("Coluna salva com sucesso!"));
  });

  it("deletes a lane after confirmation", async () => {
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Excluir Proposta" }));
    const confirm = await screen.findByRole("dialog");
    expect(within(confirm).getByText("Excluir Proposta?")).toBeTruthy();
    fireEvent.click(within(confirm).getByRole("button", { name: /Confirmar|Excluir/ }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith("Coluna excluída com sucesso!"));
    expect(api.calls.some((c) => c.method === "DELETE" && c.path === "/tags/21")).toBe(true);
  });
});
