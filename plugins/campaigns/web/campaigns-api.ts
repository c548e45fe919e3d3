import { api, type MessageAnswer } from "../../../web/src/api/api.ts";
import type { Connection } from "../../connections/web/public.ts";
import type { QueueSummary } from "../../queues/web/public.ts";
import type { Tag } from "../../tags/web/public.ts";
import type { UserSummary } from "../../users/web/public.ts";
import type {
  Campaign,
  CampaignPage,
  CampaignPayload,
  CampaignReport,
  CampaignSettingRow,
  CampaignSettings,
  ContactList,
  ContactListItem,
  ContactListItemPage,
  ContactListItemPayload,
  ContactListPage,
  ImportReport,
  Suppression,
  SuppressionPage,
} from "../shared/campaign-types.ts";

export type {
  Campaign,
  CampaignPage,
  CampaignPayload,
  CampaignReport,
  CampaignSettings,
  ContactList,
  ContactListItem,
  ImportReport,
  Suppression,
} from "../shared/campaign-types.ts";

const tagged = api.enhanceEndpoints({ addTagTypes: ["Suppression", "Campaign", "ContactList", "ContactListItem", "CampaignSettings", "ContactListOptions"] });

/** A file as the multipart body the spec's upload calls take (spaces become underscores, as the server does too). */
export function fileForm(file: File, typeArch?: string): FormData {
  const form = new FormData();
  if (typeArch) form.append("typeArch", typeArch);
  form.append("file", new File([file], file.name.replace(/\s/g, "_"), { type: file.type }));
  return form;
}

