import { definePlugin } from "../../core/plugin/manifest.ts";

/**
 * Companies (tenants): the super user's companies screen, due dates and renewals,
 * plans per company, storage usage, and each company's office hours. It owns the
 * company_schedules table (schema/tables.ts); the companies table stays the kernel's
 * (tenancy reads it on every request) and this plugin owns its rules.
 */
export const manifest = definePlugin({
  id: "companies",
  dependsOn: ["plans", "office-hours"],
  // A company answers and writes its `campaignsEnabled`, the campaigns plugin's company setting (campaigns.contract.ts).
  optionalDependsOn: ["campaigns"],
});
