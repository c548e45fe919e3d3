import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders, testUser } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import { toastError, toastWarning } from "../../../web/src/ui/toast.ts";
import { MESSAGES } from "../shared/connection-rules.ts";
import { ConnectionDialog } from "./connection-dialog.tsx";
import officeHoursPlugin from "../../office-hours/web/index.ts";
import connectionsPlugin from "./index.ts";
import { defineWebPlugin } from "../../../web/src/plugin/web-plugin.ts";
import type { ConnectionHandlerProps } from "./zones.ts";
import { apiConnection } from "./test-data.ts";

/** A prompts plugin, as it would contribute its selector to the connection dialog. */
function PromptField({ values, set, errors }: ConnectionHandlerProps) {
  return (
    <label>
      Prompt de IA
      <select value={values.promptId ?? ""} onChange={(e) => set("promptId", e.target.value ? Number(e.target.value) : null)}>
        <option value="">-</option>
        <option value="5">Vendas</option>
        <option value="8">Suporte</option>
      </select>
      <span>{errors.promptId}</span>
    </label>
  );
}
const prompts = defineWebPlugin({ manifest: { id: "prompts" }, zones: { "connections.dialog.handlers": [PromptField] }, translations: { pt: {}, en: {}, es: {}, tr: {} } });

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn() }));

let api: ReturnType<typeof stubApi>;
const queues = [
  { id: 5, name: "Vendas", color: "#f00" },
  { id: 6, name: "Suporte", color: "#00f" },
];
beforeEach(() => {
  api = stubApi({
    "GET /queue": () => ({ body: queues }),
    "GET /whatsapp/1": () => ({ body: apiConnection({ id: 1, name: "Loja", queueIds: [5] }) }),
    "POST /whatsapp": (body) => ({ body: apiConnection({ id: 7, ...(body as object) }) }),
    "PUT /whatsapp/1": (body) => ({ body: apiConnection({ id: 1, ...(body as object) }) }),
  });
  vi.stubGlobal("fetch", api.fetch);
  vi.mocked(toastError).mockClear();
  vi.mocked(toastWarning).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

const settings = (pairs: Record<string, string>) => Object.entries(pairs).map(([key, value]) => ({ key, value }));
function open(props: { connectionId?: number | null; channel?: "whatsapp" | "api"; company?: Record<string, string> } = {}) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  const session = testUser({ company: { settings: settings({ scheduleType: "disabled", userRating: "disabled", ...props.company }) } });
  renderWithProviders(<ConnectionDialog isOpen connectionId={props.connectionId ?? null} channel={props.channel ?? "whatsapp"} onClose={onClose} onSaved={onSaved} />, {
    plugins: [connectionsPlugin, officeHoursPlugin],
    session,
  });
  return { onSaved, onClose };
}
const save = (name = /Adicionar|Salvar/) => fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name }));
const tab = (name: string) => fireEvent.click(screen.getByRole("tab", { name }));
const posted = () => api.calls.filter((c) => c.method === "POST" || c.method === "PUT");

