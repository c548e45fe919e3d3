import { api, type MessageAnswer } from "../../../web/src/api/api.ts";
import type { Tag, TagChanges, TagPage, TagPayload } from "../shared/tag-types.ts";

export type { Tag, TagPage, TagPayload } from "../shared/tag-types.ts";

const tagged = api.enhanceEndpoints({ addTagTypes: ["Tag", "TagLanes"] });

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
      invalidatesTags: ["TagLanes"],
    }),
    updateTag: build.mutation<Tag, { id: number } & TagChanges>({
      query: ({ id, ...body }) => ({ url: `/tags/${id}`, method: "PUT", body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: "Tag", id }, "TagLanes"],
    }),
    /**
     * The company's kanban lanes without counts (GET /tags/list?kanban=1, which reads the tags
     * alone): the lane dialog's next and rollback choices and the kanban plugin's stage
     * selector share this one answer.
     */
    laneOptions: build.query<Tag[], void>({
      query: () => ({ url: "/tags/list", params: { kanban: 1 } }),
      providesTags: ["TagLanes"],
    }),
    deleteTag: build.mutation<MessageAnswer, number>({
      query: (id) => ({ url: `/tags/${id}`, method: "DELETE" }),
      invalidatesTags: ["TagLanes"],
    }),
  }),
});

export const { useGetTagsPageQuery, useGetTagQuery, useCreateTagMutation, useUpdateTagMutation, useDeleteTagMutation, useLaneOptionsQuery } = tagsApi;

let reloadQueued = false;
/**
 * Marks the lane options stale (a `company-{id}-tag` event: a lane created, renamed or deleted
 * elsewhere). Every selector on screen hears the same event in the same turn: they are told
 * once, after it, so one refetch serves them all.
 */
export const reloadLaneOptions = () => (dispatch: (action: ReturnType<typeof tagsApi.util.invalidateTags>) => unknown) => {
  if (reloadQueued) return;
  reloadQueued = true;
  queueMicrotask(() => {
    reloadQueued = false;
    dispatch(tagsApi.util.invalidateTags(["TagLanes"]));
  });
};
