import { api, type MessageAnswer } from "../../../web/src/api/api.ts";
import type { Help, HelpChanges, HelpPayload } from "../shared/help-types.ts";

export type { Help, HelpChanges, HelpPayload } from "../shared/help-types.ts";

const tagged = api.enhanceEndpoints({ addTagTypes: ["Helps"] });

/** Help entries: everybody reads the whole list (help centre); the super user writes. */
export const helpsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getHelps: build.query<Help[], void>({
      query: () => "/helps/list",
      providesTags: ["Helps"],
    }),
    createHelp: build.mutation<Help, HelpPayload>({
      query: (body) => ({ url: "/helps", method: "POST", body }),
      invalidatesTags: ["Helps"],
    }),
    updateHelp: build.mutation<Help, { id: number } & HelpChanges>({
      query: ({ id, ...body }) => ({ url: `/helps/${id}`, method: "PUT", body }),
      invalidatesTags: ["Helps"],
    }),
    deleteHelp: build.mutation<MessageAnswer, number>({
      query: (id) => ({ url: `/helps/${id}`, method: "DELETE" }),
      invalidatesTags: ["Helps"],
    }),
  }),
});

export const { useGetHelpsQuery, useCreateHelpMutation, useUpdateHelpMutation, useDeleteHelpMutation } = helpsApi;

/** The menu's "Ajuda" entry shows only when there is something in the help centre. */
export function useHasHelps(): boolean {
  const { data } = useGetHelpsQuery();
  return (data?.length ?? 0) > 0;
}
