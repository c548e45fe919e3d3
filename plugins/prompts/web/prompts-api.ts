import { api, type MessageAnswer } from "../../../web/src/api/api.ts";
import type { QueueSummary } from "../../queues/web/public.ts";
import type { Prompt, PromptChanges, PromptList, PromptPayload } from "../shared/prompt-types.ts";

export type { Prompt } from "../shared/prompt-types.ts";

const tagged = api.enhanceEndpoints({ addTagTypes: ["Prompts", "Prompt"] });

/** The prompts plugin's calls (spec 002 §7 "Prompts"). */
export const promptsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getPrompts: build.query<PromptList, void>({ query: () => "/prompt", providesTags: ["Prompts"] }),
    getPrompt: build.query<Prompt, number>({ query: (id) => `/prompt/${id}`, providesTags: (_r, _e, id) => [{ type: "Prompt", id }] }),
    createPrompt: build.mutation<Prompt, PromptPayload>({ query: (body) => ({ url: "/prompt", method: "POST", body }), invalidatesTags: ["Prompts"] }),
    updatePrompt: build.mutation<Prompt, { id: number } & PromptChanges>({
      query: ({ id, ...body }) => ({ url: `/prompt/${id}`, method: "PUT", body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: "Prompt", id }, "Prompts"],
    }),
    // The dialog's queue choices; named for this plugin so no other plugin's endpoint is redefined.
    promptQueueOptions: build.query<QueueSummary[], void>({ query: () => "/queue" }),
    deletePrompt: build.mutation<MessageAnswer, number>({ query: (id) => ({ url: `/prompt/${id}`, method: "DELETE" }), invalidatesTags: ["Prompts"] }),
  }),
});

export const { useGetPromptsQuery, useGetPromptQuery, useCreatePromptMutation, useUpdatePromptMutation, useDeletePromptMutation, usePromptQueueOptionsQuery } = promptsApi;
