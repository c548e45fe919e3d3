import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import { manifest } from "../plugin.ts";
import { companySettingsCatalog, platformSettings } from "./settings.catalog.ts";
import { registerSettingsHandlers } from "./settings.handlers.ts";
import { SettingsRules } from "./settings.service.ts";
import { CERT_DESTINATIONS, SettingsUploads, type CertDestination } from "./settings.uploads.ts";
import "./settings.contract.ts";

export default defineServerPlugin({
  manifest,
  // The settings and company_settings tables are the kernel's: no migrations of our own.
  setup(ctx) {
    // Declared here so reads fall back to these defaults and new companies get every option.
    for (const e of platformSettings) ctx.settings.declareGlobal({ key: e.key, default: e.default, public: e.public, superOnly: e.superOnly });
    for (const e of companySettingsCatalog) ctx.settings.declareCompany({ key: e.key, default: e.default });
    const rules = new SettingsRules(ctx.db, ctx.settings, ctx.realtime, ctx.bus, ctx.outbound, ctx.vault);
    const uploads = new SettingsUploads(ctx.config.DATA_DIR, ctx.storage, rules);
    registerSettingsHandlers(ctx.router, rules, uploads);
    ctx.services.provide("settings.platformValue", (key) => rules.platformValue(key));
    ctx.services.provide("settings.certificatePath", async (destination) =>
      (CERT_DESTINATIONS as readonly string[]).includes(destination) ? uploads.storedCertificate(destination as CertDestination) : null,
    );
  },
});