/** The campaigns plugin's calls (spec 002 §7 "Campaigns and settings", "Contact lists"). */
export const campaignsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getCampaignsPage: build.query<CampaignPage, { searchParam: string; pageNumber: number }>({
      query: (params) => ({ url: "/campaigns", params }),
      keepUnusedDataFor: 0,
    }),
    getCampaign: build.query<Campaign, number>({ query: (id) => `/campaigns/${id}`, providesTags: (_r, _e, id) => [{ type: "Campaign", id }] }),
    getCampaignReport: build.query<CampaignReport, number>({ query: (id) => `/campaigns/${id}/report`, keepUnusedDataFor: 0 }),
    createCampaign: build.mutation<Campaign, CampaignPayload>({ query: (body) => ({ url: "/campaigns", method: "POST", body }) }),
    updateCampaign: build.mutation<Campaign, { id: number } & Partial<CampaignPayload>>({
      query: ({ id, ...body }) => ({ url: `/campaigns/${id}`, method: "PUT", body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: "Campaign", id }],
    }),
    deleteCampaign: build.mutation<MessageAnswer, number>({ query: (id) => ({ url: `/campaigns/${id}`, method: "DELETE" }) }),
    cancelCampaign: build.mutation<Campaign, number>({ query: (id) => ({ url: `/campaigns/${id}/cancel`, method: "POST" }) }),
    restartCampaign: build.mutation<Campaign, number>({ query: (id) => ({ url: `/campaigns/${id}/restart`, method: "POST" }) }),
    uploadCampaignMedia: build.mutation<Campaign, { id: number; file: File }>({
      query: ({ id, file }) => ({ url: `/campaigns/${id}/media-upload`, method: "POST", body: fileForm(file, "campaign") }),
      invalidatesTags: (_r, _e, { id }) => [{ type: "Campaign", id }],
    }),
    deleteCampaignMedia: build.mutation<Campaign, number>({
      query: (id) => ({ url: `/campaigns/${id}/media-upload`, method: "DELETE" }),
      invalidatesTags: (_r, _e, id) => [{ type: "Campaign", id }],
    }),
    getCampaignSettings: build.query<CampaignSettingRow[], void>({ query: () => "/campaign-settings", providesTags: ["CampaignSettings"] }),
    saveCampaignSettings: build.mutation<CampaignSettingRow[], Partial<CampaignSettings>>({
      query: (settings) => ({ url: "/campaign-settings", method: "POST", body: { settings } }),
      invalidatesTags: ["CampaignSettings"],
    }),
    getContactListsPage: build.query<ContactListPage, { searchParam: string; pageNumber: number }>({
      query: (params) => ({ url: "/contact-lists", params }),
      keepUnusedDataFor: 0,
    }),
    /** The sample spreadsheet as an object URL (the caller saves it and frees it). */
    sampleSpreadsheet: build.mutation<string, void>({
      query: () => ({ url: "/contact-lists/sample", responseHandler: async (res) => (res.ok ? URL.createObjectURL(await res.blob()) : res.json()) }),
    }),
    getContactListOptions: build.query<ContactList[], void>({ query: () => "/contact-lists/list", providesTags: ["ContactListOptions"] }),
    getContactList: build.query<ContactList, number>({ query: (id) => `/contact-lists/${id}`, providesTags: (_r, _e, id) => [{ type: "ContactList", id }] }),
    createContactList: build.mutation<ContactList, { name: string }>({
      query: (body) => ({ url: "/contact-lists", method: "POST", body }),
      invalidatesTags: ["ContactListOptions"],
    }),
    updateContactList: build.mutation<ContactList, { id: number; name: string }>({
      query: ({ id, ...body }) => ({ url: `/contact-lists/${id}`, method: "PUT", body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: "ContactList", id }, "ContactListOptions"],
    }),
    deleteContactList: build.mutation<MessageAnswer, number>({
      query: (id) => ({ url: `/contact-lists/${id}`, method: "DELETE" }),
      invalidatesTags: ["ContactListOptions"],
    }),
    uploadContactList: build.mutation<ImportReport, { id: number; file: File; whatsappId?: number }>({
      query: ({ id, file, whatsappId }) => {
        const body = fileForm(file);
        // The connection whose WhatsApp session checks the numbers; none: the company's first.
        if (whatsappId != null) body.append("whatsappId", String(whatsappId));
        return { url: `/contact-lists/${id}/upload`, method: "POST", body };
      },
      invalidatesTags: (_r, _e, { id }) => [{ type: "ContactList", id }, "ContactListOptions"],
    }),
    getContactListItems: build.query<ContactListItemPage, { searchParam: string; pageNumber: number; contactListId: number }>({
      query: (params) => ({ url: "/contact-list-items", params }),
      keepUnusedDataFor: 0,
    }),
    getContactListItem: build.query<ContactListItem, number>({
      query: (id) => `/contact-list-items/${id}`,
      providesTags: (_r, _e, id) => [{ type: "ContactListItem", id }],
    }),
    createContactListItem: build.mutation<ContactListItem, ContactListItemPayload>({ query: (body) => ({ url: "/contact-list-items", method: "POST", body }) }),
    updateContactListItem: build.mutation<ContactListItem, { id: number } & Partial<ContactListItemPayload>>({
      query: ({ id, contactListId: _list, ...body }) => ({ url: `/contact-list-items/${id}`, method: "PUT", body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: "ContactListItem", id }],
    }),
    campaignUserOptions: build.query<UserSummary[], void>({ query: () => "/users/list" }),
    campaignQueueOptions: build.query<QueueSummary[], void>({ query: () => "/queue" }),
    campaignConnectionOptions: build.query<Connection[], void>({ query: () => "/whatsapp" }),
    campaignTagOptions: build.query<Tag[], void>({ query: () => "/tags/list" }),
    deleteContactListItem: build.mutation<MessageAnswer, number>({ query: (id) => ({ url: `/contact-list-items/${id}`, method: "DELETE" }) }),
    getSuppressions: build.query<SuppressionPage, { searchParam: string; pageNumber: number }>({
      query: (params) => ({ url: "/campaign-suppressions", params }),
      providesTags: ["Suppression"],
    }),
    addSuppression: build.mutation<Suppression, string>({
      query: (number) => ({ url: "/campaign-suppressions", method: "POST", body: { number } }),
      invalidatesTags: ["Suppression"],
    }),
    removeSuppression: build.mutation<MessageAnswer, number>({
      query: (id) => ({ url: `/campaign-suppressions/${id}`, method: "DELETE" }),
      invalidatesTags: ["Suppression"],
    }),
  }),
});

export const {
  useGetCampaignsPageQuery,
  useGetCampaignQuery,
  useGetCampaignReportQuery,
  useCreateCampaignMutation,
  useUpdateCampaignMutation,
  useDeleteCampaignMutation,
  useCancelCampaignMutation,
  useRestartCampaignMutation,
  useUploadCampaignMediaMutation,
  useDeleteCampaignMediaMutation,
  useGetCampaignSettingsQuery,
  useSaveCampaignSettingsMutation,
  useGetContactListsPageQuery,
  useGetContactListOptionsQuery,
  useSampleSpreadsheetMutation,
  useGetContactListQuery,
  useCreateContactListMutation,
  useUpdateContactListMutation,
  useDeleteContactListMutation,
  useUploadContactListMutation,
  useGetContactListItemsQuery,
  useGetContactListItemQuery,
  useCreateContactListItemMutation,
  useUpdateContactListItemMutation,
  useDeleteContactListItemMutation,
  useCampaignUserOptionsQuery,
  useCampaignQueueOptionsQuery,
  useCampaignConnectionOptionsQuery,
  useCampaignTagOptionsQuery,
  useGetSuppressionsQuery,
  useAddSuppressionMutation,
  useRemoveSuppressionMutation,
} = campaignsApi;
