/**
 * The flow engine (issue 26): pure, shared by the server's runtime and the editor's test panel.
 * Given a flow version's graph, where a conversation stands and what just happened (the flow
 * starts, the customer wrote, an interval ended), it answers what to do (messages, a wait, a
 * queue, a hand-over, the end) and where the conversation stands next. No I/O: the caller
 * decides what "send" and "wait" mean (bot writes and a job on the server, a chat in the panel).
 *
 * Shapes are the ones the original product saved (spec 002 §3 Node data), read defensively so
 * an exported flow runs unchanged: a menu's exits leave from handle `a{number}`, a randomizer's
 * from `a` (its percent) and `b` (the rest), a condition's from `a` (true) and `b` (false).
 */

export const NODE_TYPES = [
  "start",
  "message",
  "interval",
  "condition",
  "menu",
  "img",
  "audio",
  "video",
  "randomizer",
  "singleBlock",
  "ticket",
  "typebot",
  "openai",
  "question",
] as const;
export type NodeType = (typeof NODE_TYPES)[number];

export interface FlowNode {
  id: string;
  type: string;
  data?: Record<string, unknown> | null;
  position?: { x: number; y: number };
  style?: unknown;
}

export interface FlowEdge {
  id?: string;
  source: string;
  target: string;
  sourceHandle?: string | null;
  targetHandle?: string | null;
}

export interface FlowGraph {
  nodes: FlowNode[];
  connections: FlowEdge[];
}

/** Where a conversation stands between turns. */
export interface FlowCursor {
  nodeId: string;
  /** What the flow waits for at `nodeId`. */
  waiting: "menu" | "question" | "interval";
  /** The next element of a content block (after an interval element). */
  element: number;
  variables: Record<string, string>;
}

export type FlowInput = { kind: "start" } | { kind: "message"; text: string } | { kind: "resume" };

export type FlowAction =
  | { type: "send"; text: string; media?: string; mediaType?: "image" | "audio" | "video"; record?: boolean }
  /** Stop here; the turn goes on after `seconds` (an interval). */
  | { type: "wait"; seconds: number }
  /** The ticket node: into this queue, the flow ends. */
  | { type: "setQueue"; queueId: number }
  /** A typebot or openai node: the conversation goes to this handler, the flow ends. */
  | { type: "handOver"; holder: string }
  /** A node the flow skipped (a hand-over nobody can take, a ticket node without a queue, the step limit). */
  | { type: "log"; nodeId: string; note: string };

export interface FlowTurn {
  actions: FlowAction[];
  /** Where the conversation stands next; null: the flow ended (ran out of nodes, a queue, a hand-over). */
  cursor: FlowCursor | null;
  /** The variables after the turn (kept on the ticket even when the flow ended). */
  variables: Record<string, string>;
  /** The nodes this turn reached, in order (counters per node). */
  visited: string[];
}

export interface FlowOptions {
  /** 0 <= r < 1; the randomizer's draw. */
  random?: () => number;
  /**
   * Whether a typebot/openai node may hand over to `holder` (`integration:<id>`, `prompt:<id>`):
   * a registered kind and an existing id. Absent: never (the flow goes on past the node).
   */
  canHandOver?: (holder: string) => boolean;
  /** The most nodes one turn visits, so a cycle never sends forever. */
  maxSteps?: number;
  /** A stored media name into the URL a message carries (the server's `/public/company{id}/…`). */
  mediaUrl?: (name: string) => string;
}

/** The most nodes one turn may visit (a cycle of messages stops there, logged). */
export const MAX_STEPS_PER_TURN = 50;
/** The interval bound of spec 002 §5. */
export const MAX_INTERVAL_SECONDS = 120;

const text = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
const record = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** Case, accents and surrounding spaces ignored (menu answers, phrases). */
export function fold(value: string): string {
  return value.normalize("NFD").replace(/\p{M}/gu, "").trim().toLowerCase();
}

