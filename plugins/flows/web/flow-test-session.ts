import { type FlowCursor, type FlowGraph, type FlowInput, type FlowNode, runFlow } from "../shared/flow-engine.ts";

/**
 * The editor's test panel (issue 26, "Testar"): a conversation with the flow on the canvas,
 * run by the same pure engine the server runs, in the browser. Nothing is sent, no ticket is
 * touched: a queue or a hand-over is only told ("entregaria à fila X").
 */

/** Why a node was passed over (the engine logs it in English; the panel names it in the user's language). */
export type SkipReason = "noQueue" | "noTarget" | "noExit" | "stepLimit" | "unknownType";

export type TestEntry =
  | { kind: "customer"; text: string; ignored?: boolean }
  | { kind: "bot"; text: string }
  | { kind: "media"; mediaType: "image" | "audio" | "video"; url: string; record?: boolean }
  /** An interval: `done` once it ran out or was skipped. */
  | { kind: "wait"; seconds: number; done: boolean }
  | { kind: "queue"; queueId: number; name: string }
  | { kind: "handOver"; target: "integration" | "prompt"; holder: string; name: string }
  | { kind: "skipped"; nodeId: string; reason: SkipReason; option?: string }
  /** The flow ended at `nodeId` (the last node it reached; null when it never reached one). */
  | { kind: "end"; nodeId: string | null };

export interface TestSession {
  /** Where the conversation stands; null before the start and after the end. */
  cursor: FlowCursor | null;
  variables: Record<string, string>;
  entries: TestEntry[];
  started: boolean;
  ended: boolean;
  /** The node the last turn stopped at (the canvas may highlight it). */
  at: string | null;
}

export const emptySession = (): TestSession => ({ cursor: null, variables: {}, entries: [], started: false, ended: false, at: null });

const record = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const nameIn = (node: FlowNode | undefined): string => {
  const data = record(node?.data);
  const name = record(data.typebotIntegration).name ?? record(data.data).name ?? record(data.queue).name;
  return typeof name === "string" ? name : "";
};

function skipReason(node: FlowNode | undefined, note: string): Pick<Extract<TestEntry, { kind: "skipped" }>, "reason" | "option"> {
  if (note.startsWith("step limit")) return { reason: "stepLimit" };
  const option = /^menu option (\S+) has no exit/.exec(note)?.[1];
  if (option !== undefined) return { reason: "noExit", option };
  if (node?.type === "ticket") return { reason: "noQueue" };
  if (node?.type === "typebot" || node?.type === "openai") return { reason: "noTarget" };
  return { reason: "unknownType" };
}

/**
 * One turn of the test conversation: the engine's actions as chat entries. A typebot/openai
 * node naming an id "would hand over" (the panel cannot know whether the integration answers).
 */
function turn(graph: FlowGraph, session: TestSession, input: FlowInput, mediaUrl: (name: string) => string, random?: () => number): TestSession {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const result = runFlow(graph, session.cursor, input, { canHandOver: () => true, mediaUrl, ...(random ? { random } : {}) }, session.variables);
  // A turn that ends with a queue or a hand-over ends at the last node it reached.
  const last = result.visited.at(-1) ?? session.cursor?.nodeId ?? null;
  const entries: TestEntry[] = [];
  for (const a of result.actions) {
    if (a.type === "send" && a.media && a.mediaType) entries.push({ kind: "media", mediaType: a.mediaType, url: a.media, ...(a.record === undefined ? {} : { record: a.record }) });
    else if (a.type === "send") entries.push({ kind: "bot", text: a.text });
    else if (a.type === "wait") entries.push({ kind: "wait", seconds: a.seconds, done: false });
    else if (a.type === "setQueue") entries.push({ kind: "queue", queueId: a.queueId, name: nameIn(last ? byId.get(last) : undefined) || `#${a.queueId}` });
    else if (a.type === "handOver") {
      const [kind, id] = a.holder.split(":");
      entries.push({ kind: "handOver", target: kind === "prompt" ? "prompt" : "integration", holder: a.holder, name: nameIn(last ? byId.get(last) : undefined) || `#${id}` });
    } else if (a.type === "log") entries.push({ kind: "skipped", nodeId: a.nodeId, ...skipReason(byId.get(a.nodeId), a.note) });
  }
  const ended = result.cursor === null;
  if (ended) entries.push({ kind: "end", nodeId: last });
  // An interval that was waiting is over once this turn resumed past it.
  const previous = input.kind === "resume" ? session.entries.map((e) => (e.kind === "wait" && !e.done ? { ...e, done: true } : e)) : session.entries;
  return { cursor: result.cursor, variables: result.variables, entries: [...previous, ...entries], started: true, ended, at: result.cursor?.nodeId ?? last };
}

/**
 * The customer writes `text`. The first message starts the flow (as a phrase or a welcome
 * rule would); later ones answer a menu or a question; during an interval they change nothing.
 * After the end, a message starts the flow again.
 */
export function say(graph: FlowGraph, session: TestSession, text: string, mediaUrl: (name: string) => string = (n) => n, random?: () => number): TestSession {
  const waiting = session.cursor?.waiting === "interval";
  const base = session.ended ? { ...emptySession(), entries: session.entries } : session;
  const withMessage = { ...base, entries: [...base.entries, { kind: "customer" as const, text, ...(waiting ? { ignored: true } : {}) }] };
  if (waiting) return withMessage;
  return turn(graph, withMessage, base.started ? { kind: "message", text } : { kind: "start" }, mediaUrl, random);
}

/** The interval ran out (or the user skipped it): the flow goes on. */
export function resume(graph: FlowGraph, session: TestSession, mediaUrl: (name: string) => string = (n) => n, random?: () => number): TestSession {
  if (session.cursor?.waiting !== "interval") return session;
  return turn(graph, session, { kind: "resume" }, mediaUrl, random);
}

/** The seconds of the interval the flow waits on now, or null. */
export function pendingWait(session: TestSession): number | null {
  if (session.cursor?.waiting !== "interval") return null;
  const wait = session.entries.findLast((e) => e.kind === "wait");
  return wait?.kind === "wait" ? wait.seconds : null;
}
