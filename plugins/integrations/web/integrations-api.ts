import { api, type MessageAnswer } from "../../../web/src/api/api.ts";
import type { IntegrationType, QueueIntegration } from "../shared/integration-types.ts";

export type { IntegrationType, QueueIntegration } from "../shared/integration-types.ts";

export interface QueueIntegrationPage {
  queueIntegrations: QueueIntegration[];
  count: number;
  hasMore: boolean;
}

/** What the dialog sends: the fields of its type; `jsonContent` only when a new secret was typed. */
export type QueueIntegrationPayload = Partial<Omit<QueueIntegration, "id" | "companyId" | "hasJsonContent" | "createdAt" | "updatedAt">> & { name: string; type: IntegrationType };

export interface TestSessionResult {
  ok: boolean;
  step: string;
  message: string;
}

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
    updateQueueIntegration: build.mutation<QueueIntegration, { id: number } & Partial<QueueIntegrationPayload>>({
      query: ({ id, ...body }) => ({ url: `/queueIntegration/${id}`, method: "PUT", body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: "QueueIntegration", id }, "QueueIntegrationOptions"],
    }),
    deleteQueueIntegration: build.mutation<MessageAnswer, number>({
      query: (id) => ({ url: `/queueIntegration/${id}`, method: "DELETE" }),
      invalidatesTags: ["QueueIntegrationOptions"],
    }),
    testQueueIntegration: build.mutation<TestSessionResult, Partial<QueueIntegrationPayload> & { id?: number }>({
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
