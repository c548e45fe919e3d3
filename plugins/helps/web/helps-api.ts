import { api } from "../../../web/src/api/api.ts";

export interface Help {
  id: number;
  title: string;
  description: string;
  video: string;
  createdAt: string;
  updatedAt: string;
}
export type HelpInput = Pick<Help, "title" | "description" | "video">;

const tagged = api.enhanceEndpoints({ addTagTypes: ["Helps"] });

/** Help entries: everybody reads the whole list (help centre); the super user writes. */
export const helpsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getHelps: build.query<Help[], void>({
      query: () => "/helps/list",
      providesTags: ["Helps"],
    }),
    createHelp: build.mutation<Help, HelpInput>({
      query: (body) => ({ url: "/helps", method: "POST", body }),
      invalidatesTags: ["Helps"],
    }),
    updateHelp: build.mutation<Help, { id: number } & HelpInput>({
      query: ({ id, ...body }) => ({ url: `/helps/${id}`, method: "PUT", body }),
      invalidatesTags: ["Helps"],
    }),
    deleteHelp: build.mutation<{ message: string }, number>({
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
