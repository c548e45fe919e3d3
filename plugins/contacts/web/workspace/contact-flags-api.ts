import { api } from "../../../../web/src/api/api.ts";
import type { Contact, ContactProfileView } from "../../shared/contact-types.ts";

export type { ContactProfileView } from "../../shared/contact-types.ts";

// "Ticket" is the tickets plugin's cache tag: a ticket view embeds its contact's flags.
const tagged = api.enhanceEndpoints({ addTagTypes: ["Contact", "Ticket"] });

/** The contact calls the ticket workspace makes: the provider picture and the bot and audio flags. */
export const contactFlagsApi = tagged.injectEndpoints({
  endpoints: (b) => ({
    contactProfile: b.query<ContactProfileView, string>({
      query: (number) => `/contacts/profile/${encodeURIComponent(number)}`,
    }),
    toggleDisableBot: b.mutation<Contact, { contactId: number; ticketId: number }>({
      query: ({ contactId }) => ({ url: `/contacts/toggleDisableBot/${contactId}`, method: "PUT" }),
      invalidatesTags: (_r, _e, { contactId, ticketId }) => [
        { type: "Contact", id: contactId },
        { type: "Ticket", id: ticketId },
      ],
    }),
    toggleAcceptAudio: b.mutation<Contact, { contactId: number; acceptAudioMessage: boolean }>({
      query: ({ contactId, acceptAudioMessage }) => ({ url: `/contacts/toggleAcceptAudio/${contactId}`, method: "PUT", body: { acceptAudioMessage } }),
      invalidatesTags: (_r, _e, { contactId }) => [{ type: "Contact", id: contactId }],
    }),
  }),
});

export const { useContactProfileQuery, useToggleDisableBotMutation, useToggleAcceptAudioMutation } = contactFlagsApi;
