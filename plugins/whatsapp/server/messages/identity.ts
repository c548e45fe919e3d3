import type { WAMessage } from "@whiskeysockets/baileys";
import { digitsOf, isLidJid, isPnJid } from "./jid.ts";
import type { LidMap } from "./lid-map.ts";

/**
 * The phone number (digits) of a person WhatsApp addressed by `jid`, with `alt` the other
 * identity Baileys 7 may carry (`remoteJidAlt` / `participantAlt`). A pair is recorded in
 * the lid map; a lid with no known number stays its lid digits (see README: such a contact
 * is reachable only until WhatsApp pairs it, and nothing wrong is recorded meanwhile).
 */
export async function personNumber(lids: LidMap, companyId: number, jid: string, alt?: string | null): Promise<string> {
  if (isLidJid(jid)) {
    if (alt && isPnJid(alt)) {
      await lids.learn(companyId, jid, alt);
      return digitsOf(alt);
    }
    const known = await lids.numberOf(companyId, jid);
    if (known) return known;
    lids.markUnpaired(companyId, digitsOf(jid));
    return digitsOf(jid);
  }
  if (alt && isLidJid(alt) && isPnJid(jid)) await lids.learn(companyId, jid, alt);
  return digitsOf(jid);
}

/** The member who wrote a group message (its number), or undefined outside groups. */
export async function participantNumber(lids: LidMap, companyId: number, key: WAMessage["key"]): Promise<string | undefined> {
  const participant = key.participant ?? undefined;
  if (!participant) return undefined;
  return personNumber(lids, companyId, participant, key.participantAlt);
}
