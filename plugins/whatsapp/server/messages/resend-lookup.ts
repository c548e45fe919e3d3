import type { WAMessage, WAMessageKey } from "@whiskeysockets/baileys";
import type { Services } from "../../../../core/plugin/services.ts";
import type {} from "../../../channels/inbound.contract.ts";
import type { SessionRegistry } from "../session/session-registry.ts";

/** Stored kinds whose text alone re-creates the message WhatsApp asks us to re-send. */
const TEXT_KINDS = new Set(["chat", "conversation", "extendedTextMessage"]);

/**
 * Answers Baileys' `getMessage` (a retry receipt: the recipient could not decrypt and
 * asks for the message again) from the tickets plugin's store. Text is re-created
 * exactly; media and cards cannot be rebuilt from what is stored, so those stay
 * unanswered and WhatsApp shows the recipient its usual notice.
 */
export function resendLookup(services: Services, sessions: SessionRegistry) {
  return async (whatsappId: number, key: WAMessageKey): Promise<WAMessage["message"] | undefined> => {
    const companyId = sessions.live(whatsappId)?.companyId;
    if (!companyId || !key.id) return undefined;
    const stored = await services.require("tickets.providerMessage")({ companyId, whatsappId, providerId: key.id });
    if (!stored || stored.isDeleted || !TEXT_KINDS.has(stored.mediaType)) return undefined;
    return { conversation: stored.body };
  };
}
