import type { Realtime } from "../../../core/realtime/realtime.ts";
import { type Channel, withSpecChannel } from "../shared/connection-rules.ts";

/** `company-{id}-whatsapp`, the spec's realtime topic for connection changes. */
export const whatsappTopic = (companyId: number) => `company-${companyId}-whatsapp`;

/**
 * Connection events. Every socket of the company hears them, plain users included, so the
 * token never travels here: holders of connections-page:addConnection read it over HTTP.
 */
export class ConnectionEvents {
  constructor(private realtime: Pick<Realtime, "emit">) {}

  /** The connection as the routes answer it: the spec's `channel`, the driver as `channelKind`. */
  updated(companyId: number, whatsapp: { token?: string; channel: Channel }): void {
    const { token: _hidden, ...safe } = whatsapp;
    this.realtime.emit(companyId, whatsappTopic(companyId), { action: "update", whatsapp: withSpecChannel(safe) });
  }

  deleted(companyId: number, whatsappId: number): void {
    this.realtime.emit(companyId, whatsappTopic(companyId), { action: "delete", whatsappId });
  }
}
