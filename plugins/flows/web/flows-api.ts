import { api, type MessageAnswer } from "../../../web/src/api/api.ts";
import type { Flow, FlowCampaign, FlowCampaignChanges, FlowCampaignList, FlowCampaignPayload, FlowGraphSave, FlowPage, FlowWithGraph } from "../shared/flow-types.ts";

export type { Flow, FlowCampaign, FlowPage, FlowWithGraph } from "../shared/flow-types.ts";

const tagged = api.enhanceEndpoints({ addTagTypes: ["FlowGraph", "FlowCampaigns", "FlowOptions"] });

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
    renameFlow: build.mutation<Flow, { flowId: number; name: string }>({
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
      invalidatesTags: (_r, _e, { idFlow }) => [{ type: "FlowGraph", id: Number(idFlow) }],
    }),
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
  useFlowCampaignsQuery,
  useCreateFlowCampaignMutation,
  useUpdateFlowCampaignMutation,
  useDeleteFlowCampaignMutation,
} = flowsApi;
