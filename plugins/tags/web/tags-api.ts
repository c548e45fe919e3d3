import { api } from "../../../web/src/api/api.ts";

export interface Tag {
  id: number;
  companyId: number;
  name: string;
  color: string;
  kanban: number;
  userId: number | null;
  timeLane: number;
  nextLaneId: number | null;
  rollbackLaneId: number | null;
  greetingMessageLane: string;
  createdAt: string;
  updatedAt: string;
  /** Only in pages of GET /tags. */
  contactsCount?: number;
}

export interface TagPage {
  tags: Tag[];
  count: number;
  hasMore: boolean;
}

export interface TagPayload {
  name: string;
  color: string;
  kanban?: 0 | 1;
}

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
    updateTag: build.mutation<Tag, { id: number } & Partial<TagPayload>>({
      query: ({ id, ...body }) => ({ url: `/tags/${id}`, method: "PUT", body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: "Tag", id }],
    }),
    deleteTag: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/tags/${id}`, method: "DELETE" }),
    }),
  }),
});

export const { useGetTagsPageQuery, useGetTagQuery, useCreateTagMutation, useUpdateTagMutation, useDeleteTagMutation } = tagsApi;
