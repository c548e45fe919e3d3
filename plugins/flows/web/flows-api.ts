import { api, type MessageAnswer } from "../../../web/src/api/api.ts";
import type {
  Flow,
  FlowCampaign,
  FlowCampaignChanges,
  FlowCampaignList,
  FlowCampaignPayload,
  FlowCounters,
  FlowDraft,
  FlowDraftSave,
  FlowGraphSave,
  FlowPage,
  FlowUpload,
  FlowWithGraph,
} from "../shared/flow-types.ts";

export type { Flow, FlowCampaign, FlowCounters, FlowDraft, FlowPage, FlowUpload, FlowWithGraph } from "../shared/flow-types.ts";

/** What the node dialogs pick from other plugins' lists (only the fields the flow stores; no secrets). */
export interface PickOption {
  id: number;
  name: string;
  type?: string;
}
const picks = (list: unknown): PickOption[] =>
  (Array.isArray(list) ? list : [])
    .filter((o): o is { id: number; name: string; type?: unknown } => !!o && typeof o === "object" && typeof o.id === "number")
    .map((o) => ({ id: o.id, name: String(o.name ?? ""), ...(typeof o.type === "string" ? { type: o.type } : {}) }));

const tagged = api.enhanceEndpoints({ addTagTypes: ["FlowGraph", "FlowDraft", "FlowCampaigns", "FlowOptions"] });

