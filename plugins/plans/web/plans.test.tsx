import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { declaredPlanFeatures } from "../../../web/src/plugin/plan-features.ts";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import { toastError, toastSuccess } from "../../../web/src/ui/toast.ts";
import { PlanForm } from "./plan-form.tsx";
import { emptyPlan, parseAmount, validatePlan } from "./plan-values.ts";
import plugin from "./index.ts";
import PlansTab from "./plans-tab.tsx";
import { renderPlans } from "./test-render.tsx";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn() }));

const plan = (id: number, name: string, over: Record<string, unknown> = {}) => ({
  id,
  name,
  users: 10,
  connections: 5,
  queues: 3,
  amount: 49.9,
  isPublic: true,
  ...Object.fromEntries(declaredPlanFeatures.map((f) => [f.key, true])),
  createdAt: "2024-01-01T00:00:00.000Z",
  updatedAt: "2024-01-01T00:00:00.000Z",
  ...over,
});

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  vi.clearAllMocks();
  api = stubApi({
    "GET /plans/all": () => ({ body: [plan(1, "Plano 1"), plan(2, "Ouro", { useKanban: false })] }),
    "POST /plans": (body) => ((body as { name: string }).name === "Ouro" ? { status: 409, body: { error: "ERR_DUPLICATED_NAME" } } : { body: plan(3, "Novo") }),
    "PUT /plans/2": (body) => ({ body: { ...plan(2, "Ouro"), ...(body as object) } }),
    "DELETE /plans/1": () => ({ status: 409, body: { error: "ERR_PLAN_IN_USE", companies: 1 } }),
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe("plan form: validation", () => {
  it("shows the messages and does not submit", async () => {
    const onSubmit = vi.fn();
    renderPlans(<PlanForm editingId={null} initial={emptyPlan()} onSubmit={onSubmit} onCancel={() => {}} />);
    fireEvent.change(field("Usuários"), { target: { value: "dez" } });
    fireEvent.change(field("Conexões"), { target: { value: "-1" } });
    fireEvent.change(field("Filas"), { target: { value: "1.5" } });
    fireEvent.change(field("Valor"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("Nome é obrigatório")).toBeTruthy();
    expect(screen.getAllByText("Deve ser um número")).toHaveLength(2);
    expect(screen.getByText("Não pode ser negativo")).toBeTruthy();
    expect(screen.getByText("Deve ser um número inteiro")).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("has a switch for visibility and for each declared plan feature, labelled by its plugin", () => {
    renderPlans(<PlanForm editingId={null} initial={emptyPlan()} onSubmit={() => {}} onCancel={() => {}} />);
    const switches = screen.getAllByRole("checkbox");
    // The spec's ten flags today; a plugin declaring one more adds a switch with no change here.
    expect(declaredPlanFeatures).toHaveLength(10);
    expect(switches).toHaveLength(1 + declaredPlanFeatures.length);
    const labels = ["Público", "WhatsApp", "Facebook", "Instagram", "Kanban", "OpenAI", "Integrações", "Chat interno", "API externa", "Campanhas", "Agendamentos"];
    for (const label of labels) expect(screen.getByLabelText(label)).toBeTruthy();
  });

  it("rules: whole limits, comma or dot prices", () => {
    const ok = { ...emptyPlan(), name: "Ouro", amount: "49,90" };
    expect(validatePlan(ok)).toEqual({});
    expect(parseAmount("49,90")).toBe(49.9);
    expect(validatePlan({ ...ok, name: "   " })).toMatchObject({ name: "validation.nameRequired" });
    expect(validatePlan({ ...ok, amount: "-1" })).toMatchObject({ amount: "validation.negative" });
  });
});

describe("plans tab", () => {
  it("lists plans below the form and creates one with the flags chosen", async () => {
    renderPlans(<PlansTab />);
    const table = await screen.findByRole("table");
    expect(within(table).getByText("Ouro")).toBeTruthy();
    fireEvent.change(field("Nome"), { target: { value: "Novo" } });
    fireEvent.change(field("Valor"), { target: { value: "99,90" } });
    fireEvent.click(screen.getByLabelText("Kanban"));
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith("Operação realizada com sucesso!"));
    const post = api.calls.find((c) => c.method === "POST")!;
    expect(post.body).toMatchObject({ name: "Novo", amount: 99.9, useKanban: false, useWhatsapp: true, isPublic: true });
  });

  it("a duplicate name gives the failure toast with the hint", async () => {
    renderPlans(<PlansTab />);
    await screen.findByRole("table");
    fireEvent.change(field("Nome"), { target: { value: "Ouro" } });
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(
        "Não foi possível realizar a operação. Verifique se já existe um plano com o mesmo nome ou se os campos foram preenchidos corretamente",
      ),
    );
    expect(await screen.findByText("Já existe um plano com este nome")).toBeTruthy();
  });

  it("edits a plan from its row", async () => {
    renderPlans(<PlansTab />);
    const row = (await screen.findByText("Ouro")).closest("tr") as HTMLElement;
    fireEvent.click(within(row).getByLabelText("Editar"));
    await waitFor(() => expect(field("Nome").value).toBe("Ouro"));
    expect((screen.getByLabelText("Kanban") as HTMLInputElement).checked).toBe(false);
    fireEvent.change(field("Usuários"), { target: { value: "20" } });
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(api.calls.some((c) => c.method === "PUT" && c.path === "/plans/2")).toBe(true));
    expect(api.calls.find((c) => c.method === "PUT")!.body).toMatchObject({ users: 20, useKanban: false });
  });

  it("asks before deleting and reports a plan in use", async () => {
    renderPlans(<PlansTab />);
    const row = (await screen.findByText("Plano 1")).closest("tr") as HTMLElement;
    fireEvent.click(within(row).getByLabelText("Excluir"));
    expect(await screen.findByText("Exclusão de Registro")).toBeTruthy();
    expect(screen.getByText("Deseja realmente excluir esse registro?")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Confirmar" }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(expect.objectContaining({ status: 409, data: expect.objectContaining({ error: "ERR_PLAN_IN_USE" }) })));
  });

  it("says so when the list cannot be loaded", async () => {
    vi.stubGlobal("fetch", stubApi({ "GET /plans/all": () => ({ status: 500, body: { error: "ERR_INTERNAL" } }) }).fetch);
    renderPlans(<PlansTab />);
    expect(await screen.findByText("Não foi possível carregar a lista de registros")).toBeTruthy();
    expect(toastError).toHaveBeenCalledWith("Não foi possível carregar a lista de registros");
  });
});

describe("plans web entry", () => {
  it("adds a super-only settings tab after Companies", () => {
    expect(plugin.zones?.settingsTabs).toEqual([expect.objectContaining({ id: "plans", access: "super", order: 30 })]);
  });
});
