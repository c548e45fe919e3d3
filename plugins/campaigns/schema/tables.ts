/**
 * No table yet: the campaigns plugin (issue 25) adds its campaigns, contact lists and
 * shipments here. Today it owns one company setting, `campaignsEnabled`, stored in the
 * kernel's company_settings and moved there from `companies.campaigns_enabled` by this
 * plugin's migration 0000 (README.md).
 */
export {};
