import type { PluginContext } from "../../../../core/plugin/server-plugin.ts";
import type {} from "../../../connections/server/connections-events.contract.ts";
import { registerCompanyPause } from "./company-pause.ts";
import type { SessionManager } from "./session-manager.ts";
import { registerSessionHandlers } from "./session.handlers.ts";

/** The /whatsappsession routes, /whatsapp-restart, the connection bus events, resume at boot, stop on shutdown. */
export function registerSessionLayer(ctx: PluginContext, sessions: SessionManager): void {
  registerSessionHandlers(ctx.router, sessions);
  registerCompanyPause(ctx.companyAccess, sessions, ctx.log);
  ctx.bus.on("connections.whatsapp.deleted", ({ whatsappId }) => sessions.deleted(whatsappId));
  // Spec 001 §4: an edited connection with import enabled pairs again, so the next QR imports.
  ctx.bus.on("connections.session.reset", async ({ companyId, whatsappId }) => {
    await sessions.newQr(companyId, whatsappId).catch((err) => ctx.log.warn(`whatsapp ${whatsappId}: reset failed`, err instanceof Error ? err.message : err));
  });
  ctx.onStart(() => {
    // Not awaited: boot must not wait for WhatsApp.
    sessions.resumeAll().catch((err) => ctx.log.error("whatsapp: resuming sessions at boot failed", err));
  });
  ctx.onStop(() => sessions.shutdown());
  ctx.metrics.gauge("atende_whatsapp_sessions", "WhatsApp sessions this process holds the lease of", () => [{ labels: {}, value: sessions.all().length }]);
}
