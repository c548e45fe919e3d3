import type { DeclaredErrors } from "../../core/errors.ts";
import { definePlugin } from "../../core/plugin/manifest.ts";

/**
 * Campaigns (spec 002 §2.2–2.5, §3, §4.1, §7): contact lists with spreadsheet import, campaign
 * settings (pacing and hours), campaigns sent through the job runner, each target exactly
 * once, paced per connection, and their report. Owns the plan feature `useCampaigns` (gating
 * every route and page) and each company's `campaignsEnabled` setting (migration 0000).
 */
export const manifest = definePlugin({
  id: "campaigns",
  dependsOn: ["contacts", "connections", "queues", "tags", "tickets"],
  requires: ["contacts.findOrCreateStep", "connections.get", "tickets.sendToContact", "tickets.sendToContactStep", "tickets.afterInbound", "tags.ownIds", "tags.contactsWithTag"],
  planFeatures: [{ key: "useCampaigns", label: "campaigns:flags.useCampaigns", default: true }],
  planFlag: "useCampaigns",
  errors: {
    ERR_NO_CAMPAIGN_FOUND: 404,
    ERR_NO_CONTACT_LIST_FOUND: 404,
    ERR_NO_CONTACT_LIST_ITEM_FOUND: 404,
    ERR_NO_SUPPRESSION_FOUND: 404,
    /** Spec 002 §4.1: editable only while INATIVA, or PROGRAMADA more than 1 hour ahead. */
    ERR_CAMPAIGN_NOT_EDITABLE: 400,
    /** Cancel is offered only while EM_ANDAMENTO (spec 002 §4.1). */
    ERR_CAMPAIGN_NOT_IN_PROGRESS: 400,
    /** Restart is offered only while CANCELADA (spec 002 §4.1). */
    ERR_CAMPAIGN_NOT_CANCELLED: 400,
    /** An import that is not a readable .xls, .xlsx or .csv. */
    ERR_CONTACT_LIST_IMPORT_BAD_FILE: 400,
    ERR_CONTACT_LIST_IMPORT_TOO_LARGE: 413,
    ERR_CONTACT_LIST_IMPORT_TOO_MANY_ROWS: 400,
    ERR_CONTACT_LIST_IMPORT_TIMEOUT: 400,
  },
});

/** Types the feature's key (planFlag, `planFeatures.enabled`). */
declare module "../../core/plugin/plan-features.ts" {
  interface PlanFeatures {
    useCampaigns: true;
  }
}

/** Types the codes declared above for `new AppError(...)` (core/errors.ts). */
declare module "../../core/errors.ts" {
  interface ErrorCodes extends DeclaredErrors<typeof manifest> {}
}
