import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppRoutes } from "../../../web/src/app/app-routes.tsx";
import { renderWithProviders, testUser } from "../../../web/src/test/render.tsx";
import { type StubHandler, stubApi } from "../../../web/src/test/stub-api.ts";
import connectionsPlugin from "../../connections/web/index.ts";
import { apiConnection } from "../../connections/web/test-data.ts";
import officeHoursPlugin from "../../office-hours/web/index.ts";
import queuesPlugin from "../../queues/web/index.ts";
import integrationsPlugin from "./index.ts";
import { apiQueue } from "../../queues/web/test-data.ts";

/**
 * The integration selects this plugin contributes to other plugins' editors (zones
 * `connections.dialog.handlers`, `queues.dialog.handlers`, `queues.option.reference.integration`),
 * rendered inside the real dialogs: they list the company's integrations and what is chosen is saved.
 */
vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn() }));

const integration = (id: number, name: string, type: string) => ({ id, companyId: 2, name, type, createdAt: "", updatedAt: "" });
let api: ReturnType<typeof stubApi>;
const stub = (extra: Record<string, StubHandler>) => {
  api = stubApi({
    "GET /queueIntegration/": () => ({ body: { queueIntegrations: [integration(4, "Typebot vendas", "typebot"), integration(7, "Fluxo n8n", "n8n")], count: 2, hasMore: false } }),
    "GET /queues/reference-kinds": () => ({ body: { kinds: ["integration"] } }),
    "GET /users/list": () => ({ body: [] }),
    "GET /queue": () => ({ body: [apiQueue()] }),
    ...extra,
  });
  vi.stubGlobal("fetch", api.fetch);
};
beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

const writes = () => api.calls.filter((c) => c.method === "PUT" || c.method === "POST");
const optionsOf = (select: HTMLSelectElement) => [...select.options].map((o) => o.textContent);
const settings = [
  { key: "scheduleType", value: "disabled" },
  { key: "userRating", value: "disabled" },
];

/** The queue page, then the queue's edit dialog. */
async function openQueue() {
  renderWithProviders(<AppRoutes />, { plugins: [queuesPlugin, officeHoursPlugin, integrationsPlugin], route: "/queues" });
  fireEvent.click(await screen.findByRole("button", { name: "Editar Vendas" }));
  await screen.findByRole("dialog");
}

describe("the integration selects in other plugins' editors", () => {
  it("the queue dialog: shows the queue's integration and saves another", async () => {
    stub({ "GET /queue/1": () => ({ body: apiQueue({ integrationId: 4 }) }), "PUT /queue/1": (body) => ({ body: apiQueue(body as Parameters<typeof apiQueue>[0]) }) });
    await openQueue();
    const select = (await screen.findByLabelText("Integração da fila")) as HTMLSelectElement;
    await waitFor(() => expect(optionsOf(select)).toEqual(["Nenhuma", "Typebot vendas (Typebot)", "Fluxo n8n (N8N)"]));
    await waitFor(() => expect(select.value).toBe("4"));
    fireEvent.change(select, { target: { value: "7" } });
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.body).toMatchObject({ integrationId: 7 });
  });

  it("a chatbot option of type Integração: its target is chosen in the plugin's select", async () => {
    stub({ "GET /queue/1": () => ({ body: apiQueue() }), "PUT /queue/1": (body) => ({ body: apiQueue(body as Parameters<typeof apiQueue>[0]) }) });
    await openQueue();
    await waitFor(() => expect((screen.getByLabelText("Nome") as HTMLInputElement).value).toBe("Vendas"));
    fireEvent.click(screen.getByRole("button", { name: "Adicionar opção" }));
    fireEvent.change(screen.getByLabelText("Nome da opção"), { target: { value: "Robô de vendas" } });
    fireEvent.change(screen.getByLabelText("Tipo"), { target: { value: "integration" } });
    const target = (await screen.findByLabelText("Integração")) as HTMLSelectElement;
    await waitFor(() => expect(optionsOf(target)).toContain("Fluxo n8n (N8N)"));
    fireEvent.change(target, { target: { value: "7" } });
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect((writes()[0]!.body as { chatbots: { queueType: string; optIntegrationId: number }[] }).chatbots[0]).toMatchObject({ queueType: "integration", optIntegrationId: 7 });
  });

  it("the connection dialog's Integrations tab: the connection's integration, and the server's field error under it", async () => {
    stub({
      "GET /whatsapp/": () => ({ body: [apiConnection()] }),
      "GET /whatsapp/1": () => ({ body: apiConnection() }),
      "PUT /whatsapp/1": () => ({ status: 400, body: { error: "ERR_VALIDATION", fields: { integrationId: "Invalid integration" } } }),
    });
    renderWithProviders(<AppRoutes />, {
      plugins: [connectionsPlugin, queuesPlugin, officeHoursPlugin, integrationsPlugin],
      session: testUser({ company: { settings } }),
      route: "/connections",
    });
    fireEvent.click(await screen.findByRole("button", { name: "Editar Loja" }));
    await screen.findByDisplayValue("Loja");
    fireEvent.click(screen.getByRole("tab", { name: "Integrações" }));
    const select = (await screen.findByLabelText("Integração")) as HTMLSelectElement;
    expect(select.value).toBe("");
    await waitFor(() => expect(optionsOf(select)).toContain("Typebot vendas (Typebot)"));
    fireEvent.change(select, { target: { value: "4" } });
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.body).toMatchObject({ integrationId: 4 });
    expect(await screen.findByText("Integração inexistente")).toBeTruthy();
  });
});
