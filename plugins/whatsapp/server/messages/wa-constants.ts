import type { MessageAck } from "../../../channels/channel-driver.contract.ts";

/**
 * The numeric values of the WAProto enums the message layer reads. Copied as numbers so the
 * layer needs no runtime import of Baileys (loaded lazily); `wa-constants.test.ts` checks
 * them against WAProto itself.
 */
export const PROTOCOL_REVOKE = 0; // proto.Message.ProtocolMessage.Type.REVOKE
export const PROTOCOL_MESSAGE_EDIT = 14; // proto.Message.ProtocolMessage.Type.MESSAGE_EDIT
export const STUB_REVOKE = 1; // proto.WebMessageInfo.StubType.REVOKE

/** proto.WebMessageInfo.Status values. */
export const STATUS = { ERROR: 0, PENDING: 1, SERVER_ACK: 2, DELIVERY_ACK: 3, READ: 4, PLAYED: 5 } as const;

/**
 * A WhatsApp status as our MessageAck (0 pending, 1 sent, 2 delivered, 3 read, 4 played);
 * null for ERROR/PENDING and unknown values (nothing to raise).
 */
export function ackOfStatus(status: unknown): MessageAck | null {
  const value = typeof status === "string" ? (STATUS as Record<string, number>)[status] : Number(status);
  if (!Number.isInteger(value) || value! < STATUS.SERVER_ACK || value! > STATUS.PLAYED) return null;
  return (value! - 1) as MessageAck;
}

/** Seconds (number or protobuf Long) as epoch milliseconds; undefined when absent. */
export function millisOf(seconds: unknown): number | undefined {
  if (seconds === null || seconds === undefined) return undefined;
  const n = typeof seconds === "object" ? Number(String(seconds)) : Number(seconds);
  return Number.isFinite(n) && n > 0 ? n * 1000 : undefined;
}

/** A protobuf number that may be a Long. */
export function numberOf(value: unknown): number | undefined {
  if (value === null || value === undefined) return undefined;
  const n = typeof value === "object" ? Number(String(value)) : Number(value);
  return Number.isFinite(n) ? n : undefined;
}
