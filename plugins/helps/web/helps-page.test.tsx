import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders, testUser } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import type { Help } from "./helps-api.ts";
import HelpsPage from "./helps-page.tsx";
import plugin from "./index.ts";

const help = (id: number, over: Partial<Help> = {}): Help => ({
  id,
  title: `Ajuda ${id}`,
  description: `Descrição ${id}`,
  video: "",
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-01T00:00:00.000Z",
  ...over,
});

let helps: Help[];
let listStatus: number;
let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  helps = [help(1, { title: "Conectar o WhatsApp", video: "dQw4w9WgXcQ" }), help(2, { title: "Criar filas" })];
  listStatus = 200;
  api = stubApi({
    "GET /helps/list": () => (listStatus === 200 ? { body: helps } : { status: listStatus, body: { error: "ERR_INTERNAL" } }),
    "POST /helps": (body) => {
      const created = help(3, body as Partial<Help>);
      helps = [...helps, created];
      return { body: created };
    },
    "DELETE /helps/*": (_body, { path }) => {
      helps = helps.filter((h) => `/helps/${h.id}` !== path);
      return { body: { message: "ok" } };
    },
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

/** Every call but the list's, with its body (null when it has none). */
const writes = () => api.calls.filter((c) => !(c.method === "GET" && c.path === "/helps/list")).map(({ method, path, body }) => ({ method, path, body: body ?? null }));

const superUser = testUser({ super: true, companyId: 1, company: { id: 1 } });

describe("help centre (every user)", () => {
  it("shows a card per entry, with the video's thumbnail when it has a valid code", async () => {
    renderWithProviders(<HelpsPage />, { route: "/helps", plugins: [plugin] });
    const cards = await screen.findAllByTestId("help-card");
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText("Conectar o WhatsApp")).toBeTruthy();
    expect(within(cards[0]!).getByText("Descrição 1")).toBeTruthy();
    const play = within(cards[0]!).getByRole("button", { name: "Assistir: Conectar o WhatsApp" });
    expect(play.querySelector("img")?.getAttribute("src")).toBe("https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg");
    expect(within(cards[1]!).queryByRole("button")).toBeNull();
    // no management for a company user
    expect(screen.queryByLabelText("Título")).toBeNull();
  });
});

describe("helps management (super user)", () => {
  it("creates from the form on top and reports success", async () => {
    renderWithProviders(<HelpsPage />, { session: superUser, route: "/helps", plugins: [plugin] });
    await screen.findByText("Criar filas");
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("Obrigatório")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Título"), { target: { value: "Campanhas" } });
    fireEvent.change(screen.getByLabelText("Código do vídeo"), { target: { value: "abc123xyz" } });
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(writes()).toEqual([{ method: "POST", path: "/helps", body: { title: "Campanhas", description: "", video: "abc123xyz" } }]));
    expect(await screen.findByText("Operação realizada com sucesso!")).toBeTruthy();
    expect(await screen.findByText("Campanhas")).toBeTruthy();
    expect((screen.getByLabelText("Título") as HTMLInputElement).value).toBe("");
  });

  it("asks before deleting with the spec's wording", async () => {
    renderWithProviders(<HelpsPage />, { session: superUser, route: "/helps", plugins: [plugin] });
    const row = (await screen.findByText("Criar filas")).closest("tr") as HTMLElement;
    fireEvent.click(within(row).getByRole("button", { name: "Excluir" }));
    expect(await screen.findByText("Exclusão de Registro")).toBeTruthy();
    expect(screen.getByText("Deseja realmente excluir esse registro?")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Confirmar" }));
    await waitFor(() => expect(screen.queryByText("Criar filas")).toBeNull());
    expect(writes()).toEqual([{ method: "DELETE", path: "/helps/2", body: null }]);
  });

  it("a failed save and a failed list load show the spec's messages", async () => {
    listStatus = 500;
    renderWithProviders(<HelpsPage />, { session: superUser, route: "/helps", plugins: [plugin] });
    expect(await screen.findByText("Não foi possível carregar a lista de registros")).toBeTruthy();
    api.fetch.mockImplementationOnce(async () => Response.json({ error: "ERR_DUPLICATED_NAME" }, { status: 409 }));
    fireEvent.change(screen.getByLabelText("Título"), { target: { value: "Repetida" } });
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText(/^Não foi possível realizar a operação/)).toBeTruthy();
  });
});