/** `{{key}}` replaced by the flow's variables; other placeholders (`{{name}}`) are left for the message's own variables. */
export function fillVariables(body: string, variables: Record<string, string>): string {
  return body.replace(/\{\{\s*([^{}\s]+)\s*\}\}/g, (whole, key: string) => (Object.hasOwn(variables, key) ? (variables[key] ?? "") : whole));
}

/** Seconds of an interval, within 0..120 (a stored value out of range is clamped, never a long wait). */
export function intervalSeconds(v: unknown): number {
  const n = Number(v);
  return Number.isFinite(n) ? Math.min(MAX_INTERVAL_SECONDS, Math.max(0, Math.round(n))) : 0;
}

/** The menu's options in order: number (as the customer types it) and label. */
export function menuOptions(data: Record<string, unknown>): { number: string; value: string }[] {
  const list = Array.isArray(data.arrayOption) ? data.arrayOption : [];
  return list.map((o) => record(o)).map((o) => ({ number: text(o.number), value: text(o.value) }));
}

/** The text a menu node sends: its message, then one line per option. */
export function menuText(data: Record<string, unknown>): string {
  const lines = menuOptions(data).map((o) => `*${o.number}* - ${o.value}`);
  return [text(data.message), lines.join("\n")].filter((s) => s.trim()).join("\n\n");
}

/** The queue a ticket node names (`data.data.id`, as the original product stored the queue; or `queueId`). */
export function ticketQueueId(data: Record<string, unknown>): number | null {
  const inner = record(data.data);
  const candidates = [inner.id, record(data.queue).id, data.queueId, data.id];
  for (const c of candidates) {
    const n = Number(c);
    if (c !== undefined && c !== null && c !== "" && Number.isInteger(n) && n > 0) return n;
  }
  return null;
}

/** The handler a typebot/openai node names: `integration:<id>` / `prompt:<id>`, or null. */
export function handOverTarget(node: FlowNode): string | null {
  const data = record(node.data);
  const inner = record(data.data);
  const idOf = (...vs: unknown[]) => {
    for (const v of vs) {
      const n = Number(v);
      if (v !== undefined && v !== null && v !== "" && Number.isInteger(n) && n > 0) return n;
    }
    return null;
  };
  // The editor stores the picked integration/prompt under `typebotIntegration` (the spec's integration object).
  const picked = record(data.typebotIntegration);
  if (node.type === "typebot") {
    const id = idOf(picked.id, inner.id, data.integrationId, data.id);
    return id ? `integration:${id}` : null;
  }
  if (node.type === "openai") {
    const id = idOf(picked.id, inner.id, data.promptId, data.id);
    return id ? `prompt:${id}` : null;
  }
  return null;
}

/** The question node's prompt and variable (`typebotIntegration {message, answerKey}`). */
export function questionOf(data: Record<string, unknown>): { message: string; answerKey: string } {
  const q = record(data.typebotIntegration);
  return { message: text(q.message ?? data.message), answerKey: text(q.answerKey ?? data.answerKey).trim() };
}

/** The content block's elements in `seq` order (elements `seq` does not name follow in stored order). */
export function blockElements(data: Record<string, unknown>): { number: string; type: string; value: string; record: boolean }[] {
  const elements = (Array.isArray(data.elements) ? data.elements : []).map(record).map((e) => ({
    number: text(e.number),
    type: text(e.type),
    value: text(e.value),
    record: e.record !== false && e.record !== "false",
  }));
  const seq = Array.isArray(data.seq) ? data.seq.map(text) : [];
  const ordered = seq.flatMap((n) => elements.filter((e) => e.number === n).slice(0, 1));
  return [...ordered, ...elements.filter((e) => !seq.includes(e.number))];
}

