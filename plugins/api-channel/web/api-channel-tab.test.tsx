import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import type { ApiConnection, Delivery } from "./api-channel-api.ts";
import ApiChannelTab from "./api-channel-tab.tsx";
import plugin from "./index.ts";

const connection = (id: number, over: Partial<ApiConnection> = {}): ApiConnection => ({
  id,
  name: `API ${id}`,
  channel: "whatsapp",
  channelKind: "api",
  status: "CONNECTED",
  webhookUrl: `https://hooks.example.test/${id}`,
  token: `tok${id}`.padEnd(30, "x"),
  ...over,
});
const delivery = (id: number, over: Partial<Delivery> = {}): Delivery => ({
  id,
  whatsappId: 1,
  event: "message.created",
  url: "https://hooks.example.test/1",
  statusCode: 200,
  ok: true,
  error: null,
  attempt: 1,
  durationMs: 12,
  createdAt: "2025-03-04T05:06:07.000Z",
  ...over,
});

let connections: ApiConnection[];
let pages: Record<string, { records: Delivery[]; hasMore: boolean }>;
let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  connections = [connection(1), connection(2, { webhookUrl: "" }), { ...connection(3), channel: "whatsapp", channelKind: "whatsapp", name: "Zap" }];
  pages = {
    "1:1": {
      records: [delivery(11, { ok: false, statusCode: 500, error: "HTTP 500: receiver says no", attempt: 1, durationMs: 40 }), delivery(10, { event: "message.ack", attempt: 2 })],
      hasMore: true,
    },
    "1:2": { records: [delivery(9, { event: "ticket.updated" })], hasMore: false },
    "2:1": { records: [], hasMore: false },
  };
  api = stubApi({
    "GET /whatsapp": () => ({ body: connections }),
    "GET /channels/api/deliveries": (_b, call) => ({
      body: pages[`${call.url.searchParams.get("whatsappId")}:${call.url.searchParams.get("pageNumber")}`] ?? { records: [], hasMore: false },
    }),
    "POST /channels/api/deliveries/*": () => ({ body: { message: "Delivery queued" } }),
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

const render = () => renderWithProviders(<ApiChannelTab />, { route: "/settings", plugins: [plugin] });
const logCalls = () => api.calls.filter((c) => c.path === "/channels/api/deliveries").map((c) => c.search);
const rows = () => screen.getAllByTestId("delivery-row");

describe("api channel tab", () => {
  it("shows the first API connection's webhook URL, token and delivery log", async () => {
    render();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect((screen.getByLabelText("URL do webhook") as HTMLInputElement).value).toBe("https://hooks.example.test/1");
    expect((screen.getByLabelText("Token") as HTMLInputElement).value).toBe(connections[0]!.token);
    // only API connections are offered
    expect(
      within(screen.getByLabelText("Conexão"))
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["API 1", "API 2"]);
    const [failed, ok] = rows();
    expect(within(failed!).getByText("Falhou")).toBeTruthy();
    expect(within(failed!).getByText("500")).toBeTruthy();
    expect(within(failed!).getByText("HTTP 500: receiver says no")).toBeTruthy();
    expect(within(failed!).getByText("40 ms")).toBeTruthy();
    expect(within(ok!).getByText("Entregue")).toBeTruthy();
    expect(within(ok!).getByText("message.ack")).toBeTruthy();
    expect(within(ok!).getByText("2")).toBeTruthy();
    expect(logCalls()).toEqual(["?whatsappId=1&pageNumber=1"]);
  });

  it("loads more pages and refreshes from the first", async () => {
    render();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByRole("button", { name: "Carregar mais" }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.queryByRole("button", { name: "Carregar mais" })).toBeNull();
    pages["1:1"] = { records: [delivery(12, { event: "ticket.deleted" })], hasMore: false };
    fireEvent.click(screen.getByRole("button", { name: "Atualizar" }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByText("ticket.deleted")).toBeTruthy();
    expect(logCalls()).toEqual(["?whatsappId=1&pageNumber=1", "?whatsappId=1&pageNumber=2", "?whatsappId=1&pageNumber=1"]);
  });

  it("retries one delivery and says it is queued", async () => {
    render();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(rows()[0]!).getByRole("button", { name: "Reenviar" }));
    await waitFor(() => expect(api.calls.some((c) => c.method === "POST" && c.path === "/channels/api/deliveries/11/retry")).toBe(true));
    expect(await screen.findByText("Reenvio agendado.")).toBeTruthy();
  });

  it("copies the token", async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    render();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByRole("button", { name: "Copiar token" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(connections[0]!.token));
    expect(await screen.findByText("Token copiado!")).toBeTruthy();
  });

  it("switching connection shows its own log, empty state and missing-webhook warning", async () => {
    render();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.change(screen.getByLabelText("Conexão"), { target: { value: "2" } });
    expect(await screen.findByText("Nenhuma entrega registrada.")).toBeTruthy();
    expect(screen.queryAllByTestId("delivery-row")).toHaveLength(0);
    expect(screen.getByText(/não tem URL de webhook/)).toBeTruthy();
    expect(logCalls().at(-1)).toBe("?whatsappId=2&pageNumber=1");
  });

  it("without API connections explains how to create one", async () => {
    connections = [{ ...connection(3), channel: "whatsapp", channelKind: "whatsapp" }];
    render();
    expect(await screen.findByText("Nenhuma conexão do canal API.")).toBeTruthy();
    expect(logCalls()).toEqual([]);
  });
});
