import { z } from "@hono/zod-openapi";
import { FlowEdgeSchema, FlowGraph, FlowNodeSchema, MAX_EDGES, MAX_NODES } from "./flows.schemas.ts";

/** `PUT /flowbuilder/{id}/draft`: the editor's graph, bounded like a publish. */
export const FlowDraftBody = z
  .object({
    nodes: z.array(FlowNodeSchema).max(MAX_NODES, `At most ${MAX_NODES} nodes`),
    connections: z.array(FlowEdgeSchema).max(MAX_EDGES, `At most ${MAX_EDGES} connections`),
  })
  .openapi("FlowDraftSave");

/** A flow's unpublished draft as answered. */
export const FlowDraft = FlowGraph.extend({
  flowId: z.number(),
  userId: z.number().nullable(),
  updatedAt: z.string(),
}).openapi("FlowDraft");

/** `GET /flowbuilder/{id}/draft`: the draft, or null when the flow has none. */
export const FlowDraftOrNull = FlowDraft.nullable().openapi("FlowDraftOrNull");
