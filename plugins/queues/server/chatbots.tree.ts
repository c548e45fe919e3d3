import type { chatbots } from "../schema/tables.ts";
import { type ChatbotOption, type ChatbotOptionInput, OPTION_FIELD_KEYS } from "../shared/chatbot-option.ts";

export type ChatbotRow = typeof chatbots.$inferSelect;

/** The deepest option tree and the most options a queue may hold: enough for any menu, bounded for the server. */
export const MAX_DEPTH = 10;
export const MAX_OPTIONS = 500;

const byPosition = (a: ChatbotRow, b: ChatbotRow) => a.position - b.position || a.id - b.id;

/** The option fields of a row or an input (the shared schema's keys), nothing else. */
export function optionFieldsOf<T extends Pick<ChatbotRow, (typeof OPTION_FIELD_KEYS)[number]>>(o: T): Pick<ChatbotRow, (typeof OPTION_FIELD_KEYS)[number]> {
  return Object.fromEntries(OPTION_FIELD_KEYS.map((k) => [k, o[k]])) as Pick<ChatbotRow, (typeof OPTION_FIELD_KEYS)[number]>;
}

/** Nests flat rows: the children of `parentId` (null: the first level), each with its own steps. */
export function buildTree(rows: readonly ChatbotRow[], parentId: number | null = null): ChatbotOption[] {
  const children = new Map<number | null, ChatbotRow[]>();
  for (const r of rows) {
    const list = children.get(r.parentId) ?? [];
    list.push(r);
    children.set(r.parentId, list);
  }
  const seen = new Set<number>();
  const nest = (parent: number | null): ChatbotOption[] =>
    (children.get(parent) ?? [])
      .slice()
      .sort(byPosition)
      .filter((r) => !seen.has(r.id) && seen.add(r.id))
      .map((r) => ({ id: r.id, queueId: r.queueId, parentId: r.parentId, position: r.position, ...optionFieldsOf(r), options: nest(r.id) }));
  return nest(parentId);
}

/** Ids of every row below `rootId` (not including it). */
export function descendantIds(rows: readonly ChatbotRow[], rootId: number): Set<number> {
  const out = new Set<number>();
  const walk = (parent: number) => {
    for (const r of rows) if (r.parentId === parent && !out.has(r.id)) out.add(r.id), walk(r.id);
  };
  walk(rootId);
  return out;
}

/** Every node of an input forest with its depth (1 = the first level given) and its path under `prefix`. */
export function flatten(inputs: readonly ChatbotOptionInput[], depth = 1, prefix = ""): { node: ChatbotOptionInput; depth: number; path: string }[] {
  return inputs.flatMap((node, i) => {
    // Where the option sits in the request ("chatbots.0.options.1"): field errors name it like zod's.
    const path = prefix ? `${prefix}.${i}` : String(i);
    return [{ node, depth, path }, ...flatten(node.options ?? [], depth + 1, `${path}.options`)];
  });
}
