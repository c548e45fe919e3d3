import { api, type MessageAnswer } from "../../../web/src/api/api.ts";
import type {
  QueueIntegration,
  QueueIntegrationChanges,
  QueueIntegrationPage,
  QueueIntegrationPayload,
  TestSessionPayload,
  TestSessionResult,
} from "../shared/integration-types.ts";

export type { IntegrationType, QueueIntegration, QueueIntegrationPayload, TestSessionResult } from "../shared/integration-types.ts";

const tagged = api.enhanceEndpoints({ addTagTypes: ["QueueIntegration", "QueueIntegrationOptions"] });

/** The integrations plugin's calls (spec 002 §7 "Queue integrations"). */
export const integrationsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getQueueIntegrationsPage: build.query<QueueIntegrationPage, { searchParam: string; pageNumber: number }>({
      query: ({ searchParam, pageNumber }) => ({ url: "/queueIntegration/", params: { searchParam, pageNumber } }),
      keepUnusedDataFor: 0,
    }),
    /** The first page (20) for the selects of the connection, queue and option editors. */
    getQueueIntegrationOptions: build.query<QueueIntegrationPage, void>({
      query: () => ({ url: "/queueIntegration/", params: { searchParam: "", pageNumber: 1 } }),
      providesTags: ["QueueIntegrationOptions"],
    }),
    getQueueIntegration: build.query<QueueIntegration, number>({
      query: (id) => `/queueIntegration/${id}`,
      providesTags: (_r, _e, id) => [{ type: "QueueIntegration", id }],
    }),
    createQueueIntegration: build.mutation<QueueIntegration, QueueIntegrationPayload>({
      query: (body) => ({ url: "/queueIntegration", method: "POST", body }),
      invalidatesTags: ["QueueIntegrationOptions"],
    }),
    updateQueueIntegration: build.mutation<QueueIntegration, { id: number } & QueueIntegrationChanges>({
      query: ({ id, ...body }) => ({ url: `/queueIntegration/${id}`, method: "PUT", body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: "QueueIntegration", id }, "QueueIntegrationOptions"],
    }),
    deleteQueueIntegration: build.mutation<MessageAnswer, number>({
      query: (id) => ({ url: `/queueIntegration/${id}`, method: "DELETE" }),
      invalidatesTags: ["QueueIntegrationOptions"],
    }),
    testQueueIntegration: build.mutation<TestSessionResult, TestSessionPayload>({
      query: (body) => ({ url: "/queueIntegration/testSession", method: "POST", body }),
    }),
  }),
});

export const {
  useGetQueueIntegrationsPageQuery,
  useGetQueueIntegrationOptionsQuery,
  useGetQueueIntegrationQuery,
  useCreateQueueIntegrationMutation,
  useUpdateQueueIntegrationMutation,
  useDeleteQueueIntegrationMutation,
  useTestQueueIntegrationMutation,
} = integrationsApi;