/** The flow builder's and phrase campaigns' calls (spec 002 §7). */
export const flowsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getFlowsPage: build.query<FlowPage, { searchParam: string; pageNumber: number }>({
      query: (params) => ({ url: "/flowbuilder", params }),
      keepUnusedDataFor: 0,
    }),
    /** Every flow's id and name (the first pages), for selects. */
    flowOptions: build.query<FlowPage, void>({
      query: () => ({ url: "/flowbuilder", params: { pageNumber: 1 } }),
      providesTags: ["FlowOptions"],
    }),
    createFlow: build.mutation<Flow, { name: string }>({
      query: (body) => ({ url: "/flowbuilder", method: "POST", body }),
      invalidatesTags: ["FlowOptions"],
    }),
    renameFlow: build.mutation<Flow, { flowId: number; name: string; stopOnAttendantMessage?: boolean; debounceSeconds?: number }>({
      query: (body) => ({ url: "/flowbuilder", method: "PUT", body }),
      invalidatesTags: ["FlowOptions"],
    }),
    duplicateFlow: build.mutation<Flow, number>({
      query: (flowId) => ({ url: "/flowbuilder/duplicate", method: "POST", body: { flowId } }),
      invalidatesTags: ["FlowOptions"],
    }),
    deleteFlow: build.mutation<MessageAnswer, number>({
      query: (id) => ({ url: `/flowbuilder/${id}`, method: "DELETE" }),
      invalidatesTags: ["FlowOptions"],
    }),
    getFlowGraph: build.query<FlowWithGraph, number>({
      query: (id) => `/flowbuilder/flow/${id}`,
      providesTags: (_r, _e, id) => [{ type: "FlowGraph", id }],
    }),
    saveFlowGraph: build.mutation<FlowWithGraph, FlowGraphSave>({
      query: (body) => ({ url: "/flowbuilder/flow", method: "POST", body }),
      // Publishing discards the draft on the server.
      invalidatesTags: (_r, _e, { idFlow }) => [
        { type: "FlowGraph", id: Number(idFlow) },
        { type: "FlowDraft", id: Number(idFlow) },
      ],
    }),
    /** The flow's unpublished draft, null when none ("Salvar rascunho"). */
    getFlowDraft: build.query<FlowDraft | null, number>({
      query: (id) => `/flowbuilder/${id}/draft`,
      providesTags: (_r, _e, id) => [{ type: "FlowDraft", id }],
    }),
    saveFlowDraft: build.mutation<FlowDraft, { id: number } & FlowDraftSave>({
      query: ({ id, ...body }) => ({ url: `/flowbuilder/${id}/draft`, method: "PUT", body }),
      // The answer is the draft: written into the cache instead of read again.
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(flowsApi.util.upsertQueryData("getFlowDraft", id, data));
      },
    }),
    discardFlowDraft: build.mutation<MessageAnswer, number>({
      query: (id) => ({ url: `/flowbuilder/${id}/draft`, method: "DELETE" }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        await queryFulfilled;
        dispatch(flowsApi.util.upsertQueryData("getFlowDraft", id, null));
      },
    }),
    /**
     * How many conversations reached each node in the last 30 days. A server without the
     * counters route (404) answers "no counters" rather than an error.
     */
    getFlowCounters: build.query<FlowCounters | null, number>({
      async queryFn(id, _api, _extra, fetch) {
        const result = await fetch(`/flowbuilder/${id}/counters`);
        if (result.error) return result.error.status === 404 ? { data: null } : { error: result.error };
        return { data: result.data as FlowCounters };
      },
      keepUnusedDataFor: 0,
    }),
    /** The image/audio/video dialogs' upload (spec 002 §7): one file, answers its stored name. */
    uploadFlowMedia: build.mutation<FlowUpload, { kind: "img" | "audio" | "video"; form: FormData }>({
      query: ({ kind, form }) => ({ url: `/flowbuilder/${kind}`, method: "POST", body: form }),
    }),
    /** The content dialog's upload: repeated `medias`, answers each stored file in order. */
    uploadFlowContent: build.mutation<FlowUpload[], FormData>({
      query: (form) => ({ url: "/flowbuilder/content", method: "POST", body: form }),
    }),
    /** The ticket node's queue picker (GET /queue, the queues plugin's list). */
    flowQueueOptions: build.query<PickOption[], void>({ query: () => "/queue", transformResponse: picks }),
    /** The typebot node's picker (GET /queueIntegration, when the integrations plugin is installed). */
    flowIntegrationOptions: build.query<PickOption[], void>({
      query: () => ({ url: "/queueIntegration", params: { searchParam: "", pageNumber: 1 } }),
      transformResponse: (r: { queueIntegrations?: unknown }) => picks(r?.queueIntegrations),
    }),
    /** The openai node's picker (GET /prompt, when the prompts plugin is installed). */
    flowPromptOptions: build.query<PickOption[], void>({ query: () => "/prompt", transformResponse: (r: { prompts?: unknown }) => picks(r?.prompts) }),
    /** The phrase campaign's connection select (GET /whatsapp, the connections plugin's list). */
    flowConnectionOptions: build.query<PickOption[], void>({ query: () => "/whatsapp", transformResponse: picks }),
    flowCampaigns: build.query<FlowCampaignList, void>({
      query: () => "/flowcampaign",
      providesTags: ["FlowCampaigns"],
    }),
    createFlowCampaign: build.mutation<FlowCampaign, FlowCampaignPayload>({
      query: (body) => ({ url: "/flowcampaign", method: "POST", body }),
      invalidatesTags: ["FlowCampaigns"],
    }),
    updateFlowCampaign: build.mutation<FlowCampaign, FlowCampaignChanges>({
      query: (body) => ({ url: "/flowcampaign", method: "PUT", body }),
      invalidatesTags: ["FlowCampaigns"],
    }),
    deleteFlowCampaign: build.mutation<MessageAnswer, number>({
      query: (id) => ({ url: `/flowcampaign/${id}`, method: "DELETE" }),
      invalidatesTags: ["FlowCampaigns"],
    }),
  }),
});

export const {
  useGetFlowsPageQuery,
  useFlowOptionsQuery,
  useCreateFlowMutation,
  useRenameFlowMutation,
  useDuplicateFlowMutation,
  useDeleteFlowMutation,
  useGetFlowGraphQuery,
  useSaveFlowGraphMutation,
  useGetFlowDraftQuery,
  useSaveFlowDraftMutation,
  useDiscardFlowDraftMutation,
  useGetFlowCountersQuery,
  useUploadFlowMediaMutation,
  useUploadFlowContentMutation,
  useFlowQueueOptionsQuery,
  useFlowIntegrationOptionsQuery,
  useFlowPromptOptionsQuery,
  useFlowConnectionOptionsQuery,
  useFlowCampaignsQuery,
  useCreateFlowCampaignMutation,
  useUpdateFlowCampaignMutation,
  useDeleteFlowCampaignMutation,
} = flowsApi;
