import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders, testUser } from "../../../web/src/test/render.tsx";
import { defineWebPlugin } from "../../../web/src/plugin/web-plugin.ts";
import { type StubHandler, stubApi } from "../../../web/src/test/stub-api.ts";
import { toastError, toastSuccess } from "../../../web/src/ui/toast.ts";
import officeHoursPlugin from "../../office-hours/web/index.ts";
import queuesPlugin from "./index.ts";
import type { QueueHandlerProps } from "./public.ts";
import { QueueDialog } from "./queue-dialog.tsx";
import { apiQueue } from "./test-data.ts";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn() }));

const admin = testUser();
const byQueue = testUser({ company: { settings: [{ key: "scheduleType", value: "queue" }] } });

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  vi.clearAllMocks();
  api = stubApi({
    "GET /users/list": () => ({ body: [{ id: 3, name: "Bia" }] }),
    "POST /queue": (body) => ({ body: apiQueue({ id: 20, ...(body as object), chatbots: [] }) }),
    "GET /queue/1": () => ({ body: apiQueue({ chatbots: [] }) }),
    "PUT /queue/1": (body) => ({ body: apiQueue(body as object) }),
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

const open = (opts: { session?: ReturnType<typeof testUser>; queueId?: number | null; queues?: { id: number; name: string; color?: string }[] } = {}) => {
  const onSaved = vi.fn();
  renderWithProviders(<QueueDialog isOpen queueId={opts.queueId ?? null} queues={opts.queues ?? []} onClose={() => {}} onSaved={onSaved} />, {
    session: opts.session ?? admin,
    plugins: [queuesPlugin, officeHoursPlugin],
  });
  return onSaved;
};
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = (name = "Adicionar") => fireEvent.click(screen.getByRole("button", { name }));
const writes = () => api.calls.filter((c) => c.method !== "GET");

describe("queue dialog: validation", () => {
  it("a new queue starts with a colour no other queue of the company uses (colours are unique)", () => {
    open({ queues: [{ id: 1, name: "Vendas", color: "#2965CC" }] });
    expect((screen.getByLabelText("Cor") as HTMLInputElement).value).toBe("#29a634");
  });

  it("requires the name and checks the spec's bounds", async () => {
    open();
    type("Cor", "");
    submit();
    expect(await screen.findAllByText("Obrigatório")).toHaveLength(2);
    type("Nome", "A");
    type("Cor", "#f");
    submit();
    expect(await screen.findAllByText("Muito curto!")).toHaveLength(2);
    type("Nome", "x".repeat(51));
    type("Cor", "#1234567890");
    submit();
    expect(await screen.findAllByText("Muito extenso!")).toHaveLength(2);
    expect(writes()).toHaveLength(0);
  });

  it("requires the greeting when the company has another queue", async () => {
    open({ queues: [{ id: 5, name: "Suporte" }] });
    type("Nome", "Vendas");
    submit();
    expect(await screen.findByText("A mensagem de saudação é obrigatória quando há mais de uma fila")).toBeTruthy();
    expect(writes()).toHaveLength(0);
  });

  it("asks for the out-of-hours message and the office hours only when scheduling by queue", async () => {
    open();
    expect(screen.queryByLabelText("Mensagem de fora de expediente")).toBeNull();
    expect(screen.queryByRole("tab", { name: "Horários de atendimento" })).toBeNull();
  });

  it("with scheduleType 'queue': out-of-hours message required, the week defaults to the spec's hours, bad shifts are named", async () => {
    open({ session: byQueue });
    type("Nome", "Vendas");
    submit();
    expect(await screen.findByText("Obrigatório")).toBeTruthy();
    type("Mensagem de fora de expediente", "Estamos fechados");
    fireEvent.click(screen.getByRole("tab", { name: "Horários de atendimento" }));
    expect((screen.getByLabelText("Domingo Início (turno 1)") as HTMLInputElement).value).toBe("08:00");
    expect((screen.getByLabelText("Domingo Fim (turno 2)") as HTMLInputElement).value).toBe("18:00");
    type("Segunda-feira Fim (turno 1)", "07:00");
    submit();
    expect(await screen.findByText("O fim deve ser depois do início")).toBeTruthy();
    expect(writes()).toHaveLength(0);
    type("Segunda-feira Fim (turno 1)", "12:00");
    submit();
    await waitFor(() => expect(writes()).toHaveLength(1));
    const body = writes()[0]!.body as { schedules: unknown[]; outOfHoursMessage: string };
    expect(body.schedules).toHaveLength(7);
    expect(body.outOfHoursMessage).toBe("Estamos fechados");
  });
});

describe("queue dialog: saving", () => {
  it("sends the queue with rotation and its option tree", async () => {
    const onSaved = open();
    type("Nome", "Vendas");
    type("Cor", "#00ff00");
    type("Ordenação da fila (bot)", "3");
    fireEvent.click(screen.getByLabelText("Rodízio"));
    fireEvent.change(screen.getByLabelText("Tempo de rodízio"), { target: { value: "15" } });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar opção" }));
    type("Nome da opção", "Financeiro");
    submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(writes()[0]).toMatchObject({
      method: "POST",
      path: "/queue",
      body: { name: "Vendas", color: "#00ff00", orderQueue: 3, ativarRoteador: true, tempoRoteador: 15, chatbots: [{ name: "Financeiro", queueType: "text", options: [] }] },
    });
    expect((writes()[0]!.body as Record<string, unknown>).schedules).toBeUndefined();
    expect(toastSuccess).toHaveBeenCalledWith("Fila salva com sucesso!");
  });

  it("edits a loaded queue and shows the server's field messages and codes", async () => {
    api = stubApi({
      "GET /users/list": () => ({ body: [] }),
      "GET /queue/1": () => ({
        body: apiQueue({
          chatbots: [
            {
              id: 9,
              queueId: 1,
              parentId: null,
              position: 0,
              name: "Boletos",
              greetingMessage: "",
              queueType: "text",
              closeTicket: false,
              optQueueId: null,
              optUserId: null,
              optIntegrationId: null,
              optFileId: null,
              options: [],
            },
          ],
        }),
      }),
      "PUT /queue/1": () => ({ status: 400, body: { error: "ERR_VALIDATION", fields: { "chatbots.0.name": "Too Short!" } } }),
    });
    vi.stubGlobal("fetch", api.fetch);
    open({ queueId: 1 });
    await waitFor(() => expect((screen.getByLabelText("Nome") as HTMLInputElement).value).toBe("Vendas"));
    expect((screen.getByLabelText("Nome da opção") as HTMLInputElement).value).toBe("Boletos");
    submit("Salvar");
    expect(await screen.findByText("Muito curto!")).toBeTruthy();
    expect((writes()[0]!.body as { chatbots: { id: number }[] }).chatbots[0]!.id).toBe(9);

    api.fetch.mockImplementationOnce(
      async () => new Response(JSON.stringify({ error: "ERR_QUEUE_COLOR_ALREADY_EXISTS" }), { status: 409, headers: { "content-type": "application/json" } }),
    );
    submit("Salvar");
    await waitFor(() => expect(toastError).toHaveBeenCalled());
    expect(within(document.body).queryByText("Fila salva com sucesso!")).toBeNull();
  });

  it("the server's office-hours messages show on their shift, in the schedule tab", async () => {
    api = stubApi({
      "GET /users/list": () => ({ body: [] }),
      "GET /queue/1": () => ({ body: apiQueue({ outOfHoursMessage: "Fechado", chatbots: [] }) }),
      "PUT /queue/1": () => ({ status: 400, body: { error: "ERR_VALIDATION", fields: { "schedules.2.endTimeB": "O fim deve ser depois do início" } } }),
    });
    vi.stubGlobal("fetch", api.fetch);
    open({ session: byQueue, queueId: 1 });
    await waitFor(() => expect((screen.getByLabelText("Nome") as HTMLInputElement).value).toBe("Vendas"));
    submit("Salvar");
    const message = await screen.findByText("O fim deve ser depois do início");
    expect(screen.getByRole("tab", { name: "Horários de atendimento", selected: true })).toBeTruthy();
    expect(message.closest("td")?.querySelector("input")?.getAttribute("aria-label")).toBe("Quarta-feira Fim (turno 2)");
  });
});

/** A plugin owning queue integrations, contributing its selector to the queue dialog. */
function IntegrationField({ values, set, errors }: QueueHandlerProps) {
  return (
    <label>
      Integração da fila
      <select value={values.integrationId ?? ""} onChange={(e) => set("integrationId", e.target.value ? Number(e.target.value) : null)}>
        <option value="">-</option>
        <option value="4">Typebot</option>
        <option value="5">n8n</option>
      </select>
      <span>{errors.integrationId}</span>
    </label>
  );
}
const integrations = defineWebPlugin({
  manifest: { id: "integrations" },
  zones: { "queues.dialog.handlers": [IntegrationField] },
  translations: { pt: {}, en: {}, es: {}, tr: {} },
});

describe("queue dialog: references to other plugins", () => {
  const stored = () => apiQueue({ integrationId: 4, fileListId: 9, chatbots: [] });
  const withStored = (extra: Record<string, StubHandler> = {}) => {
    api = stubApi({
      "GET /users/list": () => ({ body: [] }),
      "GET /queue/1": () => ({ body: stored() }),
      "PUT /queue/1": (body) => ({ body: apiQueue(body as object) }),
      ...extra,
    });
    vi.stubGlobal("fetch", api.fetch);
  };

  it("a plugin's selector in the queues.dialog.handlers zone edits the queue's integration", async () => {
    withStored();
    const onSaved = vi.fn();
    renderWithProviders(<QueueDialog isOpen queueId={1} queues={[]} onClose={() => {}} onSaved={onSaved} />, {
      session: admin,
      plugins: [queuesPlugin, officeHoursPlugin, integrations],
    });
    const select = (await screen.findByLabelText("Integração da fila")) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe("4"));
    fireEvent.change(select, { target: { value: "5" } });
    submit("Salvar");
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(writes()[0]!.body).toMatchObject({ integrationId: 5, fileListId: 9 });
  });

  it("without contributors the fields are not shown and the stored values are saved unchanged", async () => {
    withStored();
    const onSaved = open({ queueId: 1 });
    await waitFor(() => expect((screen.getByLabelText("Nome") as HTMLInputElement).value).toBe("Vendas"));
    expect(screen.queryByLabelText("Integração da fila")).toBeNull();
    submit("Salvar");
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(writes()[0]!.body).toMatchObject({ integrationId: 4, fileListId: 9 });
  });

  it("an Integração option with no integrations plugin installed says so and is not sent", async () => {
    withStored({ "GET /queues/reference-kinds": () => ({ body: { kinds: [] } }) });
    open({ queueId: 1 });
    await waitFor(() => expect((screen.getByLabelText("Nome") as HTMLInputElement).value).toBe("Vendas"));
    fireEvent.click(screen.getByRole("button", { name: "Adicionar opção" }));
    type("Nome da opção", "Robô de vendas");
    type("Tipo", "integration");
    expect(await screen.findByText("Nenhum plugin de integrações está instalado: esta opção não pode ser salva.")).toBeTruthy();
    await waitFor(() => expect(api.calls.some((c) => c.path === "/queues/reference-kinds")).toBe(true));
    submit("Salvar");
    await new Promise((r) => setTimeout(r, 50));
    expect(writes()).toHaveLength(0);
  });

  it("the server's 'Invalid integration' shows under the option's target", async () => {
    withStored({
      "GET /queues/reference-kinds": () => ({ body: { kinds: ["integration"] } }),
      "PUT /queue/1": () => ({ status: 400, body: { error: "ERR_VALIDATION", fields: { "chatbots.0.optIntegrationId": "Invalid integration" } } }),
    });
    open({ queueId: 1 });
    await waitFor(() => expect((screen.getByLabelText("Nome") as HTMLInputElement).value).toBe("Vendas"));
    fireEvent.click(screen.getByRole("button", { name: "Adicionar opção" }));
    type("Nome da opção", "Robô de vendas");
    type("Tipo", "integration");
    await waitFor(() => expect(api.calls.some((c) => c.path === "/queues/reference-kinds")).toBe(true));
    type("Integração", "12");
    submit("Salvar");
    expect(await screen.findByText("Integração inexistente")).toBeTruthy();
    expect((writes()[0]!.body as { chatbots: { optIntegrationId: number }[] }).chatbots[0]!.optIntegrationId).toBe(12);
  });
});
