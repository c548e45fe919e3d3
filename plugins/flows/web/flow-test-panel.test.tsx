import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders, testUser } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import type { FlowGraph } from "../shared/flow-engine.ts";
import { FlowTestPanel } from "./flow-test-panel.tsx";
import { emptySession, pendingWait, resume, say } from "./flow-test-session.ts";
import flowsPlugin from "./index.ts";

const n = (id: string, type: string, data: Record<string, unknown>) => ({ id, type, position: { x: 0, y: 0 }, data });
const e = (source: string, target: string, sourceHandle = "a") => ({ id: `${source}-${target}`, source, target, sourceHandle, targetHandle: "b" });

/** start → "Oi!" → image → menu: 1 → question {{nome}} → 1 s → thanks → queue Suporte; 2 → typebot. */
const graph: FlowGraph = {
  nodes: [
    n("s", "start", { label: "Inicio do fluxo" }),
    n("hi", "message", { label: "Oi!" }),
    n("pic", "img", { url: "foto.png" }),
    n("menu", "menu", {
      message: "Escolha",
      arrayOption: [
        { number: 1, value: "Vendas" },
        { number: 2, value: "Robô" },
      ],
    }),
    n("q", "question", { typebotIntegration: { message: "Seu nome?", answerKey: "nome" } }),
    n("wait", "interval", { label: "", sec: 1 }),
    n("thanks", "message", { label: "Obrigado, {{nome}}" }),
    n("t", "ticket", { data: { id: 4, name: "Suporte" } }),
    n("bot", "typebot", { typebotIntegration: { id: 9, name: "Typebot vendas", type: "typebot" } }),
  ],
  connections: [e("s", "hi"), e("hi", "pic"), e("pic", "menu"), e("menu", "q", "a1"), e("menu", "bot", "a2"), e("q", "wait"), e("wait", "thanks"), e("thanks", "t")],
};

describe("test session (the engine in the browser)", () => {
  it("starts on the first message, follows the menu, stores the answer, waits, and tells where it would go", () => {
    let s = say(graph, emptySession(), "oi", (name) => `/public/company2/${name}`);
    expect(s.entries.map((x) => x.kind)).toEqual(["customer", "bot", "media", "bot"]);
    expect(s.entries[2]).toEqual({ kind: "media", mediaType: "image", url: "/public/company2/foto.png" });
    expect(s.at).toBe("menu");
    s = say(graph, s, "1");
    s = say(graph, s, "Ana");
    expect(s.variables).toEqual({ nome: "Ana" });
    expect(pendingWait(s)).toBe(1);
    s = say(graph, s, "ainda aí?");
    expect(s.entries.at(-1)).toEqual({ kind: "customer", text: "ainda aí?", ignored: true });
    s = resume(graph, s);
    expect(s.entries.slice(-3)).toEqual([
      { kind: "bot", text: "Obrigado, Ana" },
      { kind: "queue", queueId: 4, name: "Suporte" },
      { kind: "end", nodeId: "t" },
    ]);
    expect(s.entries.find((x) => x.kind === "wait")).toEqual({ kind: "wait", seconds: 1, done: true });
    expect(s.ended).toBe(true);
    // After the end, a message starts the flow again (the chat stays).
    const again = say(graph, s, "oi de novo");
    expect(again.entries.length).toBeGreaterThan(s.entries.length);
    expect(again.at).toBe("menu");
  });

  it("names skipped nodes: a ticket without a queue, a menu option without an exit, the step limit", () => {
    const g: FlowGraph = {
      nodes: [n("s", "start", {}), n("t", "ticket", {}), n("m", "menu", { message: "M", arrayOption: [{ number: 1, value: "x" }] })],
      connections: [e("s", "t"), e("t", "m")],
    };
    let s = say(g, emptySession(), "oi");
    expect(s.entries).toContainEqual({ kind: "skipped", nodeId: "t", reason: "noQueue" });
    s = say(g, s, "1");
    expect(s.entries).toContainEqual({ kind: "skipped", nodeId: "m", reason: "noExit", option: "1" });
    expect(s.entries.at(-1)).toEqual({ kind: "end", nodeId: "m" });
    const loop: FlowGraph = { nodes: [n("s", "start", {}), n("a", "message", { label: "a" })], connections: [e("s", "a"), e("a", "a")] };
    expect(say(loop, emptySession(), "oi").entries.at(-2)).toEqual({ kind: "skipped", nodeId: "a", reason: "stepLimit" });
  });
});

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  api = stubApi({});
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

