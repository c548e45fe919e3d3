import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppRoutes } from "../../../web/src/app/app-routes.tsx";
import { testPlan, testUser } from "../../../web/src/test/fixtures.ts";
import { renderWithProviders } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import { toastError } from "../../../web/src/ui/toast.ts";
import promptsPlugin from "./index.ts";
import type { Prompt } from "./prompts-api.ts";
import { PromptsPage } from "./prompts-page.tsx";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn() }));

const PROMPT: Prompt = {
  id: 3,
  companyId: 1,
  name: "Assistente",
  prompt: "x".repeat(60),
  queueId: 2,
  queue: { id: 2, name: "Vendas" },
  model: "gpt-4o-mini",
  maxTokens: 100,
  temperature: 1,
  maxMessages: 10,
  voice: "texto",
  voiceRegion: null,
  apiKey: "********abcd",
  hasVoiceKey: false,
  promptTokens: 40,
  completionTokens: 2,
  totalTokens: 42,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  vi.clearAllMocks();
  api = stubApi({
    "GET /prompt": () => ({ body: { prompts: [PROMPT] } }),
    "GET /queue": () => ({ body: [{ id: 2, name: "Vendas", color: "#000000" }] }),
    "POST /prompt": (body) => ({ body: { ...PROMPT, id: 4, ...(body as object) } }),
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

describe("prompts page", () => {
  it("shows name, queue, max tokens and tokens used", async () => {
    renderWithProviders(<PromptsPage />, { session: testUser({ profile: "admin" }), plugins: [promptsPlugin], route: "/prompts" });
    const row = (await screen.findByText("Assistente")).closest("tr")!;
    expect(row.textContent).toContain("Vendas");
    expect(row.textContent).toContain("100");
    expect(row.textContent).toContain("42");
  });

  it("checks the spec's rules ('Informe o setor') before saving, then creates with the defaults", async () => {
    renderWithProviders(<PromptsPage />, { session: testUser({ profile: "admin" }), plugins: [promptsPlugin], route: "/prompts" });
    await screen.findByText("Assistente");
    fireEvent.click(screen.getByRole("button", { name: "Adicionar prompt" }));
    fireEvent.change(await screen.findByLabelText("Nome"), { target: { value: "Ana IA" } });
    fireEvent.change(screen.getByLabelText("Chave da API"), { target: { value: "sk-1" } });
    fireEvent.change(screen.getByLabelText("Prompt"), { target: { value: "Você é a assistente da loja. Responda com gentileza e em português." } });
    expect(screen.getByText(/#atendente#/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("Informe o setor")).toBeTruthy();
    expect(api.calls.some((c) => c.method === "POST")).toBe(false);
    fireEvent.change(screen.getByLabelText("Setor"), { target: { value: "2" } });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    await waitFor(() => expect(api.calls.some((c) => c.method === "POST" && c.path === "/prompt")).toBe(true));
    expect(api.calls.find((c) => c.method === "POST")!.body).toMatchObject({
      name: "Ana IA",
      queueId: 2,
      apiKey: "sk-1",
      maxTokens: 100,
      temperature: 1,
      maxMessages: 10,
      voice: "texto",
    });
  });

  it("a plan without the AI option: the spec's toast, no data read", async () => {
    renderWithProviders(<AppRoutes />, { session: testUser({ company: { plan: { ...testPlan(), useOpenAi: false } } }), plugins: [promptsPlugin], route: "/prompts" });
    await waitFor(() => expect(toastError).toHaveBeenCalledWith("Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando."));
    expect(api.calls.some((c) => c.path === "/prompt")).toBe(false);
  });

  it("the profile user gets the no-access view", async () => {
    renderWithProviders(<AppRoutes />, { session: testUser({ profile: "user" }), plugins: [promptsPlugin], route: "/prompts" });
    expect(await screen.findByText("Sem permissão")).toBeTruthy();
  });
});
