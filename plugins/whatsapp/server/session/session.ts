import { AppError } from "../../../../core/errors.ts";
import type { DbAuth } from "./auth-state.ts";
import type { LiveSession } from "./session-registry.ts";

/** Baileys' disconnect reasons (DisconnectReason) we act on; the rest reconnect with backoff. */
export const RESTART_REQUIRED = 515;
export const CONNECTION_REPLACED = 440;
/** The phone unlinked us, or WhatsApp refuses these credentials: they are worthless now. */
export const CREDENTIALS_DEAD = new Set([401, 403, 411, 500]);
/** Events that prove the socket still hears WhatsApp (the watchdog's notion of life). */
export const ACTIVITY = [
  "messages.upsert",
  "messages.update",
  "messages.reaction",
  "message-receipt.update",
  "messaging-history.set",
  "presence.update",
  "chats.upsert",
  "chats.update",
  "contacts.upsert",
  "contacts.update",
  "groups.update",
  "call",
] as const;

/** One session this process drives (its socket may be closed while a reconnect is pending). */
export interface Session {
  companyId: number;
  whatsappId: number;
  auth?: DbAuth;
  live?: LiveSession;
  detach: (() => void)[];
  /** QR codes shown by the current socket. */
  qrCount: number;
  /** Reconnect attempts since the last open (the connection's `retries`). */
  attempts: number;
  reconnectTimer?: ReturnType<typeof setTimeout>;
  lastEventAt: number;
  pairing?: { digits: string; requested: boolean; resolve(code: string): void; reject(err: Error): void };
}

/** A phone number for a pairing code: digits with the country code, 8 to 15 of them. */
export function pairingDigits(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (digits.length < 8 || digits.length > 15) throw new AppError("ERR_VALIDATION", { fields: { phoneNumber: "Invalid number" } });
  return digits;
}

/** Baileys closes with a Boom error: the code is `output.statusCode`. */
export function statusCodeOf(error: unknown): number | undefined {
  const code = (error as { output?: { statusCode?: unknown } } | undefined)?.output?.statusCode;
  return typeof code === "number" ? code : undefined;
}

export function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([work, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms)))]).finally(() => clearTimeout(timer));
}