/** Whether a condition node's test holds for the variables. */
export function conditionHolds(data: Record<string, unknown>, variables: Record<string, string>): boolean {
  const left = variables[text(data.key).trim()] ?? "";
  const right = text(data.value);
  const op = text(data.condition).trim().toLowerCase();
  const [a, b] = [Number(left), Number(right)];
  const numeric = left.trim() !== "" && right.trim() !== "" && Number.isFinite(a) && Number.isFinite(b);
  switch (op) {
    case "2":
    case "!=":
    case "different":
      return fold(left) !== fold(right);
    case "3":
    case ">":
      return numeric && a > b;
    case "4":
    case "<":
      return numeric && a < b;
    case "5":
    case ">=":
      return numeric && a >= b;
    case "6":
    case "<=":
      return numeric && a <= b;
    case "7":
    case "contains":
      return fold(left).includes(fold(right));
    default:
      return fold(left) === fold(right);
  }
}

/** Indexes of a graph, built once per turn. */
class Graph {
  readonly byId = new Map<string, FlowNode>();
  private out = new Map<string, FlowEdge[]>();

  constructor(graph: FlowGraph) {
    for (const n of graph.nodes) this.byId.set(n.id, n);
    for (const e of graph.connections) {
      const list = this.out.get(e.source) ?? [];
      list.push(e);
      this.out.set(e.source, list);
    }
  }

  start(): FlowNode | undefined {
    return this.nodes().find((n) => n.type === "start") ?? this.nodes()[0];
  }

  nodes(): FlowNode[] {
    return [...this.byId.values()];
  }

  /** The node an exit leads to: the edge from `handle` (any edge when undefined). */
  next(nodeId: string, handle?: string): FlowNode | undefined {
    const edges = this.out.get(nodeId) ?? [];
    const edge = handle === undefined ? edges[0] : edges.find((e) => (e.sourceHandle ?? "") === handle);
    return edge ? this.byId.get(edge.target) : undefined;
  }
}

/**
 * One turn of a conversation's flow. `cursor` is where it stood (null: not started, with a
 * `start` input). Messages at an interval wait are ignored; an invalid menu answer repeats the
 * menu; a question's answer becomes `{{answerKey}}`.
 */
