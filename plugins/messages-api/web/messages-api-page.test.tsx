import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppRoutes, PLAN_REDIRECT_MS } from "../../../web/src/app/app-routes.tsx";
import { renderWithProviders, testPlan, testUser } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import { toastError, toastSuccess } from "../../../web/src/ui/toast.ts";
import messagesApiPlugin from "./index.ts";
import { MessagesApiPage } from "./messages-api-page.tsx";

vi.mock("../../../web/src/ui/toast.ts", () => ({
  errorMessage: (e: { error?: string }) => e?.error ?? "erro",
  toastError: vi.fn(),
  toastSuccess: vi.fn(),
  toastWarning: vi.fn(),
  toastInfo: vi.fn(),
  TOAST_TIMEOUT_MS: 2000,
}));

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  api = stubApi({
    "POST /api/messages/send": (body) =>
      (body as { number?: string } | FormData) instanceof FormData || (body as { number: string }).number === "5511987654321"
        ? { status: 202, body: { messageId: 1, ticketId: 2, status: "queued", messageIds: [1] } }
        : { status: 400, body: { error: "ERR_VALIDATION", fields: { number: "Use digits only: country code, area code and number" } } },
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  vi.useRealTimers();
});

const form = (name: RegExp) => screen.getByRole("form", { name });
const type = (scope: HTMLElement, label: RegExp, value: string) => fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

describe("messages API page", () => {
  it("documents the request, fields, curl examples and the answer", async () => {
    renderWithProviders(<MessagesApiPage />, { plugins: [messagesApiPlugin], route: "/messages-api" });
    expect(await screen.findByText("Documentação para envio de mensagens")).toBeTruthy();
    expect(screen.getByRole("table", { name: "Campos" }).textContent).toContain("closeTicket");
    expect(screen.getAllByText(/curl -X POST/).length).toBe(2);
    expect(screen.getByText(/"status": "queued"/)).toBeTruthy();
  });

  it("the text form requires token, number and body, then sends with the typed token and shows the spec's success", async () => {
    renderWithProviders(<MessagesApiPage />, { plugins: [messagesApiPlugin], route: "/messages-api" });
    const text = form(/mensagem de texto/i);
    fireEvent.click(within(text).getByRole("button", { name: "Enviar" }));
    expect(within(text).getAllByText("Obrigatório")).toHaveLength(3);
    expect(api.calls).toHaveLength(0);

    type(text, /Token da conexão/, "T".repeat(30));
    type(text, /^Número/, "5511987654321");
    type(text, /^Mensagem/, "Olá do teste");
    fireEvent.click(within(text).getByRole("button", { name: "Enviar" }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith("Mensagem enviada com sucesso"));
    expect(api.calls[0]).toMatchObject({ method: "POST", path: "/api/messages/send", body: { number: "5511987654321", body: "Olá do teste" } });
    const init = api.fetch.mock.calls[0]![1] as RequestInit;
    expect((init.headers as Record<string, string>).authorization).toBe(`Bearer ${"T".repeat(30)}`);
  });

  it("a refused number shows the server's field message and the error toast", async () => {
    renderWithProviders(<MessagesApiPage />, { plugins: [messagesApiPlugin], route: "/messages-api" });
    const text = form(/mensagem de texto/i);
    type(text, /Token da conexão/, "tok");
    type(text, /^Número/, "+55 11 98765");
    type(text, /^Mensagem/, "oi");
    fireEvent.click(within(text).getByRole("button", { name: "Enviar" }));
    expect(await within(text).findByText("Use digits only: country code, area code and number")).toBeTruthy();
    expect(toastError).toHaveBeenCalled();
  });

  it("the media form requires token, number and a file, and sends multipart with medias", async () => {
    renderWithProviders(<MessagesApiPage />, { plugins: [messagesApiPlugin], route: "/messages-api" });
    const media = form(/mensagem com arquivo/i);
    fireEvent.click(within(media).getByRole("button", { name: "Enviar" }));
    expect(within(media).getAllByText("Obrigatório")).toHaveLength(3);
    type(media, /Token da conexão/, "tok");
    type(media, /^Número/, "5511987654321");
    const file = new File(["pdf"], "boleto.pdf", { type: "application/pdf" });
    fireEvent.change(within(media).getByLabelText("Arquivo"), { target: { files: [file] } });
    fireEvent.click(within(media).getByRole("button", { name: "Enviar" }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith("Mensagem enviada com sucesso"));
    const sent = api.calls[0]!.body as FormData;
    expect(sent.get("number")).toBe("5511987654321");
    expect((sent.get("medias") as File).name).toBe("boleto.pdf");
  });

  it("without useExternalApi: the spec's notice, then home after 1 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const session = testUser({ company: { plan: { ...testPlan(), useExternalApi: false } } });
    const { path } = renderWithProviders(<AppRoutes />, { route: "/messages-api", session, plugins: [messagesApiPlugin] });
    expect((await screen.findAllByText("Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.")).length).toBeGreaterThan(0);
    await act(async () => {
      vi.advanceTimersByTime(PLAN_REDIRECT_MS);
    });
    await waitFor(() => expect(path()).toBe("/"));
  });
});
