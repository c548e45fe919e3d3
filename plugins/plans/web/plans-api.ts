import { api, type MessageAnswer } from "../../../web/src/api/api.ts";
import type { Plan, PlanChanges, PlanPayload } from "../shared/plan-types.ts";

export type { Plan, PlanChanges, PlanPayload } from "../shared/plan-types.ts";

/** The "Plan" tag is shared with the companies screen, whose plan select must follow plan edits. */
export const plansApi = api.enhanceEndpoints({ addTagTypes: ["Plan"] }).injectEndpoints({
  endpoints: (build) => ({
    plansAll: build.query<Plan[], void>({
      query: () => "/plans/all",
      providesTags: (list) => [{ type: "Plan" as const, id: "LIST" }, ...(list ?? []).map((p) => ({ type: "Plan" as const, id: p.id }))],
    }),
    createPlan: build.mutation<Plan, PlanPayload>({
      query: (body) => ({ url: "/plans", method: "POST", body }),
      invalidatesTags: [{ type: "Plan", id: "LIST" }],
    }),
    updatePlan: build.mutation<Plan, { id: number } & PlanChanges>({
      query: ({ id, ...body }) => ({ url: `/plans/${id}`, method: "PUT", body }),
      invalidatesTags: (_r, _e, { id }) => [
        { type: "Plan", id: "LIST" },
        { type: "Plan", id },
      ],
    }),
    deletePlan: build.mutation<MessageAnswer, number>({
      query: (id) => ({ url: `/plans/${id}`, method: "DELETE" }),
      invalidatesTags: [{ type: "Plan", id: "LIST" }],
    }),
  }),
});

export const { usePlansAllQuery, useCreatePlanMutation, useUpdatePlanMutation, useDeletePlanMutation } = plansApi;