export function runFlow(graph: FlowGraph, cursor: FlowCursor | null, input: FlowInput, options: FlowOptions = {}, variables: Record<string, string> = {}): FlowTurn {
  const g = new Graph(graph);
  const vars = { ...variables, ...(cursor?.variables ?? {}) };
  const actions: FlowAction[] = [];
  const visited: string[] = [];
  const maxSteps = options.maxSteps ?? MAX_STEPS_PER_TURN;
  const media = options.mediaUrl ?? ((name: string) => name);
  const done = (next: FlowCursor | null): FlowTurn => ({ actions, cursor: next, variables: vars, visited });

  // Where this turn begins, from what happened.
  let node: FlowNode | undefined;
  let element = 0;
  if (input.kind === "start") {
    const start = g.start();
    if (!start) return done(null);
    node = start;
  } else {
    if (!cursor) return done(null);
    const at = g.byId.get(cursor.nodeId);
    if (!at) return done(null);
    if (cursor.waiting === "interval") {
      // A message during a wait changes nothing: the interval's job goes on.
      if (input.kind !== "resume") return done(cursor);
      if (at.type === "singleBlock") {
        node = at;
        element = cursor.element;
      } else node = g.next(at.id);
    } else if (input.kind !== "message") {
      return done(cursor);
    } else if (cursor.waiting === "menu") {
      const data = record(at.data);
      const answer = fold(input.text);
      const chosen = menuOptions(data).find((o) => fold(o.number) === answer || (o.value.trim() !== "" && fold(o.value) === answer));
      if (!chosen) {
        // An invalid answer repeats the menu.
        actions.push({ type: "send", text: fillVariables(menuText(data), vars) });
        return done(cursor);
      }
      node = g.next(at.id, `a${chosen.number}`);
      if (!node) actions.push({ type: "log", nodeId: at.id, note: `menu option ${chosen.number} has no exit` });
    } else {
      const { answerKey } = questionOf(record(at.data));
      if (answerKey) vars[answerKey] = input.text.trim();
      node = g.next(at.id);
    }
  }

  for (let steps = 0; node; steps++) {
    if (steps >= maxSteps) {
      actions.push({ type: "log", nodeId: node.id, note: `step limit of ${maxSteps} nodes reached: the flow ends` });
      return done(null);
    }
    visited.push(node.id);
    const data = record(node.data);
    const from = element;
    element = 0;
    switch (node.type) {
      case "start":
        break;
      case "message":
        actions.push({ type: "send", text: fillVariables(text(data.label), vars) });
        break;
      case "img":
      case "audio":
      case "video": {
        const url = text(data.url).trim();
        const mediaType = node.type === "img" ? "image" : node.type;
        if (url) actions.push({ type: "send", text: "", media: media(url), mediaType, ...(node.type === "audio" ? { record: data.record !== false } : {}) });
        break;
      }
      case "interval": {
        const seconds = intervalSeconds(data.sec);
        if (seconds > 0) {
          actions.push({ type: "wait", seconds });
          return done({ nodeId: node.id, waiting: "interval", element: 0, variables: vars });
        }
        break;
      }
      case "singleBlock": {
        const elements = blockElements(data);
        for (let i = from; i < elements.length; i++) {
          const e = elements[i]!;
          if (e.type === "message" && e.value.trim()) actions.push({ type: "send", text: fillVariables(e.value, vars) });
          else if ((e.type === "img" || e.type === "audio" || e.type === "video") && e.value.trim()) {
            const mediaType = e.type === "img" ? "image" : e.type;
            actions.push({ type: "send", text: "", media: media(e.value.trim()), mediaType, ...(e.type === "audio" ? { record: e.record } : {}) });
          } else if (e.type === "interval") {
            const seconds = intervalSeconds(e.value);
            if (seconds > 0) {
              actions.push({ type: "wait", seconds });
              return done({ nodeId: node.id, waiting: "interval", element: i + 1, variables: vars });
            }
          }
        }
        break;
      }
      case "menu":
        actions.push({ type: "send", text: fillVariables(menuText(data), vars) });
        return done({ nodeId: node.id, waiting: "menu", element: 0, variables: vars });
      case "question": {
        const q = questionOf(data);
        if (q.message.trim()) actions.push({ type: "send", text: fillVariables(q.message, vars) });
        return done({ nodeId: node.id, waiting: "question", element: 0, variables: vars });
      }
      case "randomizer": {
        const percent = Math.min(100, Math.max(0, Number(data.percent) || 0));
        const draw = (options.random ?? Math.random)() * 100;
        node = g.next(node.id, draw < percent ? "a" : "b");
        continue;
      }
      case "condition":
        node = g.next(node.id, conditionHolds(data, vars) ? "a" : "b");
        continue;
      case "ticket": {
        const queueId = ticketQueueId(data);
        if (queueId) {
          actions.push({ type: "setQueue", queueId });
          return done(null);
        }
        actions.push({ type: "log", nodeId: node.id, note: "ticket node without a queue: skipped" });
        break;
      }
      case "typebot":
      case "openai": {
        const holder = handOverTarget(node);
        if (holder && options.canHandOver?.(holder)) {
          actions.push({ type: "handOver", holder });
          return done(null);
        }
        actions.push({ type: "log", nodeId: node.id, note: `${node.type} node: ${holder ?? "no id"} cannot take the conversation, skipped` });
        break;
      }
      default:
        actions.push({ type: "log", nodeId: node.id, note: `unknown node type ${node.type}: skipped` });
    }
    node = g.next(node.id);
  }
  return done(null);
}

/** The typebot/openai hand-overs a graph names (asked before a turn, since the engine is synchronous). */
export function handOverTargets(graph: FlowGraph): string[] {
  return [...new Set(graph.nodes.flatMap((n) => (n.type === "typebot" || n.type === "openai" ? [handOverTarget(n)].filter((h): h is string => h !== null) : [])))];
}
