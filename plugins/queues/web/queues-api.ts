import { api } from "../../../web/src/api/api.ts";
import type { ChatbotOption, ChatbotType, QueueSchedule } from "../shared/queue-rules.ts";

export type { ChatbotOption };


/** A queue as GET /queue lists it. */
export interface QueueSummary {
  id: number;
  companyId: number;
  name: string;
  color: string;
  orderQueue: number | null;
  greetingMessage: string;
  outOfHoursMessage: string;
  closeTicket: boolean;
  ativarRoteador: boolean;
  tempoRoteador: number;
  integrationId: number | null;
  fileListId: number | null;
  schedules: QueueSchedule[];
  createdAt: string;
  updatedAt: string;
}

/** A queue with its option tree (GET /queue/{id}, write answers, realtime). */
export interface Queue extends QueueSummary {
  chatbots: ChatbotOption[];
}

/** An option as the dialog sends it: `id` keeps an existing one. */
export interface ChatbotOptionPayload {
  id?: number;
  name: string;
  greetingMessage: string;
  queueType: ChatbotType;
  closeTicket: boolean;
  optQueueId: number | null;
  optUserId: number | null;
  optIntegrationId: number | null;
  optFileId: number | null;
  options: ChatbotOptionPayload[];
}

export interface QueuePayload {
  name: string;
  color: string;
  orderQueue: number | null;
  greetingMessage: string;
  outOfHoursMessage: string;
  closeTicket: boolean;
  ativarRoteador: boolean;
  tempoRoteador: number;
  schedules?: QueueSchedule[];
  chatbots: ChatbotOptionPayload[];
}

/** For the "send to an attendant" option (GET /users/list). */
export interface UserOption {
  id: number;
  name: string;
}

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
    updateQueue: build.mutation<Queue, { id: number } & Partial<QueuePayload>>({
      query: ({ id, ...body }) => ({ url: `/queue/${id}`, method: "PUT", body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: "Queue", id }],
    }),
    deleteQueue: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/queue/${id}`, method: "DELETE" }),
    }),
    getQueueUserOptions: build.query<UserOption[], void>({
      query: () => "/users/list",
    }),
  }),
});

export const { useGetQueuesQuery, useGetQueueQuery, useCreateQueueMutation, useUpdateQueueMutation, useDeleteQueueMutation, useGetQueueUserOptionsQuery } =
  queuesApi;
