import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppRoutes } from "../../../web/src/app/app-routes.tsx";
import { renderWithProviders, testUser } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import { toastSuccess } from "../../../web/src/ui/toast.ts";
import integrationsPlugin from "./index.ts";
import { IntegrationsPage } from "./integrations-page.tsx";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn() }));

const record = (id: number, name: string, type: string, extra: Record<string, unknown> = {}) => ({
  id,
  companyId: 2,
  name,
  type,
  projectName: "",
  jsonContent: "",
  hasJsonContent: false,
  language: "",
  urlN8N: "",
  typebotSlug: "",
  typebotExpires: 1,
  typebotKeywordFinish: "",
  typebotKeywordRestart: "",
  typebotRestartMessage: "",
  typebotUnknownMessage: "",
  typebotDelayMessage: 1000,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...extra,
});

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  vi.clearAllMocks();
  api = stubApi({
    "GET /queueIntegration/": (_b, call) =>
      call.url.searchParams.get("searchParam")
        ? { body: { queueIntegrations: [record(2, "Fluxo n8n", "n8n")], count: 1, hasMore: false } }
        : { body: { queueIntegrations: [record(1, "Typebot vendas", "typebot"), record(2, "Fluxo n8n", "n8n")], count: 2, hasMore: false } },
    "POST /queueIntegration": (body) => ({ body: record(9, (body as { name: string }).name, (body as { type: string }).type, body as Record<string, unknown>) }),
    "POST /queueIntegration/testSession": () => ({ body: { ok: false, step: "startChat", message: "HTTP 404" } }),
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

const render = () => renderWithProviders(<IntegrationsPage />, { plugins: [integrationsPlugin], route: "/queue-integration" });

describe("queue integrations page", () => {
  it("lists integrations with id, name and a type badge", async () => {
    render();
    expect(await screen.findByRole("heading", { name: "Integrações (2)" })).toBeTruthy();
    expect(screen.getByRole("img", { name: "Typebot" })).toBeTruthy();
    expect(screen.getByRole("img", { name: "N8N" })).toBeTruthy();
  });

  it("the dialog shows each type's fields, checks them, sends only the type's fields and tests the session", async () => {
    render();
    await screen.findByText("Typebot vendas");
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Nome"), { target: { value: "a" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await within(dialog).findByText("Muito curto!")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Nome"), { target: { value: "Typebot suporte" } });
    fireEvent.change(within(dialog).getByLabelText("Tipo"), { target: { value: "typebot" } });
    expect(within(dialog).getByLabelText("Typebot - Slug")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    await waitFor(() => expect(within(dialog).getAllByText("Obrigatório").length).toBe(2));
    fireEvent.change(within(dialog).getByLabelText("URL"), { target: { value: "https://typebot.example.com" } });
    fireEvent.change(within(dialog).getByLabelText("Typebot - Slug"), { target: { value: "suporte" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Testar sessão" }));
    expect(await within(dialog).findByText(/Falhou em startChat: HTTP 404/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith("Integração salva com sucesso!"));
    const sent = api.calls.find((c) => c.method === "POST" && c.path === "/queueIntegration")!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      name: "Typebot suporte",
      type: "typebot",
      urlN8N: "https://typebot.example.com",
      typebotSlug: "suporte",
      typebotDelayMessage: 1000,
      typebotExpires: 1,
    });
    expect(sent).not.toHaveProperty("jsonContent");
  });

  it("a profile user sees the no-permission screen and no call is made", async () => {
    renderWithProviders(<AppRoutes />, { session: testUser({ profile: "user" }), plugins: [integrationsPlugin], route: "/queue-integration" });
    expect(await screen.findByText("Sem permissão")).toBeTruthy();
    expect(api.calls.some((c) => c.path.startsWith("/queueIntegration"))).toBe(false);
  });
});
