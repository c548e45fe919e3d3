/**
 * WhatsApp addresses ("jids") as Baileys writes them: `user[:device]@server`. Pure helpers:
 * the message layer never imports Baileys at runtime (it is loaded lazily by the boundary).
 */

export interface Jid {
  /** The user part without the device suffix ("5511999990000", "120363…", a lid). */
  user: string;
  server: string;
}

/** Splits a jid; null for anything that is not `user@server`. */
export function parseJid(jid: string | null | undefined): Jid | null {
  if (!jid || typeof jid !== "string") return null;
  const at = jid.indexOf("@");
  if (at <= 0) return null;
  const user = jid.slice(0, at).split(":")[0]!.split("_")[0]!;
  const server = jid.slice(at + 1);
  return user && server ? { user, server } : null;
}

/** Phone-number accounts (`s.whatsapp.net`, the legacy `c.us`, business-hosted `hosted`). */
export const isPnJid = (jid: string | null | undefined) => ["s.whatsapp.net", "c.us", "hosted"].includes(parseJid(jid)?.server ?? "");
/** WhatsApp's privacy identities (`lid`, business-hosted `hosted.lid`): not phone numbers. */
export const isLidJid = (jid: string | null | undefined) => ["lid", "hosted.lid"].includes(parseJid(jid)?.server ?? "");
export const isGroupJid = (jid: string | null | undefined) => parseJid(jid)?.server === "g.us";

/**
 * Chats that never become tickets: status updates (`status@broadcast`), broadcast lists,
 * channels (`@newsletter`) and anything we cannot parse.
 */
export function isIgnoredChat(jid: string | null | undefined): boolean {
  const parsed = parseJid(jid);
  if (!parsed) return true;
  return parsed.server === "broadcast" || parsed.server === "newsletter" || parsed.server === "call";
}

/** Digits of a jid's user part ("5511999990000:7@s.whatsapp.net" → "5511999990000"). */
export const digitsOf = (jid: string | null | undefined) => (parseJid(jid)?.user ?? "").replace(/\D/g, "");

/** The jid of a contact as stored (digits, or a group id when isGroup). */
export function jidOfContact(number: string, isGroup: boolean): string {
  const trimmed = number.trim();
  if (isGroup) return trimmed.includes("@") ? trimmed : `${trimmed}@g.us`;
  return `${trimmed.replace(/\D/g, "")}@s.whatsapp.net`;
}
