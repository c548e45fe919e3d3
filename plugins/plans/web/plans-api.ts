import type { PlanRow } from "../../../core/db/rows.ts";
import type { PlanFeatureKey } from "../../../core/plugin/plan-features.ts";
import { api } from "../../../web/src/api/api.ts";

/** A plan as the API answers it: its row, and one boolean per declared plan feature. */
export type Plan = Omit<PlanRow, "createdAt" | "updatedAt"> & { createdAt?: string; updatedAt?: string } & Partial<Record<PlanFeatureKey, boolean>>;
/** What the form sends: every field but the id and timestamps. */
export type PlanBody = Omit<Plan, "id" | "createdAt" | "updatedAt">;

/** The "Plan" tag is shared with the companies screen, whose plan select must follow plan edits. */
export const plansApi = api.enhanceEndpoints({ addTagTypes: ["Plan"] }).injectEndpoints({
  endpoints: (build) => ({
    plansAll: build.query<Plan[], void>({
      query: () => "/plans/all",
      providesTags: (list) => [{ type: "Plan" as const, id: "LIST" }, ...(list ?? []).map((p) => ({ type: "Plan" as const, id: p.id }))],
    }),
    createPlan: build.mutation<Plan, PlanBody>({
      query: (body) => ({ url: "/plans", method: "POST", body }),
      invalidatesTags: [{ type: "Plan", id: "LIST" }],
    }),
    updatePlan: build.mutation<Plan, { id: number } & Partial<PlanBody>>({
      query: ({ id, ...body }) => ({ url: `/plans/${id}`, method: "PUT", body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: "Plan", id: "LIST" }, { type: "Plan", id }],
    }),
    deletePlan: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/plans/${id}`, method: "DELETE" }),
      invalidatesTags: [{ type: "Plan", id: "LIST" }],
    }),
  }),
});

export const { usePlansAllQuery, useCreatePlanMutation, useUpdatePlanMutation, useDeletePlanMutation } = plansApi;
