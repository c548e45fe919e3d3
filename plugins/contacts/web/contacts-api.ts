import { api } from "../../../web/src/api/api.ts";

export interface ContactTag {
  id: number;
  name: string;
  color: string;
}

export interface ExtraInfo {
  id?: number;
  name: string;
  value: string;
}

/** A contact as the API answers it (numbers already LGPD-masked for plain users). */
export interface Contact {
  id: number;
  companyId: number;
  name: string;
  number: string;
  email: string;
  active: boolean;
  acceptAudioMessage: boolean;
  disableBot: boolean;
  lgpdAcceptedAt: string | null;
  urlPicture: string;
  channel: string;
  whatsappId: number | null;
  isGroup: boolean;
  createdAt: string;
  updatedAt: string;
  extraInfo: ExtraInfo[];
  tags: ContactTag[];
}

export interface ContactPage {
  contacts: Contact[];
  count: number;
  hasMore: boolean;
}

export interface ContactPayload {
  name?: string;
  number?: string;
  email?: string;
  acceptAudioMessage?: boolean;
  disableBot?: boolean;
  extraInfo?: ExtraInfo[];
}

/** The tags the contact tags editor offers and saves (the tags plugin's API). */
export interface SyncTag {
  id?: number;
  name: string;
  color?: string;
}

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
    updateContact: build.mutation<Contact, { id: number } & ContactPayload>({
      query: ({ id, ...body }) => ({ url: `/contacts/${id}`, method: "PUT", body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: "Contact", id }],
    }),
    deleteContact: build.mutation<{ message: string }, number>({
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
    syncContactTags: build.mutation<{ contactId: number; tags: ContactTag[] }, { contactId: number; tags: SyncTag[] }>({
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
} = contactsApi;
