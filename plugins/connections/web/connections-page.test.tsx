import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { realtimeClient } from "../../../web/src/realtime/realtime.ts";
import { isoDay, renderWithProviders, testPlan, testUser } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import connectionsPlugin from "./index.ts";
import { ConnectionsPage } from "./connections-page.tsx";
import { apiConnection, SAMPLE_QR } from "./test-data.ts";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn() }));

let api: ReturnType<typeof stubApi>;
const list = () => [
  apiConnection({ id: 1, name: "Loja", status: "CONNECTED", isDefault: true }),
  apiConnection({ id: 2, name: "Vendas", status: "qrcode", qrcode: SAMPLE_QR, number: "" }),
  apiConnection({ id: 3, name: "Suporte", status: "DISCONNECTED" }),
  apiConnection({ id: 4, name: "Filial", status: "OPENING" }),
];
beforeEach(() => {
  api = stubApi({
    "GET /whatsapp/": () => ({ body: list() }),
    "POST /whatsappsession/*": () => ({ body: { message: "Starting session." } }),
    "PUT /whatsappsession/*": () => ({ body: { message: "Starting session." } }),
    "DELETE /whatsappsession/*": () => ({ body: { message: "Session disconnected." } }),
    "DELETE /whatsapp/*": () => ({ body: { message: "Whatsapp deleted." } }),
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

const rows = () => within(screen.getByRole("table")).getAllByRole("row").slice(1);
const row = (name: string) => rows().find((r) => r.textContent?.includes(name))!;

describe("connections page", () => {
  it("lists channel, name, number, status, last update and default, with the session actions of each status", async () => {
    renderWithProviders(<ConnectionsPage />, { plugins: [connectionsPlugin], route: "/connections" });
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(api.calls[0]!.search).toBe("?session=0");
    expect(row("Loja").textContent).toContain("5511988887777");
    expect(row("Loja").textContent).toContain("Conectado");
    expect(within(row("Loja")).getByLabelText("Conexão padrão")).toBeTruthy();
    expect(row("Loja").textContent).toMatch(/\d{2}\/\d{2}\/25 \d{2}:\d{2}/);
    expect(within(row("Loja")).getByRole("button", { name: "Desconectar Loja" })).toBeTruthy();
    expect(within(row("Vendas")).getByRole("button", { name: "QR CODE Vendas" })).toBeTruthy();
    expect(within(row("Suporte")).getByRole("button", { name: "Tentar novamente Suporte" })).toBeTruthy();
    expect(within(row("Suporte")).getByRole("button", { name: "Novo QR CODE Suporte" })).toBeTruthy();
    const connecting = within(row("Filial")).getByRole("button", { name: "Conectando Filial" }) as HTMLButtonElement;
    expect(connecting.disabled).toBe(true);
  });

  it("an API connection (answered as channel whatsapp, channelKind api) shows the API icon and no phone-session actions (issue 32)", async () => {
    api = stubApi({ "GET /whatsapp/": () => ({ body: [apiConnection({ id: 9, name: "Integração", status: "CONNECTED", channel: "whatsapp", channelKind: "api" })] }) });
    vi.stubGlobal("fetch", api.fetch);
    renderWithProviders(<ConnectionsPage />, { plugins: [connectionsPlugin], route: "/connections" });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(row("Integração")).getAllByTitle("API").length).toBeGreaterThan(0);
    expect(within(row("Integração")).queryByRole("button", { name: "Desconectar Integração" })).toBeNull();
  });

  it("a plain user without allowConnections sees the no-access view; with it, the page", async () => {
    const { unmount } = renderWithProviders(<ConnectionsPage />, { plugins: [connectionsPlugin], session: testUser({ profile: "user" }) });
    expect(await screen.findByText("Sem permissão")).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    unmount();
    renderWithProviders(<ConnectionsPage />, {
      plugins: [connectionsPlugin],
      session: testUser({ profile: "user", allowConnections: "enabled", permissions: ["connections-page:addConnection"] }),
    });
    await waitFor(() => expect(rows()).toHaveLength(4));
  });

  it("the add menu offers only what the plan allows", async () => {
    const plan = { ...testPlan(), useFacebook: false, useExternalApi: false };
    renderWithProviders(<ConnectionsPage />, { plugins: [connectionsPlugin], session: testUser({ company: { plan } }) });
    await waitFor(() => expect(rows()).toHaveLength(4));
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    const menu = await screen.findByRole("menu");
    const items = within(menu)
      .getAllByRole("menuitem")
      .map((i) => i.textContent);
    expect(items).toEqual(["WhatsApp", "Instagram", "WhatsApp Cloud API"]);
  });

  it("no plan flag at all: no add button", async () => {
    const plan = { ...testPlan(), useWhatsapp: false, useFacebook: false, useInstagram: false, useExternalApi: false };
    renderWithProviders(<ConnectionsPage />, { plugins: [connectionsPlugin], session: testUser({ company: { plan } }) });
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(screen.queryByRole("button", { name: "Adicionar" })).toBeNull();
  });

  it("follows whatsapp and whatsappSession events: status, number, new rows, deletions", async () => {
    renderWithProviders(<ConnectionsPage />, { plugins: [connectionsPlugin] });
    await waitFor(() => expect(rows()).toHaveLength(4));
    act(() =>
      realtimeClient.deliver("company-2-whatsappSession", {
        action: "update",
        session: { id: 3, status: "CONNECTED", number: "5521977776666", qrcode: "", retries: 0, updatedAt: new Date().toISOString() },
      }),
    );
    await waitFor(() => expect(row("Suporte").textContent).toContain("5521977776666"));
    expect(within(row("Suporte")).getByRole("button", { name: "Desconectar Suporte" })).toBeTruthy();
    act(() => realtimeClient.deliver("company-2-whatsapp", { action: "update", whatsapp: apiConnection({ id: 9, name: "Nova" }) }));
    await waitFor(() => expect(rows()).toHaveLength(5));
    act(() => realtimeClient.deliver("company-2-whatsapp", { action: "delete", whatsappId: 2 }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(screen.queryByText("Vendas")).toBeNull();
  });

  it("the QR dialog shows the code, follows it live and closes when it empties", async () => {
    renderWithProviders(<ConnectionsPage />, { plugins: [connectionsPlugin] });
    await waitFor(() => expect(rows()).toHaveLength(4));
    fireEvent.click(within(row("Vendas")).getByRole("button", { name: "QR CODE Vendas" }));
    const dialog = await screen.findByRole("dialog");
    const svg = within(dialog).getByRole("img", { name: "QR Code da conexão" });
    const firstPath = svg.querySelector("path")!.getAttribute("d");
    act(() => realtimeClient.deliver("company-2-whatsappSession", { action: "update", session: { id: 2, status: "qrcode", qrcode: `${SAMPLE_QR}x`, retries: 1 } }));
    await waitFor(() => expect(screen.getByRole("img", { name: "QR Code da conexão" }).querySelector("path")!.getAttribute("d")).not.toBe(firstPath));
    act(() => realtimeClient.deliver("company-2-whatsappSession", { action: "update", session: { id: 2, status: "CONNECTED", qrcode: "", number: "5511900001111" } }));
    await waitFor(() => expect(screen.queryByRole("img", { name: "QR Code da conexão" })).toBeNull());
    expect(row("Vendas").textContent).toContain("5511900001111");
  });

  it("pairs by phone number: posts the number and shows the pairing code", async () => {
    api = stubApi({
      "GET /whatsapp/": () => ({ body: list() }),
      "POST /whatsappsession/2": () => ({ body: { message: "ok", pairingCode: "ABCD-1234" } }),
    });
    vi.stubGlobal("fetch", api.fetch);
    renderWithProviders(<ConnectionsPage />, { plugins: [connectionsPlugin] });
    await waitFor(() => expect(rows()).toHaveLength(4));
    fireEvent.click(within(row("Vendas")).getByRole("button", { name: "QR CODE Vendas" }));
    fireEvent.click(await screen.findByRole("button", { name: "Conectar com número de telefone" }));
    fireEvent.change(screen.getByLabelText("Número de telefone"), { target: { value: "+55 (11) 98888-7777" } });
    fireEvent.click(screen.getByRole("button", { name: "Gerar código" }));
    expect((await screen.findByTestId("pairing-code")).textContent).toBe("ABCD-1234");
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({ phoneNumber: "5511988887777" });
  });

  it("shows the pairing code a whatsappSession event brings beside the session (a renewed code replaces it)", async () => {
    renderWithProviders(<ConnectionsPage />, { plugins: [connectionsPlugin] });
    await waitFor(() => expect(rows()).toHaveLength(4));
    fireEvent.click(within(row("Vendas")).getByRole("button", { name: "QR CODE Vendas" }));
    fireEvent.click(await screen.findByRole("button", { name: "Conectar com número de telefone" }));
    const event = (pairingCode: string) => ({ action: "update", session: { id: 2, status: "PAIRING", qrcode: "" }, pairingCode });
    act(() => realtimeClient.deliver("company-2-whatsappSession", event("WXYZ-9876")));
    expect((await screen.findByTestId("pairing-code")).textContent).toBe("WXYZ-9876");
    act(() => realtimeClient.deliver("company-2-whatsappSession", event("LMNO-5432")));
    await waitFor(() => expect(screen.getByTestId("pairing-code").textContent).toBe("LMNO-5432"));
  });

  it("try again starts the session and disconnect ends it", async () => {
    renderWithProviders(<ConnectionsPage />, { plugins: [connectionsPlugin] });
    await waitFor(() => expect(rows()).toHaveLength(4));
    fireEvent.click(within(row("Suporte")).getByRole("button", { name: "Tentar novamente Suporte" }));
    await waitFor(() => expect(api.calls.some((c) => c.method === "POST" && c.path === "/whatsappsession/3")).toBe(true));
    fireEvent.click(within(row("Loja")).getByRole("button", { name: "Desconectar Loja" }));
    await waitFor(() => expect(api.calls.some((c) => c.method === "DELETE" && c.path === "/whatsappsession/1")).toBe(true));
  });

  it("deletes after confirmation", async () => {
    renderWithProviders(<ConnectionsPage />, { plugins: [connectionsPlugin] });
    await waitFor(() => expect(rows()).toHaveLength(4));
    fireEvent.click(screen.getByRole("button", { name: "Excluir Suporte" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirmar" }));
    await waitFor(() => expect(api.calls.find((c) => c.method === "DELETE")?.path).toBe("/whatsapp/3"));
    await waitFor(() => expect(rows()).toHaveLength(3));
  });

  it("shows 'preparing' while an import starts, then 'close imported tickets' once it finished", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      api = stubApi({
        "GET /whatsapp/": () => ({ body: [apiConnection({ id: 1, name: "Loja", statusImportMessages: "Running" })] }),
        "POST /closedimported/1": () => ({ body: { message: "ok" } }),
      });
      vi.stubGlobal("fetch", api.fetch);
      renderWithProviders(<ConnectionsPage />, { plugins: [connectionsPlugin] });
      expect(await screen.findByRole("button", { name: "Preparando importação" })).toBeTruthy();
      await act(async () => void vi.advanceTimersByTime(35_500));
      expect(screen.queryByRole("button", { name: "Preparando importação" })).toBeNull();
      act(() => realtimeClient.deliver("company-2-whatsapp", { action: "update", whatsapp: apiConnection({ id: 1, name: "Loja", statusImportMessages: "Finished" }) }));
      fireEvent.click(await screen.findByRole("button", { name: "Fechar tickets importados Loja" }));
      await waitFor(() => expect(api.calls.some((c) => c.path === "/closedimported/1")).toBe(true));
    } finally {
      vi.useRealTimers();
    }
  });

  it("logs out a company whose due date has passed", async () => {
    const { store } = renderWithProviders(<ConnectionsPage />, { plugins: [connectionsPlugin], session: testUser({ company: { dueDate: isoDay(-1) } }) });
    await waitFor(() => expect(store.getState().session.status).toBe("anonymous"));
  });

  it("shows the empty state", async () => {
    api = stubApi({ "GET /whatsapp/": () => ({ body: [] }) });
    vi.stubGlobal("fetch", api.fetch);
    renderWithProviders(<ConnectionsPage />, { plugins: [connectionsPlugin] });
    expect(await screen.findByText("Nenhuma conexão")).toBeTruthy();
  });
});
