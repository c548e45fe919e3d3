/**
 * In-process events of the connections plugin, for the channel/session layer that
 * owns the live sessions (bus events, not realtime: they never reach a browser).
 */
declare module "../../../core/events/bus.ts" {
  interface EventMap {
    /** A connection was edited (after commit): readers that keep its fields in process drop them (the flows' start rules). */
    "connections.whatsapp.updated": { companyId: number; whatsappId: number };
    /** A connection is gone: close its session. */
    "connections.whatsapp.deleted": { companyId: number; whatsappId: number };
    /**
     * A CONNECTED connection with message import enabled was edited (spec 001 §4): its
     * session must be dropped so the next QR read imports; the status is already `qrcode`.
     */
    "connections.session.reset": { companyId: number; whatsappId: number };
  }
}

export {};
