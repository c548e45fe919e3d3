import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Route } from "wouter";
import { renderWithProviders, testUser } from "../../../web/src/test/render.tsx";
import { stubApi, type StubHandler } from "../../../web/src/test/stub-api.ts";
import { toastSuccess } from "../../../web/src/ui/toast.ts";
import { FlowEditorPage } from "./flow-editor-page.tsx";
import flowsPlugin from "./index.ts";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn(), errorMessage: String }));

const start = { id: "s", type: "start", position: { x: 0, y: 0 }, data: { label: "Inicio do fluxo" } };
const node = (id: string, label: string, x = 240) => ({ id, type: "message", position: { x, y: 0 }, data: { label } });
const edge = (source: string, target: string) => ({ id: `${source}-${target}`, source, target, sourceHandle: "a", targetHandle: "b" });
const published = { nodes: [start, node("m", "Publicado")], connections: [edge("s", "m")] };
const withGraph = (flow: unknown) => ({
  body: { flow: { id: 5, companyId: 2, name: "Boas-vindas", active: true, version: 1, createdAt: "2026-01-01T00:00:00Z", updatedAt: "2026-01-01T00:00:00Z", flow } },
});

let api: ReturnType<typeof stubApi>;
function setup(routes: Record<string, StubHandler> = {}) {
  api = stubApi({ "GET /flowbuilder/flow/5": () => withGraph(published), "GET /flowbuilder/5/draft": () => ({ body: null }), ...routes });
  vi.stubGlobal("fetch", api.fetch);
}
beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

const render = () =>
  renderWithProviders(
    <Route path="/flowbuilder/:id">
      <FlowEditorPage />
    </Route>,
    { session: testUser({ profile: "admin" }), plugins: [flowsPlugin], route: "/flowbuilder/5" },
  );
const click = (name: string) => fireEvent.click(screen.getByRole("button", { name }));

describe("flow editor: drafts", () => {
  it("without a draft: the published graph, no tag; 'Salvar rascunho' PUTs the canvas and tags it", async () => {
    setup({ "PUT /flowbuilder/5/draft": (body) => ({ body: { flowId: 5, userId: 1, updatedAt: "2026-01-02T00:00:00Z", ...(body as object) } }) });
    render();
    expect(await screen.findByText("Publicado")).toBeTruthy();
    expect(screen.queryByTestId("flow-draft-tag")).toBeNull();
    expect(screen.queryByRole("button", { name: "Descartar rascunho" })).toBeNull();
    click("Salvar rascunho");
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith("Rascunho salvo (não publicado)"));
    const put = api.calls.find((c) => c.method === "PUT");
    expect(put?.body).toMatchObject({
      nodes: [
        { id: "s", type: "start" },
        { id: "m", data: { label: "Publicado" } },
      ],
      connections: [{ source: "s", target: "m" }],
    });
    expect(api.calls.some((c) => c.path === "/flowbuilder/flow" && c.method === "POST")).toBe(false);
    expect((await screen.findByTestId("flow-draft-tag")).textContent).toBe("Rascunho");
  });

  it("with a draft: the editor shows the draft, tagged; 'Descartar rascunho' goes back to the published graph", async () => {
    const draft = { flowId: 5, userId: 1, updatedAt: "2026-01-02T00:00:00Z", nodes: [start, node("d", "Em rascunho")], connections: [edge("s", "d")] };
    setup({ "GET /flowbuilder/5/draft": () => ({ body: draft }), "DELETE /flowbuilder/5/draft": () => ({ body: { message: "Draft discarded" } }) });
    render();
    expect(await screen.findByText("Em rascunho")).toBeTruthy();
    expect(screen.queryByText("Publicado")).toBeNull();
    expect(screen.getByTestId("flow-draft-tag").textContent).toBe("Rascunho");
    click("Descartar rascunho");
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("O editor volta à versão publicada");
    fireEvent.click(screen.getAllByRole("button", { name: "Descartar rascunho" }).at(-1)!);
    expect(await screen.findByText("Publicado")).toBeTruthy();
    expect(screen.queryByText("Em rascunho")).toBeNull();
    await waitFor(() => expect(screen.queryByTestId("flow-draft-tag")).toBeNull());
    expect(api.calls.some((c) => c.method === "DELETE" && c.path === "/flowbuilder/5/draft")).toBe(true);
  });

  it("Salvar publishes the canvas (POST /flowbuilder/flow) and the draft tag goes", async () => {
    let draft: unknown = { flowId: 5, userId: 1, updatedAt: "2026-01-02T00:00:00Z", nodes: [start, node("d", "Em rascunho")], connections: [edge("s", "d")] };
    setup({
      "GET /flowbuilder/5/draft": () => ({ body: draft }),
      "POST /flowbuilder/flow": (body) => {
        draft = null;
        return withGraph(body);
      },
    });
    render();
    expect(await screen.findByTestId("flow-draft-tag")).toBeTruthy();
    click("Salvar");
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith("Fluxo salvo com sucesso"));
    expect(api.calls.find((c) => c.method === "POST")?.body).toMatchObject({ idFlow: 5, nodes: [{ id: "s" }, { id: "d" }] });
    await waitFor(() => expect(screen.queryByTestId("flow-draft-tag")).toBeNull());
    // The canvas stays as it was (not reloaded from the server).
    expect(screen.getByText("Em rascunho")).toBeTruthy();
  });

  it("a server without drafts (404) still opens the published graph", async () => {
    setup({ "GET /flowbuilder/5/draft": () => ({ status: 404, body: { error: "ERR_NOT_FOUND" } }) });
    render();
    expect(await screen.findByText("Publicado")).toBeTruthy();
    expect(screen.queryByTestId("flow-draft-tag")).toBeNull();
  });
});