describe("connection dialog", () => {
  it("checks the name: required, too short, too long", async () => {
    open();
    await screen.findByLabelText("Nome");
    save();
    expect(await screen.findByText("Obrigatório")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Nome"), { target: { value: "A" } });
    save();
    expect(await screen.findByText("Muito curto!")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Nome"), { target: { value: "x".repeat(51) } });
    save();
    expect(await screen.findByText("Muito extenso!")).toBeTruthy();
    expect(posted()).toEqual([]);
  });

  it("creates a connection with its queues and the spec's defaults", async () => {
    const { onSaved } = open();
    fireEvent.change(await screen.findByLabelText("Nome"), { target: { value: "Central" } });
    fireEvent.click(await screen.findByRole("checkbox", { name: "Suporte" }));
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const body = posted()[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: "Central", channel: "whatsapp", queueIds: [6], maxUseBotQueues: 3, maxUseBotQueuesNPS: 3, groupAsTicket: "disabled" });
    expect(body.schedules).toBeUndefined();
  });

  it("with NPS enabled, asks for the rating message and time (spec's messages) on the NPS tab", async () => {
    open({ company: { userRating: "enabled" } });
    fireEvent.change(await screen.findByLabelText("Nome"), { target: { value: "Central" } });
    save();
    expect(await screen.findByText(MESSAGES.npsMessage)).toBeTruthy();
    expect(screen.getByText(MESSAGES.npsTime)).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Avaliações" }).getAttribute("aria-selected")).toBe("true");
    expect(posted()).toEqual([]);
  });

  it("a redirection time needs a redirection queue", async () => {
    open();
    fireEvent.change(await screen.findByLabelText("Nome"), { target: { value: "Central" } });
    tab("Chatbot");
    fireEvent.change(screen.getByLabelText("Redirecionar para a fila após (minutos)"), { target: { value: "10" } });
    save();
    expect(await screen.findByText(MESSAGES.sendQueue)).toBeTruthy();
    expect(posted()).toEqual([]);
  });

  it("import needs its queue and dates within the last two years", async () => {
    open();
    fireEvent.change(await screen.findByLabelText("Nome"), { target: { value: "Central" } });
    tab("Chatbot");
    fireEvent.click(screen.getByLabelText("Importar mensagens do aparelho"));
    fireEvent.change(screen.getByLabelText("Data de início da importação"), { target: { value: "2001-01-01T10:00" } });
    save();
    expect(await screen.findByText("Selecione a fila dos tickets importados")).toBeTruthy();
    expect(screen.getByText("A data deve estar entre dois anos atrás e agora")).toBeTruthy();
    expect(posted()).toEqual([]);
  });

  it("a vacation message needs both dates", async () => {
    open();
    fireEvent.change(await screen.findByLabelText("Nome"), { target: { value: "Central" } });
    tab("Mensagens");
    fireEvent.change(screen.getByLabelText("Mensagem de férias coletivas"), { target: { value: "Voltamos dia 10" } });
    save();
    await waitFor(() => expect(screen.getAllByText("Obrigatório")).toHaveLength(2));
  });

  it("shows the server's field errors on the fields", async () => {
    api = stubApi({
      "GET /queue": () => ({ body: queues }),
      "POST /whatsapp": () => ({ status: 400, body: { error: "ERR_VALIDATION", fields: { name: "Too Short!", privacyLink: "Invalid URL" } } }),
    });
    vi.stubGlobal("fetch", api.fetch);
    open();
    fireEvent.change(await screen.findByLabelText("Nome"), { target: { value: "Central" } });
    save();
    expect(await screen.findByText("Muito curto!")).toBeTruthy();
    expect(screen.getByText("URL inválida")).toBeTruthy();
  });

  it("other server errors go to the error toast", async () => {
    api = stubApi({ "GET /queue": () => ({ body: queues }), "POST /whatsapp": () => ({ status: 400, body: { error: "ERR_PLAN_LIMIT_CONNECTIONS" } }) });
    vi.stubGlobal("fetch", api.fetch);
    open();
    fireEvent.change(await screen.findByLabelText("Nome"), { target: { value: "Central" } });
    save();
    await waitFor(() => expect(toastError).toHaveBeenCalled());
  });

  it("without a plugin contributing to connections.dialog.handlers: no /prompt, /flowbuilder or /queueIntegration call, stored values saved unchanged", async () => {
    const handlers = { integrationId: 4, promptId: 5, flowIdWelcome: 6, flowIdNotPhrase: 7 };
    api = stubApi({
      "GET /queue": () => ({ body: queues }),
      "GET /whatsapp/1": () => ({ body: apiConnection({ id: 1, name: "Loja", ...handlers }) }),
      "PUT /whatsapp/1": (body) => ({ body: apiConnection({ id: 1, ...(body as object) }) }),
    });
    vi.stubGlobal("fetch", api.fetch);
    const { onSaved } = open({ connectionId: 1 });
    await screen.findByDisplayValue("Loja");
    tab("Integrações");
    expect(await screen.findByText("Nenhuma integração, prompt ou fluxo disponível ainda.")).toBeTruthy();
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(posted()[0]!.body).toMatchObject(handlers);
    expect(api.calls.filter((c) => /^\/(prompt|flowbuilder|queueIntegration)/.test(c.path))).toEqual([]);
  });

  it("a plugin's selector in the connections.dialog.handlers zone sets the prompt, and shows the server's field error", async () => {
    api = stubApi({
      "GET /queue": () => ({ body: queues }),
      "GET /whatsapp/1": () => ({ body: apiConnection({ id: 1, name: "Loja", promptId: 5 }) }),
      "PUT /whatsapp/1": () => ({ status: 400, body: { error: "ERR_VALIDATION", fields: { promptId: "Invalid prompt" } } }),
    });
    vi.stubGlobal("fetch", api.fetch);
    const session = testUser({ company: { settings: settings({ scheduleType: "disabled", userRating: "disabled" }) } });
    renderWithProviders(<ConnectionDialog isOpen connectionId={1} onClose={vi.fn()} onSaved={vi.fn()} />, { plugins: [connectionsPlugin, officeHoursPlugin, prompts], session });
    await screen.findByDisplayValue("Loja");
    tab("Integrações");
    const select = screen.getByLabelText("Prompt de IA") as HTMLSelectElement;
    expect(select.value).toBe("5");
    fireEvent.change(select, { target: { value: "8" } });
    tab("Geral");
    save();
    expect(await screen.findByText("Prompt inexistente")).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Integrações" }).getAttribute("aria-selected")).toBe("true");
    expect(posted()[0]!.body).toMatchObject({ promptId: 8, integrationId: null });
  });

  it("edits: loads the connection, shows its token and sends the change", async () => {
    const { onSaved } = open({ connectionId: 1 });
    const name = (await screen.findByDisplayValue("Loja")) as HTMLInputElement;
    expect((screen.getByLabelText("Token") as HTMLInputElement).value).toBe("abcdefghijABCDEFGHIJ0123456789");
    expect((screen.getByRole("checkbox", { name: "Vendas" }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(name, { target: { value: "Loja Centro" } });
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const put = posted()[0]!;
    expect(put.path).toBe("/whatsapp/1");
    expect((put.body as Record<string, unknown>).name).toBe("Loja Centro");
    expect((put.body as Record<string, unknown>).channel).toBeUndefined();
  });

  it("office hours tab when the company schedules by connection, sent with the connection", async () => {
    const { onSaved } = open({ company: { scheduleType: "connection" } });
    fireEvent.change(await screen.findByLabelText("Nome"), { target: { value: "Central" } });
    tab("Horários de atendimento");
    const monday = screen.getByLabelText("Segunda-feira Início (turno 1)") as HTMLInputElement;
    expect(monday.value).toBe("08:00");
    fireEvent.change(monday, { target: { value: "09:00" } });
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const body = posted()[0]!.body as { schedules: { startTimeA: string; endTimeB: string }[] };
    expect(body.schedules).toHaveLength(7);
    expect(body.schedules[0]!.startTimeA).toBe("09:00");
    expect(body.schedules[6]!.endTimeB).toBe("18:00");
  });

  it("no office hours tab otherwise", async () => {
    open();
    await screen.findByLabelText("Nome");
    expect(screen.queryByRole("tab", { name: "Horários de atendimento" })).toBeNull();
  });

  it("warns that editing a connected WhatsApp with import enabled resets its session", async () => {
    api = stubApi({
      "GET /queue": () => ({ body: queues }),
      "GET /whatsapp/1": () => ({ body: apiConnection({ id: 1, name: "Loja", status: "CONNECTED" }) }),
      "PUT /whatsapp/1": (body) => ({ body: apiConnection({ id: 1, ...(body as object), status: "qrcode" }) }),
    });
    vi.stubGlobal("fetch", api.fetch);
    const { onSaved } = open({ connectionId: 1 });
    await screen.findByDisplayValue("Loja");
    tab("Chatbot");
    fireEvent.click(screen.getByLabelText("Importar mensagens do aparelho"));
    expect(screen.getByText(/a sessão desta conexão será reiniciada/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Fila dos tickets importados"), { target: { value: "5" } });
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(toastWarning).toHaveBeenCalledWith(expect.stringContaining("QR Code"), 0);
  });

  it("the API channel has a webhook URL", async () => {
    const { onSaved } = open({ channel: "api" });
    fireEvent.change(await screen.findByLabelText("Nome"), { target: { value: "Integração" } });
    fireEvent.change(screen.getByLabelText("URL do webhook"), { target: { value: "ftp://x" } });
    save();
    expect(await screen.findByText("URL inválida")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("URL do webhook"), { target: { value: "https://hooks.example.com/x" } });
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(posted()[0]!.body).toMatchObject({ channel: "api", webhookUrl: "https://hooks.example.com/x" });
  });
});