function open(g: FlowGraph = graph) {
  const onAt = vi.fn();
  renderWithProviders(<FlowTestPanel onClose={() => {}} graph={g} onAt={onAt} />, { session: testUser({ profile: "admin" }), plugins: [flowsPlugin] });
  return { onAt, panel: within(screen.getByTestId("flow-test-panel")) };
}
const write = (panel: ReturnType<typeof within>, text: string) => {
  fireEvent.change(panel.getByLabelText("Mensagem do cliente"), { target: { value: text } });
  fireEvent.click(panel.getByRole("button", { name: "Enviar" }));
};
const texts = (panel: ReturnType<typeof within>, id: string) => panel.queryAllByTestId(id).map((x: HTMLElement) => x.textContent);

describe("test panel", () => {
  it("runs the canvas as a chat: messages, media, menu, question, a skippable wait, variables, the queue and the end", async () => {
    const { panel, onAt } = open();
    expect(panel.getByText("Escreva uma mensagem como o cliente para iniciar o fluxo.")).toBeTruthy();
    write(panel, "oi");
    expect(texts(panel, "flow-test-customer")).toEqual(["oi"]);
    expect(texts(panel, "flow-test-bot")).toEqual(["Oi!", "Escolha\n\n*1* - Vendas\n*2* - Robô"]);
    const media = panel.getByTestId("flow-test-media");
    expect(media.querySelector("img")?.getAttribute("src")).toBe(`/public/company${testUser().companyId}/foto.png`);
    await waitFor(() => expect(onAt).toHaveBeenLastCalledWith("menu"));

    write(panel, "7");
    expect(texts(panel, "flow-test-bot").at(-1)).toContain("*1* - Vendas");
    write(panel, "vendas");
    expect(texts(panel, "flow-test-bot").at(-1)).toBe("Seu nome?");
    write(panel, "Ana");
    expect(panel.getByTestId("flow-test-variables").textContent).toContain("{{nome}} = Ana");
    expect(panel.getByTestId("flow-test-wait").textContent).toContain("aguardando 1 s");
    write(panel, "ei");
    expect(panel.getByText("ignorada: o fluxo está aguardando o intervalo")).toBeTruthy();
    fireEvent.click(panel.getByRole("button", { name: "Pular" }));
    expect(texts(panel, "flow-test-bot").at(-1)).toBe("Obrigado, Ana");
    expect(panel.getByTestId("flow-test-queue").textContent).toBe("entregaria à fila Suporte (fim do fluxo)");
    expect(panel.getByTestId("flow-test-end").textContent).toBe("Fim do fluxo em Ticket “Suporte”");
    expect(panel.queryByRole("button", { name: "Pular" })).toBeNull();
    // The history says the wait is over.
    expect(panel.getByTestId("flow-test-wait").textContent).toBe("aguardou 1 s");
    await waitFor(() => expect(onAt).toHaveBeenLastCalledWith(null));
    // Nothing reached the server: no channel, no ticket.
    expect(api.calls).toEqual([]);
  });

  it("an interval runs out by itself; a typebot node says where it would hand over; Reiniciar empties the chat", async () => {
    const { panel } = open();
    write(panel, "oi");
    write(panel, "1");
    write(panel, "Bia");
    expect(panel.getByTestId("flow-test-wait")).toBeTruthy();
    await waitFor(() => expect(texts(panel, "flow-test-bot").at(-1)).toBe("Obrigado, Bia"), { timeout: 3000 });
    expect(panel.getByTestId("flow-test-wait").textContent).toBe("aguardou 1 s");

    fireEvent.click(panel.getByRole("button", { name: "Reiniciar teste" }));
    expect(panel.queryAllByTestId("flow-test-bot")).toEqual([]);
    write(panel, "oi");
    write(panel, "2");
    expect(panel.getByTestId("flow-test-handover").textContent).toBe("entregaria à integração Typebot vendas (fim do fluxo)");
    expect(panel.getByTestId("flow-test-end").textContent).toBe("Fim do fluxo em TypeBot “Typebot vendas”");
  });
});
