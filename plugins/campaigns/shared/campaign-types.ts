/**
 * The campaigns API's request and response types, inferred from the server's zod schemas so
 * the web client never restates a server shape. Type-only: nothing of the server is bundled.
 */
import type { z } from "@hono/zod-openapi";
import type {
  Campaign as CampaignSchema,
  CampaignInput,
  CampaignPage as CampaignPageSchema,
  CampaignReport as CampaignReportSchema,
} from "../server/campaigns/campaigns.schemas.ts";
import type {
  ContactList as ContactListSchema,
  ContactListItem as ContactListItemSchema,
  ContactListItemInput,
  ContactListItemPage as ContactListItemPageSchema,
  ContactListPage as ContactListPageSchema,
  ImportReport as ImportReportSchema,
} from "../server/lists/contact-lists.schemas.ts";
import type { Suppression as SuppressionSchema, SuppressionPage as SuppressionPageSchema } from "../server/opt-out/suppressions.schemas.ts";
import type { CampaignSettingsShape } from "../server/settings/campaign-settings.ts";

export type Campaign = z.infer<typeof CampaignSchema>;
export type CampaignPage = z.infer<typeof CampaignPageSchema>;
export type CampaignPayload = z.input<typeof CampaignInput>;
export type CampaignReport = z.infer<typeof CampaignReportSchema>;
export type ContactList = z.infer<typeof ContactListSchema>;
export type ContactListPage = z.infer<typeof ContactListPageSchema>;
export type ContactListItem = z.infer<typeof ContactListItemSchema>;
export type ContactListItemPage = z.infer<typeof ContactListItemPageSchema>;
export type ContactListItemPayload = z.input<typeof ContactListItemInput>;
export type ImportReport = z.infer<typeof ImportReportSchema>;
export type CampaignSettings = z.infer<typeof CampaignSettingsShape>;
export type CampaignSettingRow = { key: string; value: string };
export type Suppression = z.infer<typeof SuppressionSchema>;
export type SuppressionPage = z.infer<typeof SuppressionPageSchema>;
