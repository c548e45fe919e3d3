import type { PluginContext } from "../../../../core/plugin/server-plugin.ts";
import type { ConnectionRow, ConnectionSessionEvent, ConnectionStatusPatch } from "../../../connections/server/connections.contract.ts";

/** `company-{id}-whatsappSession`: the live session progress the QR dialog listens to. */
export const sessionTopic = (companyId: number) => `company-${companyId}-whatsappSession`;

/**
 * Records a session's progress on its connection (connections.setStatus emits
 * `company-{id}-whatsapp`) and tells the web on `company-{id}-whatsappSession`
 * `{ action: "update", session, pairingCode? }` — the connection without its token.
 */
export class SessionStatus {
  constructor(private ctx: PluginContext) {}

  async connection(companyId: number, whatsappId: number): Promise<ConnectionRow | null> {
    return this.ctx.services.require("connections.get")(companyId, whatsappId);
  }

  /** Every company's connections of channel "whatsapp" (boot, the admin route, restarts). */
  async whatsappConnections(): Promise<ConnectionRow[]> {
    return this.ctx.services.require("connections.ofChannel")("whatsapp");
  }

  /** False when the connection is gone (deleted meanwhile): the caller drops the session. */
  async publish(companyId: number, whatsappId: number, patch: ConnectionStatusPatch, extra: { pairingCode?: string } = {}): Promise<boolean> {
    try {
      await this.ctx.services.require("connections.setStatus")(companyId, whatsappId, patch);
      const row = await this.connection(companyId, whatsappId);
      if (!row) return false;
      const { token: _hidden, ...session } = row;
      this.ctx.realtime.emit(companyId, sessionTopic(companyId), { action: "update", session, ...extra } satisfies ConnectionSessionEvent);
      return true;
    } catch (err) {
      this.ctx.log.warn(`whatsapp ${whatsappId}: status ${patch.status ?? ""} not recorded`, err instanceof Error ? err.message : err);
      return false;
    }
  }
}
