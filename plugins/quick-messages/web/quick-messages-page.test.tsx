import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { realtimeClient } from "../../../web/src/realtime/realtime.ts";
import { renderWithProviders, testUser } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import { toastSuccess } from "../../../web/src/ui/toast.ts";
import quickMessagesPlugin from "./index.ts";
import { QuickMessagesPage } from "./quick-messages-page.tsx";
import { apiQuickMessage } from "./test-data.ts";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn() }));

const LONG = "x".repeat(120);
let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  vi.clearAllMocks();
  api = stubApi({
    "GET /quick-messages": (_b, call) =>
      call.url.searchParams.get("searchParam")
        ? { body: { records: [apiQuickMessage(1, "oi")], count: 1, hasMore: false } }
        : {
            body: {
              records: [
                apiQuickMessage(1, "oi", { mediaName: "tabela_de_precos.pdf", mediaPath: "abc.pdf" }),
                apiQuickMessage(2, "pix", { userId: 9, visao: true, message: LONG }),
                apiQuickMessage(3, "todos", { userId: 9, geral: true, visao: true }),
              ],
              count: 3,
              hasMore: false,
            },
          },
    "GET /quick-messages/1": () => ({ body: apiQuickMessage(1, "oi") }),
    "PUT /quick-messages/1": (body) => ({ body: apiQuickMessage(1, "oi", body as object) }),
    "DELETE /quick-messages/1": () => ({ body: { message: "Quick message deleted" } }),
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const render = () => renderWithProviders(<QuickMessagesPage />, { session: testUser({ profile: "user" }), plugins: [quickMessagesPlugin], route: "/quick-messages" });

describe("quick messages page", () => {
  it("lists the messages, cutting long texts at 90 characters and showing attachments", async () => {
    render();
    expect(await screen.findByRole("heading", { name: "Respostas rápidas (3)" })).toBeTruthy();
    expect(screen.getByText("tabela_de_precos.pdf")).toBeTruthy();
    expect(screen.getByText(`${"x".repeat(90)}...`)).toBeTruthy();
  });

  it("locks someone else's shared-visible message but lets anyone edit a general one", async () => {
    render();
    await screen.findByText("/pix");
    expect(screen.getByRole("img", { name: "pix bloqueada para edição" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Editar pix" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Excluir pix" })).toBeNull();
    expect(screen.getByRole("button", { name: "Editar todos" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Editar oi" })).toBeTruthy();
  });

  it("searches after 500 ms", async () => {
    render();
    await screen.findByText("/pix");
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.change(screen.getByRole("searchbox", { name: "Pesquisar..." }), { target: { value: "oi" } });
    act(() => void vi.advanceTimersByTime(499));
    expect(api.calls.some((c) => c.search.includes("searchParam=oi"))).toBe(false);
    act(() => void vi.advanceTimersByTime(10));
    await waitFor(() => expect(screen.queryByText("/pix")).toBeNull());
    expect(api.calls.some((c) => c.search.includes("searchParam=oi"))).toBe(true);
  });

  it("edits a message in the dialog", async () => {
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Editar oi" }));
    const textarea = await screen.findByDisplayValue("Mensagem oi");
    fireEvent.change(textarea, { target: { value: "Olá! Como posso ajudar?" } });
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("Olá! Como posso ajudar?")).toBeTruthy();
    expect(api.calls.find((c) => c.method === "PUT")!.body).toEqual({ shortcode: "oi", message: "Olá! Como posso ajudar?", geral: false, visao: false });
    expect(toastSuccess).toHaveBeenCalledWith("Resposta rápida salva com sucesso!");
  });

  it("deletes after confirmation", async () => {
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Excluir oi" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Confirmar" }));
    await waitFor(() => expect(screen.queryByText("/oi")).toBeNull());
    expect(toastSuccess).toHaveBeenCalledWith("Resposta rápida excluída com sucesso!");
  });

  it("follows company-{id}-quickemessage events", async () => {
    render();
    await screen.findByText("/oi");
    act(() => realtimeClient.deliver("company-2-quickemessage", { action: "create", record: apiQuickMessage(4, "boleto") }));
    expect(await screen.findByText("/boleto")).toBeTruthy();
    act(() => realtimeClient.deliver("company-2-quickemessage", { action: "update", record: apiQuickMessage(4, "boleto", { message: "Segue o boleto" }) }));
    expect(await screen.findByText("Segue o boleto")).toBeTruthy();
    act(() => realtimeClient.deliver("company-2-quickemessage", { action: "delete", record: { id: 1 } }));
    await waitFor(() => expect(screen.queryByText("/oi")).toBeNull());
    expect(screen.getByRole("heading", { name: "Respostas rápidas (3)" })).toBeTruthy();
  });

  it("shows the empty state", async () => {
    vi.stubGlobal("fetch", stubApi({ "GET /quick-messages": () => ({ body: { records: [], count: 0, hasMore: false } }) }).fetch);
    render();
    expect(await screen.findByText("Nenhuma resposta rápida cadastrada.")).toBeTruthy();
  });

  it("declares the /quick-messages page and its menu entry", () => {
    expect(quickMessagesPlugin.pages?.[0]).toMatchObject({ path: "/quick-messages", access: "user" });
    expect(quickMessagesPlugin.menu?.[0]).toMatchObject({ path: "/quick-messages", order: 40, access: "user" });
  });
});
