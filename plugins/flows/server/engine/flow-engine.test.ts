import { describe, expect, it } from "vitest";
import { type FlowCursor, type FlowEdge, type FlowGraph, type FlowNode, fillVariables, handOverTargets, runFlow } from "../../shared/flow-engine.ts";

/** A chain of nodes, each joined to the next (edges with no handle), plus extra edges. */
function chain(nodes: FlowNode[], extra: FlowEdge[] = []): FlowGraph {
  const edges: FlowEdge[] = [];
  for (let i = 0; i + 1 < nodes.length; i++) edges.push({ id: `e${i}`, source: nodes[i]!.id, target: nodes[i + 1]!.id, sourceHandle: "a", targetHandle: "b" });
  return { nodes, connections: [...edges, ...extra] };
}
const start: FlowNode = { id: "s", type: "start", data: { label: "Inicio do fluxo" } };
const msg = (id: string, label: string): FlowNode => ({ id, type: "message", data: { label } });
const sent = (turn: ReturnType<typeof runFlow>) => turn.actions.filter((a) => a.type === "send").map((a) => (a.type === "send" ? a.text || a.media : ""));

describe("flow engine, per node type", () => {
  it("start and message: sends each message in order and ends when the nodes run out", () => {
    const turn = runFlow(chain([start, msg("m1", "Olá"), msg("m2", "Tudo bem?")]), null, { kind: "start" });
    expect(sent(turn)).toEqual(["Olá", "Tudo bem?"]);
    expect(turn.cursor).toBeNull();
    expect(turn.visited).toEqual(["s", "m1", "m2"]);
  });

  it("img, audio (record = voice note) and video send their media through mediaUrl", () => {
    const g = chain([
      start,
      { id: "i", type: "img", data: { url: "a.png" } },
      { id: "a", type: "audio", data: { url: "b.ogg", record: true } },
      { id: "v", type: "video", data: { url: "c.mp4" } },
    ]);
    const turn = runFlow(g, null, { kind: "start" }, { mediaUrl: (n) => `/public/company1/${n}` });
    expect(turn.actions).toEqual([
      { type: "send", text: "", media: "/public/company1/a.png", mediaType: "image" },
      { type: "send", text: "", media: "/public/company1/b.ogg", mediaType: "audio", record: true },
      { type: "send", text: "", media: "/public/company1/c.mp4", mediaType: "video" },
    ]);
  });

  it("interval waits, then a resume goes on; a message during the wait changes nothing", () => {
    const g = chain([start, msg("m1", "Um"), { id: "w", type: "interval", data: { label: "", sec: 5 } }, msg("m2", "Dois")]);
    const first = runFlow(g, null, { kind: "start" });
    expect(first.actions).toEqual([
      { type: "send", text: "Um" },
      { type: "wait", seconds: 5 },
    ]);
    expect(first.cursor).toMatchObject({ nodeId: "w", waiting: "interval" });
    const during = runFlow(g, first.cursor, { kind: "message", text: "oi?" });
    expect(during.actions).toEqual([]);
    expect(during.cursor).toEqual(first.cursor);
    expect(sent(runFlow(g, first.cursor, { kind: "resume" }))).toEqual(["Dois"]);
  });

  it("an interval over 120 s waits 120 s (never longer)", () => {
    const turn = runFlow(chain([start, { id: "w", type: "interval", data: { sec: 99999 } }]), null, { kind: "start" });
    expect(turn.actions).toEqual([{ type: "wait", seconds: 120 }]);
  });

  it("singleBlock: elements in seq order, an interval element waits and the block goes on after it", () => {
    const block: FlowNode = {
      id: "b",
      type: "singleBlock",
      data: {
        seq: ["message2", "interval1", "img1", "message1"],
        elements: [
          { number: "message1", type: "message", value: "último" },
          { number: "message2", type: "message", value: "primeiro" },
          { number: "interval1", type: "interval", value: "3" },
          { number: "img1", type: "img", value: "x.png", original: "foto.png" },
        ],
      },
    };
    const g = chain([start, block, msg("after", "fim")]);
    const first = runFlow(g, null, { kind: "start" });
    expect(first.actions).toEqual([
      { type: "send", text: "primeiro" },
      { type: "wait", seconds: 3 },
    ]);
    expect(first.cursor).toMatchObject({ nodeId: "b", element: 2, waiting: "interval" });
    expect(sent(runFlow(g, first.cursor, { kind: "resume" }))).toEqual(["x.png", "último", "fim"]);
  });

  it("menu: sends the options, follows the chosen a{number} exit; an invalid answer repeats the menu", () => {
    const menu: FlowNode = {
      id: "menu",
      type: "menu",
      data: {
        message: "Escolha:",
        arrayOption: [
          { number: 1, value: "Vendas" },
          { number: 2, value: "Suporte" },
        ],
      },
    };
    const g: FlowGraph = {
      nodes: [start, menu, msg("v", "Vendas aqui"), msg("s2", "Suporte aqui")],
      connections: [
        { id: "e0", source: "s", target: "menu", sourceHandle: "a" },
        { id: "e1", source: "menu", target: "v", sourceHandle: "a1" },
        { id: "e2", source: "menu", target: "s2", sourceHandle: "a2" },
      ],
    };
    const first = runFlow(g, null, { kind: "start" });
    expect(sent(first)).toEqual(["Escolha:\n\n*1* - Vendas\n*2* - Suporte"]);
    const invalid = runFlow(g, first.cursor, { kind: "message", text: "9" });
    expect(sent(invalid)).toEqual(["Escolha:\n\n*1* - Vendas\n*2* - Suporte"]);
    expect(invalid.cursor).toEqual(first.cursor);
    expect(sent(runFlow(g, first.cursor, { kind: "message", text: " 2 " }))).toEqual(["Suporte aqui"]);
    // The option's label, case and accents ignored, chooses it too.
    expect(sent(runFlow(g, first.cursor, { kind: "message", text: "VENDAS" }))).toEqual(["Vendas aqui"]);
  });

  it("question: the answer becomes {{answerKey}} in every later text, and stays in the variables", () => {
    const q: FlowNode = { id: "q", type: "question", data: { typebotIntegration: { message: "Seu nome?", answerKey: "nome" } } };
    const g = chain([start, q, msg("m", "Prazer, {{nome}}! {{name}} fica")]);
    const first = runFlow(g, null, { kind: "start" });
    expect(sent(first)).toEqual(["Seu nome?"]);
    const answered = runFlow(g, first.cursor, { kind: "message", text: " Ana " });
    expect(sent(answered)).toEqual(["Prazer, Ana! {{name}} fica"]);
    expect(answered.variables).toEqual({ nome: "Ana" });
  });

  it("randomizer: a (its percent) or b (the rest)", () => {
    const g: FlowGraph = {
      nodes: [start, { id: "r", type: "randomizer", data: { percent: 30 } }, msg("a", "A"), msg("b", "B")],
      connections: [
        { source: "s", target: "r" },
        { source: "r", target: "a", sourceHandle: "a" },
        { source: "r", target: "b", sourceHandle: "b" },
      ],
    };
    expect(sent(runFlow(g, null, { kind: "start" }, { random: () => 0.29 }))).toEqual(["A"]);
    expect(sent(runFlow(g, null, { kind: "start" }, { random: () => 0.3 }))).toEqual(["B"]);
  });

  it("condition: branches on a variable (a true, b false)", () => {
    const g: FlowGraph = {
      nodes: [start, { id: "c", type: "condition", data: { key: "idade", condition: ">=", value: "18" } }, msg("a", "adulto"), msg("b", "menor")],
      connections: [
        { source: "s", target: "c" },
        { source: "c", target: "a", sourceHandle: "a" },
        { source: "c", target: "b", sourceHandle: "b" },
      ],
    };
    expect(sent(runFlow(g, null, { kind: "start" }, {}, { idade: "20" }))).toEqual(["adulto"]);
    expect(sent(runFlow(g, null, { kind: "start" }, {}, { idade: "9" }))).toEqual(["menor"]);
  });

  it("ticket: into the node's queue, the flow ends", () => {
    const g = chain([start, msg("m", "Transferindo"), { id: "t", type: "ticket", data: { data: { id: 7, name: "Vendas" } } }, msg("x", "nunca")]);
    const turn = runFlow(g, null, { kind: "start" });
    expect(turn.actions).toEqual([
      { type: "send", text: "Transferindo" },
      { type: "setQueue", queueId: 7 },
    ]);
    expect(turn.cursor).toBeNull();
  });

  it("typebot/openai: hands over when the handler can take it, else goes on past the node (logged)", () => {
    const g = chain([start, { id: "t", type: "typebot", data: { data: { id: 4 } } }, { id: "o", type: "openai", data: { data: { id: 9 } } }, msg("m", "sem robôs")]);
    const taken = runFlow(g, null, { kind: "start" }, { canHandOver: (h) => h === "prompt:9" });
    expect(taken.actions.filter((a) => a.type !== "log")).toEqual([{ type: "handOver", holder: "prompt:9" }]);
    const skipped = runFlow(g, null, { kind: "start" });
    expect(sent(skipped)).toEqual(["sem robôs"]);
    expect(skipped.actions.filter((a) => a.type === "log")).toHaveLength(2);
  });

  it("typebot/openai: the editor's picked object (`typebotIntegration` with its id) names the handler", () => {
    const g = chain([start, { id: "t", type: "typebot", data: { typebotIntegration: { id: 12, name: "Vendas", type: "typebot" } } }]);
    const turn = runFlow(g, null, { kind: "start" }, { canHandOver: (h) => h === "integration:12" });
    expect(turn.actions).toEqual([{ type: "handOver", holder: "integration:12" }]);
    const ai = chain([start, { id: "o", type: "openai", data: { typebotIntegration: { id: 3, name: "Assistente" } } }]);
    expect(handOverTargets(ai)).toEqual(["prompt:3"]);
  });

  it("a cycle stops at the per-turn step limit instead of sending forever", () => {
    const g: FlowGraph = {
      nodes: [start, msg("a", "A"), msg("b", "B")],
      connections: [
        { source: "s", target: "a" },
        { source: "a", target: "b" },
        { source: "b", target: "a" },
      ],
    };
    const turn = runFlow(g, null, { kind: "start" }, { maxSteps: 50 });
    expect(sent(turn)).toHaveLength(49);
    expect(turn.cursor).toBeNull();
    expect(turn.actions.at(-1)).toMatchObject({ type: "log" });
  });

  it("a cursor at a node that no longer exists ends the flow quietly", () => {
    const cursor: FlowCursor = { nodeId: "gone", waiting: "menu", element: 0, variables: {} };
    expect(runFlow(chain([start]), cursor, { kind: "message", text: "1" })).toMatchObject({ actions: [], cursor: null });
  });

  it("fillVariables leaves unknown placeholders for the message's own variables", () => {
    expect(fillVariables("{{a}} {{ b }} {{c}}", { a: "1", b: "2" })).toBe("1 2 {{c}}");
  });
});
