import { api, type MessageAnswer } from "../../../web/src/api/api.ts";
import type { ContactTags, Tag, TagSyncPayload } from "../../tags/web/public.ts";
import type { UserSummary } from "../../users/web/public.ts";
import type { Contact, ContactChanges, ContactPage, ContactPayload, ContactTag } from "../shared/contact-types.ts";

export type { Contact, ContactPage, ContactPayload, ContactTag, ExtraInfo } from "../shared/contact-types.ts";

/** A tag the contact tags editor offers and saves (the tags plugin's POST /tags/sync item; the editor always names it). */
export type SyncTag = TagSyncPayload["tags"][number] & Pick<Tag, "name">;

const tagged = api.enhanceEndpoints({ addTagTypes: ["Contact", "ContactTagsList"] });

/** The contacts plugin's calls (spec 000 §7 'Contacts'). */
export const contactsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getContactsPage: build.query<ContactPage, { searchParam: string; pageNumber: number }>({
      query: ({ searchParam, pageNumber }) => ({ url: "/contacts", params: { searchParam, pageNumber } }),
      // pages are merged by the list itself (infinite scroll + live events)
      keepUnusedDataFor: 0,
    }),
    getContact: build.query<Contact, number>({
      query: (id) => `/contacts/${id}`,
      providesTags: (_r, _e, id) => [{ type: "Contact", id }],
    }),
    createContact: build.mutation<Contact, ContactPayload>({
      query: (body) => ({ url: "/contacts", method: "POST", body }),
    }),
    updateContact: build.mutation<Contact, { id: number } & ContactChanges>({
      query: ({ id, ...body }) => ({ url: `/contacts/${id}`, method: "PUT", body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: "Contact", id }],
    }),
    deleteContact: build.mutation<MessageAnswer, number>({
      query: (id) => ({ url: `/contacts/${id}`, method: "DELETE" }),
    }),
    blockContact: build.mutation<Contact, { id: number; active: boolean }>({
      query: ({ id, active }) => ({ url: `/contacts/block/${id}`, method: "PUT", body: { active } }),
      invalidatesTags: (_r, _e, { id }) => [{ type: "Contact", id }],
    }),
    getTagOptions: build.query<ContactTag[], void>({
      query: () => ({ url: "/tags/list", params: { kanban: 0 } }),
      providesTags: ["ContactTagsList"],
      keepUnusedDataFor: 0,
    }),
    /** The company's users, offered as the contact's wallet owner. */
    getWalletUserOptions: build.query<UserSummary[], void>({ query: () => "/users/list" }),
    syncContactTags: build.mutation<ContactTags, TagSyncPayload>({
      query: (body) => ({ url: "/tags/sync", method: "POST", body }),
      invalidatesTags: (_r, _e, { contactId }) => [{ type: "Contact", id: contactId }, "ContactTagsList"],
    }),
  }),
});

export const {
  useGetContactsPageQuery,
  useGetContactQuery,
  useCreateContactMutation,
  useUpdateContactMutation,
  useDeleteContactMutation,
  useBlockContactMutation,
  useGetTagOptionsQuery,
  useSyncContactTagsMutation,
  useGetWalletUserOptionsQuery,
} = contactsApi;
