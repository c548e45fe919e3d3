import { api, type MessageAnswer } from "../../../web/src/api/api.ts";
import type { QuickMessage, QuickMessageChanges, QuickMessagePage, QuickMessagePayload } from "../shared/quick-message-types.ts";

export { isEditableBy, isLockedFor, previewText, PREVIEW_LENGTH } from "../shared/quick-message-rules.ts";

export type { QuickMessage, QuickMessagePage, QuickMessagePayload } from "../shared/quick-message-types.ts";

/** The multipart body of an attachment upload (spec 000 §7: typeArch + file). */
export function mediaUploadForm(file: File): FormData {
  const form = new FormData();
  form.append("typeArch", "quickMessage");
  // Spec 000 §5: spaces in attachment names become underscores (the server does it too).
  form.append("file", new File([file], file.name.replace(/\s/g, "_"), { type: file.type }));
  return form;
}

const tagged = api.enhanceEndpoints({ addTagTypes: ["QuickMessage", "QuickMessageList"] });

/** The quick-messages plugin's calls (spec 000 §7 'Other: Quick messages'). */
export const quickMessagesApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getQuickMessagesPage: build.query<QuickMessagePage, { searchParam: string; pageNumber: number }>({
      query: ({ searchParam, pageNumber }) => ({ url: "/quick-messages", params: { searchParam, pageNumber } }),
      // pages are merged by the list itself (infinite scroll + live events)
      keepUnusedDataFor: 0,
    }),
    /** Every quick message the caller may use: the composer's quick-reply flash. */
    getQuickMessageList: build.query<QuickMessage[], void>({
      query: () => "/quick-messages/list",
      providesTags: ["QuickMessageList"],
    }),
    getQuickMessage: build.query<QuickMessage, number>({
      query: (id) => `/quick-messages/${id}`,
      providesTags: (_r, _e, id) => [{ type: "QuickMessage", id }],
    }),
    createQuickMessage: build.mutation<QuickMessage, QuickMessagePayload>({
      query: (body) => ({ url: "/quick-messages", method: "POST", body }),
      invalidatesTags: ["QuickMessageList"],
    }),
    updateQuickMessage: build.mutation<QuickMessage, { id: number } & QuickMessageChanges>({
      query: ({ id, ...body }) => ({ url: `/quick-messages/${id}`, method: "PUT", body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: "QuickMessage", id }, "QuickMessageList"],
    }),
    deleteQuickMessage: build.mutation<MessageAnswer, number>({
      query: (id) => ({ url: `/quick-messages/${id}`, method: "DELETE" }),
      invalidatesTags: ["QuickMessageList"],
    }),
    uploadQuickMessageMedia: build.mutation<QuickMessage, { id: number; file: File }>({
      query: ({ id, file }) => ({ url: `/quick-messages/${id}/media-upload`, method: "POST", body: mediaUploadForm(file) }),
      invalidatesTags: (_r, _e, { id }) => [{ type: "QuickMessage", id }, "QuickMessageList"],
    }),
    deleteQuickMessageMedia: build.mutation<QuickMessage, number>({
      query: (id) => ({ url: `/quick-messages/${id}/media-upload`, method: "DELETE" }),
      invalidatesTags: (_r, _e, id) => [{ type: "QuickMessage", id }, "QuickMessageList"],
    }),
  }),
});

export const {
  useGetQuickMessagesPageQuery,
  useGetQuickMessageListQuery,
  useGetQuickMessageQuery,
  useCreateQuickMessageMutation,
  useUpdateQuickMessageMutation,
  useDeleteQuickMessageMutation,
  useUploadQuickMessageMediaMutation,
  useDeleteQuickMessageMediaMutation,
} = quickMessagesApi;
