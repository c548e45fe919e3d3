import type { Services } from "../../../../core/plugin/services.ts";
import { looksLikeGroupId } from "../../../contacts/server/contacts.contract.ts";
import type { SessionRegistry } from "../session/session-registry.ts";
import { digitsOf, jidOfContact } from "./jid.ts";

/**
 * `channels.checkNumber` and `channels.profilePicture` for the contacts plugin, answered by
 * the company's first connected WhatsApp session (checkNumber: the named connection's, when connected). No connected session: undefined (the
 * contacts plugin then keeps the number as typed and the picture it has).
 */
export function provideNumberServices(services: Services, sessions: SessionRegistry): void {
  services.provide("channels.checkNumber", async (companyId, number, whatsappId) => {
    const connected = sessions.connectedOf(companyId);
    const session = connected.find((s) => s.whatsappId === whatsappId) ?? connected[0];
    if (!session || looksLikeGroupId(number)) return undefined;
    const digits = number.replace(/\D/g, "");
    if (!digits) return null;
    try {
      const [found] = (await session.socket.onWhatsApp(digits)) ?? [];
      return found?.exists ? digitsOf(found.jid) || digits : null;
    } catch {
      // WhatsApp did not answer: nobody can tell, which is not "does not exist".
      return undefined;
    }
  });

  services.provide("channels.profilePicture", async (companyId, number) => {
    const session = sessions.connectedOf(companyId)[0];
    if (!session) return undefined;
    const isGroup = looksLikeGroupId(number);
    try {
      return (await session.socket.profilePictureUrl(jidOfContact(number, isGroup), "image")) || null;
    } catch {
      // No picture, or hidden by the contact's privacy settings: WhatsApp answers with an error.
      return null;
    }
  });
}
