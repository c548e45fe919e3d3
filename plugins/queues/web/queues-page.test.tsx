import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { realtimeClient } from "../../../web/src/realtime/realtime.ts";
import { renderWithProviders, testUser } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import queuesPlugin from "./index.ts";
import { QueuesPage } from "./queues-page.tsx";
import { apiQueue } from "./test-data.ts";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn() }));

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  api = stubApi({
    "GET /queue": () => ({
      body: [apiQueue({ id: 1, name: "Vendas", orderQueue: 1 }), apiQueue({ id: 2, name: "Suporte", color: "#0000ff", orderQueue: null, greetingMessage: "Olá suporte" })],
    }),
    "DELETE /queue/*": () => ({ body: { message: "Queue deleted" } }),
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

const rows = () => within(screen.getByRole("table")).getAllByRole("row").slice(1);

describe("queues page", () => {
  it("lists ID, name, colour, order and greeting", async () => {
    renderWithProviders(<QueuesPage />, { plugins: [queuesPlugin], route: "/queues" });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]!.textContent).toContain("Vendas");
    expect(screen.getByRole("img", { name: "Cor #0000ff" })).toBeTruthy();
    expect(screen.getByText("Olá suporte")).toBeTruthy();
  });

  it("a profile user sees the no-access view and loads nothing", async () => {
    renderWithProviders(<QueuesPage />, { plugins: [queuesPlugin], session: testUser({ profile: "user" }) });
    expect(await screen.findByText("Sem permissão")).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it("follows company-{id}-queue events", async () => {
    renderWithProviders(<QueuesPage />, { plugins: [queuesPlugin] });
    await waitFor(() => expect(rows()).toHaveLength(2));
    act(() => realtimeClient.deliver("company-2-queue", { action: "create", queue: apiQueue({ id: 3, name: "Financeiro", orderQueue: 0 }) }));
    await waitFor(() => expect(rows()[0]!.textContent).toContain("Financeiro"));
    act(() => realtimeClient.deliver("company-2-queue", { action: "update", queue: apiQueue({ id: 1, name: "Vendas B2B", orderQueue: 1 }) }));
    await waitFor(() => expect(screen.getByText("Vendas B2B")).toBeTruthy());
    act(() => realtimeClient.deliver("company-2-queue", { action: "delete", queueId: 2 }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByText("Suporte")).toBeNull();
  });

  it("deletes after confirmation", async () => {
    renderWithProviders(<QueuesPage />, { plugins: [queuesPlugin] });
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByRole("button", { name: "Excluir Suporte" }));
    expect(await screen.findByText("Excluir Suporte?")).toBeTruthy();
    expect(api.calls.some((c) => c.method === "DELETE")).toBe(false);
    const dialog = screen.getByRole("dialog");
    const confirm = within(dialog)
      .getAllByRole("button")
      .find((b) => /excluir|sim|confirmar/i.test(b.textContent ?? ""));
    fireEvent.click(confirm!);
    await waitFor(() => expect(api.calls.find((c) => c.method === "DELETE")?.path).toBe("/queue/2"));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it("declares the admin page and the administration menu entry", () => {
    expect(queuesPlugin.pages?.[0]).toMatchObject({ path: "/queues", access: "admin" });
    expect(queuesPlugin.menu?.[0]).toMatchObject({ path: "/queues", access: "admin", order: 110, section: "common:menu.administration" });
  });
});
