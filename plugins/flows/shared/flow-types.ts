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
