import type { Contact } from "./contacts-api.ts";

/** A contact as the API answers it, for component tests. */
export function apiContact(id: number, name: string, over: Partial<Contact> = {}): Contact {
  return {
    id,
    companyId: 2,
    name,
    number: `55119876543${String(id).padStart(2, "0")}`,
    email: `${name.toLowerCase().split(" ")[0]}@cliente.com`,
    active: true,
    acceptAudioMessage: true,
    disableBot: false,
    lgpdAcceptedAt: null,
    urlPicture: "",
    channel: "whatsapp",
    whatsappId: null,
    isGroup: false,
    walletUserId: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    extraInfo: [],
    tags: [],
    ...over,
  };
}