/** The exact shape of GET /flowbuilder/{id}/counters (the runtime's route). */
const countersFixture = { since: "2026-10-30T00:00:00.000Z", counters: { s: 40, m: 12 } };
const badges = () =>
  Object.fromEntries([...document.querySelectorAll(".react-flow__node")].map((el) => [el.getAttribute("data-id"), el.querySelector(".flows-node-counter")?.textContent ?? null]));

describe("flow editor: counters on the canvas", () => {
  it("each node shows how many conversations reached it (0 when none); the toggle hides them and is remembered", async () => {
    const published3 = { nodes: [...published.nodes, node("x", "Nunca", 480)], connections: [...published.connections, edge("m", "x")] };
    setup({ "GET /flowbuilder/flow/5": () => withGraph(published3), "GET /flowbuilder/5/counters": () => ({ body: countersFixture }) });
    render();
    expect(await screen.findByText("Nunca")).toBeTruthy();
    await waitFor(() => expect(badges()).toEqual({ s: "40", m: "12", x: "0" }));
    expect(document.querySelector('[data-id="m"] .flows-node-counter')?.getAttribute("title")).toBe("12 conversas chegaram a este nó nos últimos 30 dias");
    const toggle = screen.getByLabelText("Contadores") as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() => expect(badges()).toEqual({ s: null, m: null, x: null }));
    expect(localStorage.getItem("flows.counters.hidden")).toBe("1");
  });

  it("hidden stays hidden on the next visit", async () => {
    localStorage.setItem("flows.counters.hidden", "1");
    setup({ "GET /flowbuilder/5/counters": () => ({ body: countersFixture }) });
    render();
    expect(await screen.findByText("Publicado")).toBeTruthy();
    expect(((await screen.findByLabelText("Contadores")) as HTMLInputElement).checked).toBe(false);
    expect(badges()).toEqual({ s: null, m: null });
    fireEvent.click(screen.getByLabelText("Contadores"));
    await waitFor(() => expect(badges()).toEqual({ s: "40", m: "12" }));
  });

  it("a server without the counters route (404): no badge, no toggle, no error", async () => {
    setup();
    render();
    expect(await screen.findByText("Publicado")).toBeTruthy();
    await waitFor(() => expect(api.calls.some((c) => c.path === "/flowbuilder/5/counters")).toBe(true));
    expect(screen.queryByLabelText("Contadores")).toBeNull();
    expect(badges()).toEqual({ s: null, m: null });
  });
});
