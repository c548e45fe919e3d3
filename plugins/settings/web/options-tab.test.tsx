import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { realtimeClient } from "../../../web/src/realtime/realtime.ts";
import { renderWithProviders, testUser } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import { toastError, toastSuccess } from "../../../web/src/ui/toast.ts";
import settingsPlugin from "./index.ts";
import OptionsTab from "./options-tab.tsx";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn() }));

const defaults: Record<string, string> = {
  userRating: "disabled",
  scheduleType: "disabled",
  chatBotType: "text",
  acceptCallWhatsapp: "enabled",
  AcceptCallWhatsappMessage: "",
  sendMsgTransfTicket: "disabled",
  transferMessage: "",
  sendGreetingAccepted: "disabled",
  greetingAcceptedMessage: "",
  sendQueuePosition: "disabled",
  sendQueuePositionMessage: "",
  enableLGPD: "disabled",
  closeTicketOnTransfer: "false",
  showNotificationPending: "false",
};

let api: ReturnType<typeof stubApi>;
let release: (() => void) | null;
beforeEach(() => {
  vi.clearAllMocks();
  release = null;
  api = stubApi({
    "GET /companySettings/2": () => ({ body: { ...defaults } }),
    "PUT /companySettings": (body) => {
      const { column, data } = body as { column: string; data: string };
      if (column === "lgpdLink") return { status: 400, body: { error: "ERR_VALIDATION", fields: { lgpdLink: "Invalid link" } } };
      if (column === "chatBotType") return { status: 500, body: { error: "ERR_INTERNAL" } };
      // hold the answer until the test lets it go, to see the "updating" mark
      return new Promise((resolve) => {
        release = () => resolve({ body: { key: column, value: data } });
      });
    },
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

const render = () => renderWithProviders(<OptionsTab />, { session: testUser(), plugins: [settingsPlugin], route: "/settings" });
const puts = () => api.calls.filter((c) => c.method === "PUT").map((c) => c.body);

describe("options tab: save on change", () => {
  it("a switch saves at once, shows 'updating' until the answer, then confirms", async () => {
    const { store } = render();
    const rating = (await screen.findByLabelText("Avaliações")) as HTMLInputElement;
    expect(rating.checked).toBe(false);
    fireEvent.click(rating);
    expect(rating.checked).toBe(true);
    expect(await screen.findByText("Atualizando...")).toBeTruthy();
    await waitFor(() => expect(puts()).toEqual([{ column: "userRating", data: "enabled" }]));
    act(() => release?.());
    await waitFor(() => expect(screen.queryByText("Atualizando...")).toBeNull());
    expect(toastSuccess).toHaveBeenCalledWith("Operação atualizada com sucesso.");
    // the session's copy follows (tabs and menus read it)
    expect(store.getState().session.user?.company?.settings).toContainEqual({ key: "userRating", value: "enabled" });
  });

  it("selects offer the spec's values and the two booleans save true/false", async () => {
    render();
    const schedule = (await screen.findByLabelText("Gerenciamento de expediente")) as HTMLSelectElement;
    expect([...schedule.options].map((o) => o.value)).toEqual(["disabled", "queue", "company", "connection"]);
    const bot = screen.getByLabelText("Tipo do chatbot") as HTMLSelectElement;
    expect([...bot.options].map((o) => o.value)).toEqual(["text", "list", "button"]);
    fireEvent.change(schedule, { target: { value: "company" } });
    await waitFor(() => expect(release).not.toBeNull());
    act(() => release?.());
    await waitFor(() => expect(screen.queryByText("Atualizando...")).toBeNull());
    fireEvent.click(screen.getByLabelText("Fechar o atendimento ao transferir"));
    await waitFor(() => expect(puts()).toContainEqual({ column: "closeTicketOnTransfer", data: "true" }));
  });

  it("a refused change goes back and reports the error", async () => {
    render();
    const bot = (await screen.findByLabelText("Tipo do chatbot")) as HTMLSelectElement;
    fireEvent.change(bot, { target: { value: "list" } });
    await waitFor(() => expect(toastError).toHaveBeenCalled());
    await waitFor(() => expect((screen.getByLabelText("Tipo do chatbot") as HTMLSelectElement).value).toBe("text"));
  });
});

describe("options tab: dependent messages", () => {
  it("the transfer message appears with its toggle, is required, and saves when left", async () => {
    render();
    await screen.findByLabelText("Enviar mensagem de transferência");
    expect(screen.queryByLabelText("Mensagem de transferência")).toBeNull();
    fireEvent.click(screen.getByLabelText("Enviar mensagem de transferência"));
    await waitFor(() => expect(release).not.toBeNull());
    act(() => release?.());
    const message = await screen.findByLabelText(/^Mensagem de transferência/);
    fireEvent.change(message, { target: { value: "x" } });
    fireEvent.change(message, { target: { value: "   " } });
    fireEvent.blur(message);
    expect(await screen.findByText("Obrigatório")).toBeTruthy();
    expect(puts()).toHaveLength(1);
    fireEvent.change(message, { target: { value: "Você foi transferido" } });
    fireEvent.blur(message);
    await waitFor(() => expect(puts()).toContainEqual({ column: "transferMessage", data: "Você foi transferido" }));
  });

  it("the call message shows when calls are refused", async () => {
    render();
    await screen.findByLabelText("Aceitar chamadas no WhatsApp");
    expect(screen.queryByLabelText(/^Mensagem ao recusar chamadas/)).toBeNull();
    fireEvent.click(screen.getByLabelText("Aceitar chamadas no WhatsApp"));
    expect(await screen.findByLabelText(/^Mensagem ao recusar chamadas/)).toBeTruthy();
  });

  it("LGPD fields appear when LGPD is on; a bad link shows the server's message", async () => {
    render();
    fireEvent.click(await screen.findByLabelText("Habilitar tratamento LGPD"));
    const link = await screen.findByLabelText(/^Link da política de privacidade/);
    fireEvent.change(link, { target: { value: "javascript:alert(1)" } });
    fireEvent.blur(link);
    expect(await screen.findByText("Invalid link")).toBeTruthy();
  });

  it("changes made elsewhere arrive live", async () => {
    render();
    const rating = (await screen.findByLabelText("Avaliações")) as HTMLInputElement;
    act(() => realtimeClient.deliver("company-2-settings", { action: "update", setting: { key: "userRating", value: "enabled" } }));
    await waitFor(() => expect(rating.checked).toBe(true));
  });
});
