import { z } from "@hono/zod-openapi";
import { BoolLike, FileField, pathId } from "../../../core/http/schemas.ts";
import { NODE_TYPES } from "../shared/flow-engine.ts";

/** The most nodes a flow may hold (a clear ERR_VALIDATION past it, never a slow save or run). */
export const MAX_NODES = 2000;
export const MAX_EDGES = 10_000;
/** The longest text a node may carry (a message, a menu option, a question). */
export const MAX_TEXT = 4096;
/** The most bytes one node's data may take as JSON (content blocks hold several texts). */
export const MAX_NODE_DATA_BYTES = 64 * 1024;

// Spec 002 §5: flow name 2 to 50, required.
const flowName = z.string({ error: "Digite um nome!" }).trim().min(1, "Digite um nome!").min(2, "Muito curto!").max(50, "Muito longo!");

export const FlowRecord = z
  .object({
    id: z.number(),
    companyId: z.number(),
    name: z.string(),
    active: z.boolean(),
    /** The published version's number (1, 2, …), null before the first save. */
    version: z.number().nullable(),
    /** Takeover rule: an attendant's message to the customer stops the flow (default true). */
    stopOnAttendantMessage: z.boolean(),
    /** Customer messages within this many seconds, while the flow waits for an answer, are answered once (default 3; 0 answers each at once). */
    debounceSeconds: z.number(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Flow");

export const FlowPage = z.object({ flows: z.array(FlowRecord), count: z.number(), hasMore: z.boolean() }).openapi("FlowPage");

export const FlowQuery = z.object({
  searchParam: z.string().max(200, "Too Long!").optional().default(""),
  pageNumber: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});

export const FlowCreate = z.object({ name: flowName }).openapi("FlowCreate");
/** The most seconds customer messages are gathered before a flow answers them. */
export const MAX_DEBOUNCE_SECONDS = 30;

export const FlowRename = z
  .object({
    flowId: z.coerce.number().int().positive(),
    name: flowName,
    active: BoolLike.optional(),
    stopOnAttendantMessage: BoolLike.optional(),
    debounceSeconds: z.coerce.number("Invalid value").int("Invalid value").min(0, "Invalid value").max(MAX_DEBOUNCE_SECONDS, "Invalid value").optional(),
  })
  .openapi("FlowRename");
export const FlowDuplicate = z.object({ flowId: z.coerce.number().int().positive() }).openapi("FlowDuplicate");

const finite = z.number().finite().min(-1e7).max(1e7);
const nodeId = z.string().min(1, "Required").max(64, "Too Long!");

export const FlowNodeSchema = z
  .object({
    id: nodeId,
    type: z.enum(NODE_TYPES, { error: "Unknown node type" }),
    position: z.object({ x: finite, y: finite }).optional().default({ x: 0, y: 0 }),
    data: z.record(z.string(), z.unknown()).nullable().optional().default({}),
    style: z.record(z.string(), z.unknown()).nullable().optional(),
  })
  .openapi("FlowNode");

export const FlowEdgeSchema = z
  .object({
    id: z.string().max(200, "Too Long!").optional(),
    source: nodeId,
    target: nodeId,
    sourceHandle: z.string().max(64, "Too Long!").nullable().optional(),
    targetHandle: z.string().max(64, "Too Long!").nullable().optional(),
  })
  .openapi("FlowEdge");

export const FlowGraphBody = z
  .object({
    idFlow: z.coerce.number().int().positive(),
    nodes: z.array(FlowNodeSchema).max(MAX_NODES, `At most ${MAX_NODES} nodes`),
    connections: z.array(FlowEdgeSchema).max(MAX_EDGES, `At most ${MAX_EDGES} connections`),
  })
  .openapi("FlowGraphSave");

/** A stored graph as answered (nodes as saved; a version saved by an older release keeps its shape). */
export const FlowGraph = z
  .object({
    nodes: z.array(
      z.object({
        id: z.string(),
        type: z.string(),
        position: z.object({ x: z.number(), y: z.number() }).optional(),
        data: z.record(z.string(), z.unknown()).nullable().optional(),
        style: z.unknown().optional(),
      }),
    ),
    connections: z.array(FlowEdgeSchema),
  })
  .openapi("FlowGraph");

/** `GET /flowbuilder/flow/{id}`: the flow with its published graph in `flow.flow` (null when never saved). */
export const FlowWithGraph = z
  .object({
    flow: FlowRecord.extend({ flow: FlowGraph.nullable() }),
  })
  .openapi("FlowWithGraph");

export const FlowVersion = z
  .object({ id: z.number(), number: z.number(), userId: z.number().nullable(), createdAt: z.string(), published: z.boolean(), nodes: z.number() })
  .openapi("FlowVersion");

export const VersionParams = z.object({ id: pathId("id"), versionId: pathId("versionId") });

export const MediaUpload = z
  .object({
    medias: z
      .union([FileField, z.array(FileField).min(1, "Required").max(20, "Too Long!")])
      .optional()
      .openapi({ type: "array", items: { type: "string", format: "binary" } }),
    file: FileField.optional(),
    /** The content dialog's file names (kept for compatibility; the stored names are ours). */
    body: z.union([z.string().max(10_000), z.array(z.string().max(1000)).max(20)]).optional(),
  })
  .openapi("FlowMediaUpload");

export const UploadedName = z.object({ name: z.string(), url: z.string(), originalName: z.string(), mimetype: z.string() }).openapi("FlowUploaded");
export const UploadedList = z.array(UploadedName).openapi("FlowUploadedList");

// Phrase campaigns (spec 002 §3 Flow campaign, §5: name, flow and phrase required).
const required = (max: number) => z.string({ error: "Required" }).trim().min(1, "Required").max(max, "Too Long!");

export const FlowCampaign = z
  .object({
    id: z.number(),
    companyId: z.number(),
    name: z.string(),
    phrase: z.string(),
    flowId: z.number(),
    whatsappId: z.number().nullable(),
    status: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("FlowCampaign");

export const FlowCampaignList = z.object({ flow: z.array(FlowCampaign) }).openapi("FlowCampaignList");
export const FlowCampaignOne = z.object({ details: FlowCampaign }).openapi("FlowCampaignOne");

const optionalId = z.union([z.coerce.number().int().positive(), z.null(), z.literal("").transform(() => null)]).optional();

export const FlowCampaignCreate = z
  .object({
    name: required(100),
    phrase: required(1000),
    flowId: z.coerce.number({ error: "Required" }).int().positive("Required"),
    whatsappId: optionalId,
    status: BoolLike.optional().default(true),
  })
  .openapi("FlowCampaignCreate");

export const FlowCampaignUpdate = z
  .object({
    id: z.coerce.number().int().positive(),
    name: required(100).optional(),
    phrase: required(1000).optional(),
    flowId: z.coerce.number().int().positive().optional(),
    whatsappId: optionalId,
    status: BoolLike.optional(),
  })
  .openapi("FlowCampaignUpdate");
