/**
 * Realtime topics (documented in the plugin's README section of the report):
 * - `company-{id}-settings` { action: "update", setting: { key, value } } to the company's
 *   namespace when one of its options changes;
 * - `platform-settings` { action: "update", setting: { key, value? } } to every company when
 *   a platform setting changes (branding, limits); credentials go out without their value.
 */
export const companySettingsTopic = (companyId: number) => `company-${companyId}-settings`;
export const PLATFORM_SETTINGS_EVENT = "platform-settings";

declare module "../../../core/events/bus.ts" {
  interface EventMap {
    "settings.company.updated": { companyId: number; key: string; value: string };
    "settings.platform.updated": { key: string };
  }
}
