/**
 * The flows API's request and response types, inferred from the server's zod schemas so the
 * web client never restates a server shape. Type-only: nothing of the server is bundled.
 */
import type { z } from "@hono/zod-openapi";
import type {
  FlowCampaign as FlowCampaignSchema,
  FlowCampaignCreate,
  FlowCampaignList as FlowCampaignListSchema,
  FlowCampaignUpdate,
  FlowGraphBody,
  FlowPage as FlowPageSchema,
  FlowRecord,
  FlowWithGraph as FlowWithGraphSchema,
  UploadedName,
} from "../server/flows.schemas.ts";
import type { FlowDraft as FlowDraftSchema, FlowDraftBody } from "../server/flow-drafts.schemas.ts";

export type Flow = z.infer<typeof FlowRecord>;
export type FlowPage = z.infer<typeof FlowPageSchema>;
/** GET /flowbuilder/flow/{id}: `flow.flow` is the published graph or null. */
export type FlowWithGraph = z.infer<typeof FlowWithGraphSchema>;
/** What POST /flowbuilder/flow takes. */
export type FlowGraphSave = z.input<typeof FlowGraphBody>;
export type FlowCampaign = z.infer<typeof FlowCampaignSchema>;
export type FlowCampaignList = z.infer<typeof FlowCampaignListSchema>;
export type FlowCampaignPayload = z.input<typeof FlowCampaignCreate>;
export type FlowCampaignChanges = z.input<typeof FlowCampaignUpdate>;
/** One stored upload (POST /flowbuilder/img|audio|video answer one, /content a list in order). */
export type FlowUpload = z.infer<typeof UploadedName>;
/** GET /flowbuilder/{id}/draft (null when none) and PUT's answer. */
export type FlowDraft = z.infer<typeof FlowDraftSchema>;
/** What PUT /flowbuilder/{id}/draft takes. */
export type FlowDraftSave = z.input<typeof FlowDraftBody>;
/**
 * GET /flowbuilder/{id}/counters: how many conversations reached each node since `since` (the
 * last 30 days). The runtime's route answers this exact shape; infer it from that route's
 * schema once both live on one branch.
 */
export type FlowCounters = { since: string; counters: Record<string, number> };
