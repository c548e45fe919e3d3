/**
 * The company setting that switches campaigns on for a company (spec 001 §3 'Company
 * settings': `campaignsEnabled`), "true" or "false" in company_settings. The companies plugin
 * answers and writes it as the company's `campaignsEnabled` boolean (POST/PUT /companies,
 * signup); the campaigns screens (issue 25) show only where it is "true".
 */
export const CAMPAIGNS_ENABLED_SETTING = "campaignsEnabled";

/** A new company's value when nobody chose one: off (the company form's default). */
export const CAMPAIGNS_ENABLED_DEFAULT = "false";

/** The setting's stored text as the boolean the API answers. */
export const campaignsEnabledOf = (data: string | null | undefined): boolean => data === "true";

/** The boolean as the setting's stored text. */
export const campaignsEnabledData = (enabled: boolean): string => (enabled ? "true" : "false");
