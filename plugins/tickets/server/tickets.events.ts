import type { Realtime } from "../../../core/realtime/realtime.ts";
import type { ReceiveResult } from "./tickets.contract.ts";

/** The room of one ticket's open chat window (spec 000 §7: join a room by ticket uuid). */
export const ticketRoom = (uuid: string) => `ticket-${uuid}`;

/**
 * Events of a stored inbound message, sent only after the transaction committed so a
 * client never fetches a ticket or message that does not exist yet.
 */
export function announceReceived(realtime: Realtime, companyId: number, { ticket, message, contact }: ReceiveResult): void {
  realtime.emit(companyId, `company-${companyId}-ticket`, { action: "update", ticket });
  realtime.emit(companyId, `company-${companyId}-appMessage`, { action: "create", message, ticket, contact });
}
