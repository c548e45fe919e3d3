import { api, type MessageAnswer } from "../../../web/src/api/api.ts";
import type { UserSummary } from "../../users/web/public.ts";
import type { Queue, QueueChanges, QueuePayload, QueueSummary, ReferenceKindsAnswer } from "../shared/queue-types.ts";

export type { ChatbotOption, ChatbotOptionPayload, Queue, QueuePayload, QueueSummary } from "../shared/queue-types.ts";

/** For the "send to an attendant" option (GET /users/list, the users plugin's answer). */
export type UserOption = Pick<UserSummary, "id" | "name">;

const tagged = api.enhanceEndpoints({ addTagTypes: ["Queue"] });

/** The queues plugin's calls (spec 001 §7 'Queues and chatbot'). */
export const queuesApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getQueues: build.query<QueueSummary[], void>({
      query: () => "/queue",
      providesTags: [{ type: "Queue", id: "LIST" }],
    }),
    getQueue: build.query<Queue, number>({
      query: (id) => `/queue/${id}`,
      providesTags: (_r, _e, id) => [{ type: "Queue", id }],
    }),
    createQueue: build.mutation<Queue, QueuePayload>({
      query: (body) => ({ url: "/queue", method: "POST", body }),
    }),
    updateQueue: build.mutation<Queue, { id: number } & QueueChanges>({
      query: ({ id, ...body }) => ({ url: `/queue/${id}`, method: "PUT", body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: "Queue", id }],
    }),
    deleteQueue: build.mutation<MessageAnswer, number>({
      query: (id) => ({ url: `/queue/${id}`, method: "DELETE" }),
    }),
    getQueueUserOptions: build.query<UserOption[], void>({
      query: () => "/users/list",
    }),
    /** Which reference kinds (integration, fileList, ...) have a provider installed. */
    getReferenceKinds: build.query<ReferenceKindsAnswer, void>({
      query: () => "/queues/reference-kinds",
    }),
  }),
});

export const {
  useGetQueuesQuery,
  useGetQueueQuery,
  useCreateQueueMutation,
  useUpdateQueueMutation,
  useDeleteQueueMutation,
  useGetQueueUserOptionsQuery,
  useGetReferenceKindsQuery,
} = queuesApi;
