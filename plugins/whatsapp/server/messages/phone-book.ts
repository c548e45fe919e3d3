import type { PhoneBook } from "../../../channels/channel-driver.contract.ts";
import type { SessionRegistry } from "../session/session-registry.ts";
import type { AddressBook } from "./address-book.ts";
import type { ChatList } from "./chat-list.ts";

/**
 * The WhatsApp driver's phone book: the phone's saved contacts and the people of its chats,
 * as recorded from what WhatsApp sent the linked device. Read only for a connection of the
 * company that is connected in this process: the same rule as `channels.addressBook`.
 */
export function whatsappPhoneBook(sessions: SessionRegistry, book: AddressBook, chats: ChatList): PhoneBook {
  const connected = (companyId: number, whatsappId: number) => sessions.connectedOf(companyId).some((s) => s.whatsappId === whatsappId);
  return {
    contacts: async (companyId, whatsappId) => (connected(companyId, whatsappId) ? book.saved(companyId, whatsappId) : null),
    chats: async (companyId, whatsappId) => (connected(companyId, whatsappId) ? chats.people(companyId, whatsappId) : null),
  };
}
