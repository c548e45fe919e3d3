import { AppError } from "../../../core/errors.ts";
import type { FlowGraph } from "../shared/flow-engine.ts";
import { MAX_NODE_DATA_BYTES, MAX_TEXT } from "./flows.schemas.ts";

/** The first text in `value` longer than `limit`, as a path below it (`label`, `elements.0.value`), or null. */
function longText(value: unknown, limit: number, path = ""): string | null {
  if (typeof value === "string") return value.length > limit ? path || "data" : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = longText(value[i], limit, path ? `${path}.${i}` : String(i));
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      // An integration's JSON credentials (typebot jsonContent) may be long; only the texts the flow sends are bounded.
      if (k === "jsonContent" || k === "prompt") continue;
      const found = longText(v, limit, path ? `${path}.${k}` : k);
      if (found) return found;
    }
  }
  return null;
}

/**
 * What the schema cannot say about a graph: node ids unique, every edge between existing nodes,
 * each node's data bounded (a text the flow sends at most 4,096 characters, the data at most
 * 64 KB). Cycles are allowed (a menu may lead back to itself): the engine's step limit keeps a
 * cycle of messages from sending forever. Throws ERR_VALIDATION naming the first bad field.
 */
export function checkGraph(graph: FlowGraph): void {
  const ids = new Set<string>();
  graph.nodes.forEach((node, i) => {
    if (ids.has(node.id)) throw new AppError("ERR_VALIDATION", { fields: { [`nodes.${i}.id`]: "Duplicated node id" } });
    ids.add(node.id);
    const data = node.data ?? {};
    if (JSON.stringify(data).length > MAX_NODE_DATA_BYTES) throw new AppError("ERR_VALIDATION", { fields: { [`nodes.${i}.data`]: "Too Long!" } });
    const long = longText(data, MAX_TEXT);
    if (long) throw new AppError("ERR_VALIDATION", { fields: { [`nodes.${i}.data.${long}`]: "Too Long!" } });
  });
  graph.connections.forEach((edge, i) => {
    if (!ids.has(edge.source)) throw new AppError("ERR_VALIDATION", { fields: { [`connections.${i}.source`]: "Unknown node" } });
    if (!ids.has(edge.target)) throw new AppError("ERR_VALIDATION", { fields: { [`connections.${i}.target`]: "Unknown node" } });
  });
}
