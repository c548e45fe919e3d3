import type { Edge, Node } from "@xyflow/react";
import { blockElements, menuText, questionOf, ticketQueueId } from "../shared/flow-engine.ts";
import type { FlowGraphSave } from "../shared/flow-types.ts";

/** The kinds the speed-dial adds (spec 002 §2.7), plus the ones a stored flow may hold. */
export const FLOW_NODE_KINDS = [
  "start",
  "singleBlock",
  "menu",
  "randomizer",
  "interval",
  "ticket",
  "typebot",
  "openai",
  "question",
  "message",
  "img",
  "audio",
  "video",
  "condition",
] as const;
export type FlowNodeKind = (typeof FLOW_NODE_KINDS)[number];
/** The speed-dial of spec 002 §2.7: Inicio, Conteúdo, Menu, Randomizador, Intervalo, Ticket, TypeBot, OpenAI, Pergunta. */
export const SPEED_DIAL: readonly FlowNodeKind[] = ["start", "singleBlock", "menu", "randomizer", "interval", "ticket", "typebot", "openai", "question"];
/** Kinds a stored flow may hold that the spec's speed-dial does not offer (still added and edited here). */
export const EXTRA_KINDS: readonly FlowNodeKind[] = ["message", "img", "audio", "video", "condition"];

/** Spec 002 §9: a new node goes 40 px right of the last; a duplicate 240 px right of the rightmost. */
export const NEW_NODE_OFFSET = 40;
export const DUPLICATE_OFFSET = 240;
const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A node id: 30 random alphanumerics (spec 002 §3 Node). */
export function nodeId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(30));
  return Array.from(bytes, (b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join("");
}

type Data = Record<string, unknown>;

const DEFAULT_DATA: Record<FlowNodeKind, Data> = {
  start: { label: "Inicio do fluxo" },
  message: { label: "" },
  interval: { label: "", sec: 1 },
  condition: { key: "", condition: "==", value: "" },
  menu: { message: "", arrayOption: [{ number: 1, value: "" }] },
  img: { url: "" },
  audio: { url: "", record: true },
  video: { url: "" },
  randomizer: { percent: 50 },
  singleBlock: { seq: [], elements: [] },
  ticket: {},
  typebot: {},
  openai: {},
  question: { typebotIntegration: { message: "", answerKey: "" } },
};

/** A new node of `kind`, 40 px right of the last node. */
export function addedNode(kind: FlowNodeKind, nodes: readonly Node<Data>[]): Node<Data> {
  const last = nodes.at(-1);
  const position = last ? { x: last.position.x + NEW_NODE_OFFSET + (last.measured?.width ?? 200), y: last.position.y } : { x: 0, y: 0 };
  return { id: nodeId(), type: kind, position, data: structuredClone(DEFAULT_DATA[kind]) };
}

/** A copy of `node` 240 px right of the rightmost node. */
export function duplicateOf(node: Node<Data>, nodes: readonly Node<Data>[]): Node<Data> {
  const rightmost = Math.max(...nodes.map((n) => n.position.x));
  return { id: nodeId(), type: node.type, position: { x: rightmost + DUPLICATE_OFFSET, y: node.position.y }, data: structuredClone(node.data) };
}

/** What the canvas shows inside a node. */
export function nodeSummary(type: string, data: Data): string {
  const s = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : "");
  switch (type) {
    case "start":
    case "message":
      return s(data.label);
    case "interval":
      return `${s(data.sec)} s`;
    case "menu":
      return menuText(data);
    case "randomizer":
      return `${s(data.percent)}% / ${100 - (Number(data.percent) || 0)}%`;
    case "question": {
      const q = questionOf(data);
      return q.answerKey ? `${q.message} → {{${q.answerKey}}}` : q.message;
    }
    case "ticket": {
      const id = ticketQueueId(data);
      const name = s((data.data as Data | undefined)?.name);
      return name || (id ? `#${id}` : "");
    }
    case "typebot":
    case "openai":
      return s((data.typebotIntegration as Data | undefined)?.name) || s((data.data as Data | undefined)?.name);
    case "singleBlock":
      return blockElements(data)
        .map((e) => `${e.type}: ${e.value}`)
        .join("\n");
    case "condition":
      return `${s(data.key)} ${s(data.condition)} ${s(data.value)}`;
    default:
      return s(data.url) || s((data.data as Data | undefined)?.name);
  }
}

/** The canvas as POST /flowbuilder/flow stores it: nodes `{id, position, type, data, style}`, @xyflow edges. */
export function toSaved(nodes: readonly Node<Data>[], edges: readonly Edge[]): Omit<FlowGraphSave, "idFlow"> {
  return {
    nodes: nodes.map((n) => ({
      id: n.id,
      type: (n.type ?? "message") as FlowGraphSave["nodes"][number]["type"],
      position: { x: n.position.x, y: n.position.y },
      data: n.data,
      style: {},
    })),
    connections: edges.map((e) => ({ id: e.id, source: e.source, target: e.target, sourceHandle: e.sourceHandle ?? null, targetHandle: e.targetHandle ?? null })),
  };
}
