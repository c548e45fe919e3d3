/**
 * The editor's checks before save (issue 26, beyond the original): what would make a flow stop
 * short or say nothing. They only warn — saving stays allowed — and each names its node so the
 * canvas can highlight it.
 */
import { blockElements, menuOptions, questionOf } from "../shared/flow-engine.ts";

type Data = Record<string, unknown>;
export interface CheckNode {
  id: string;
  type?: string;
  data: Data;
}
export interface CheckEdge {
  source: string;
  target: string;
  sourceHandle?: string | null;
}

export type FlowIssueKind = "unreachable" | "menuOptionWithoutExit" | "emptyContent" | "questionWithoutVariable";
export interface FlowIssue {
  nodeId: string;
  kind: FlowIssueKind;
  /** The menu option's number, for `menuOptionWithoutExit`. */
  option?: string;
}

const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");

/** Whether a node would send nothing: an empty message, media without a file, a content block with no filled element. */
function isEmpty(node: CheckNode): boolean {
  switch (node.type) {
    case "message":
      return !text(node.data.label);
    case "img":
    case "audio":
    case "video":
      return !text(node.data.url);
    case "singleBlock":
      return !blockElements(node.data).some((e) => e.type !== "interval" && e.value.trim());
    default:
      return false;
  }
}

/** The issues of a flow, in node order. */
export function flowIssues(nodes: readonly CheckNode[], edges: readonly CheckEdge[]): FlowIssue[] {
  const out = new Map<string, CheckEdge[]>();
  for (const e of edges) out.set(e.source, [...(out.get(e.source) ?? []), e]);
  // Reachable from the start node (the engine starts at the first node when there is none).
  const start = nodes.find((n) => n.type === "start") ?? nodes[0];
  const reached = new Set<string>();
  const queue = start ? [start.id] : [];
  while (queue.length) {
    const id = queue.pop() as string;
    if (reached.has(id)) continue;
    reached.add(id);
    for (const e of out.get(id) ?? []) queue.push(e.target);
  }
  const issues: FlowIssue[] = [];
  for (const node of nodes) {
    if (!reached.has(node.id)) issues.push({ nodeId: node.id, kind: "unreachable" });
    if (node.type === "menu") {
      const handles = new Set((out.get(node.id) ?? []).map((e) => e.sourceHandle ?? ""));
      for (const o of menuOptions(node.data)) if (!handles.has(`a${o.number}`)) issues.push({ nodeId: node.id, kind: "menuOptionWithoutExit", option: o.number });
    }
    if (isEmpty(node)) issues.push({ nodeId: node.id, kind: "emptyContent" });
    if (node.type === "question" && !questionOf(node.data).answerKey) issues.push({ nodeId: node.id, kind: "questionWithoutVariable" });
  }
  return issues;
}
