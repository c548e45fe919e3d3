import { api, type MessageAnswer } from "../../../web/src/api/api.ts";
import type { Tag, TagChanges, TagPage, TagPayload } from "../shared/tag-types.ts";

export type { Tag, TagPage, TagPayload } from "../shared/tag-types.ts";

const tagged = api.enhanceEndpoints({ addTagTypes: ["Tag"] });

/** The tags plugin's calls (spec 000 §7). */
export const tagsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getTagsPage: build.query<TagPage, { searchParam: string; pageNumber: number; kanban?: 0 | 1 }>({
      query: (params) => ({ url: "/tags", params }),
      keepUnusedDataFor: 0,
    }),
    getTag: build.query<Tag, number>({
      query: (id) => `/tags/${id}`,
      providesTags: (_r, _e, id) => [{ type: "Tag", id }],
    }),
    createTag: build.mutation<Tag, TagPayload>({
      query: (body) => ({ url: "/tags", method: "POST", body }),
    }),
    updateTag: build.mutation<Tag, { id: number } & TagChanges>({
      query: ({ id, ...body }) => ({ url: `/tags/${id}`, method: "PUT", body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: "Tag", id }],
    }),
    /** The company's kanban lanes (the lane dialog's next and rollback choices). */
    laneOptions: build.query<Tag[], void>({
      query: () => ({ url: "/tags/list", params: { kanban: 1 } }),
      keepUnusedDataFor: 0,
    }),
    deleteTag: build.mutation<MessageAnswer, number>({
      query: (id) => ({ url: `/tags/${id}`, method: "DELETE" }),
    }),
  }),
});

export const { useGetTagsPageQuery, useGetTagQuery, useCreateTagMutation, useUpdateTagMutation, useDeleteTagMutation, useLaneOptionsQuery } = tagsApi;
