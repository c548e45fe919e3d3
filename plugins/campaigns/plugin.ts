import { definePlugin } from "../../core/plugin/manifest.ts";

/**
 * Campaigns (spec 002 §2, §3): bulk sends to contact lists, paced per connection. Not built
 * yet (issue 25 builds on this folder): today the plugin owns what the spec already answers
 * for it, the plan feature `useCampaigns` (moved here from the plans plugin's catalogue, its
 * stored values unchanged) and each company's `campaignsEnabled` setting (moved here from the
 * kernel's `companies` table by this plugin's migration). No routes, no plan flag yet.
 */
export const manifest = definePlugin({
  id: "campaigns",
  planFeatures: [{ key: "useCampaigns", label: "campaigns:flags.useCampaigns", default: true }],
});

/** Types the feature's key (planFlag, `planFeatures.enabled`). */
declare module "../../core/plugin/plan-features.ts" {
  interface PlanFeatures {
    useCampaigns: true;
  }
}
