import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import { CAMPAIGNS_ENABLED_DEFAULT, CAMPAIGNS_ENABLED_SETTING } from "../campaigns.contract.ts";
import { manifest } from "../plugin.ts";
import { migrations } from "../schema/migrations/migrations.gen.ts";

/**
 * No routes yet (issue 25). Declares the company setting `campaignsEnabled`, so every new
 * company gets its row and `/companySettings` answers it; its migration moved the old column's
 * values into it.
 */
export default defineServerPlugin({
  manifest,
  migrations,
  setup(ctx) {
    ctx.settings.declareCompany({ key: CAMPAIGNS_ENABLED_SETTING, default: CAMPAIGNS_ENABLED_DEFAULT });
  },
});
