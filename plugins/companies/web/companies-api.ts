import { api, type MessageAnswer } from "../../../web/src/api/api.ts";
import type { OfficeHours } from "../../office-hours/web/public.ts";
import type { Plan } from "../../plans/web/public.ts";
import type { Company, CompanyChanges, CompanyDetail, CompanyPayload, CompanyPlanPage } from "../shared/company-types.ts";

export type { Company, CompanyChanges, CompanyDetail, CompanyPayload, CompanyPlanPage, CompanyWithUsage } from "../shared/company-types.ts";

/** A plan of the company form's select (GET /plans/all, the plans plugin's answer). */
type PlanOption = Pick<Plan, "id" | "name" | "amount">;

export const companiesApi = api.enhanceEndpoints({ addTagTypes: ["Company", "Plan"] }).injectEndpoints({
  endpoints: (build) => ({
    /** The spec's /companiesPlan/ list, one page per scroll step; the argument is the search text. */
    companiesPlan: build.infiniteQuery<CompanyPlanPage, string, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (last, _all, lastPage) => (last.hasMore ? lastPage + 1 : undefined),
      },
      query: ({ queryArg, pageParam }) => ({ url: "/companiesPlan/", params: { searchParam: queryArg, pageNumber: pageParam } }),
      providesTags: [{ type: "Company", id: "LIST" }],
    }),
    /** Plans for the company form's select (named apart from the plans plugin's own endpoint). */
    companyPlanOptions: build.query<PlanOption[], void>({
      query: () => "/plans/all",
      providesTags: [{ type: "Plan", id: "LIST" }],
    }),
    companyDetail: build.query<CompanyDetail, number>({
      query: (id) => `/companies/${id}`,
      providesTags: (_r, _e, id) => [{ type: "Company", id }],
    }),
    createCompany: build.mutation<Company, CompanyPayload>({
      query: (body) => ({ url: "/companies", method: "POST", body }),
      invalidatesTags: [{ type: "Company", id: "LIST" }],
    }),
    updateCompany: build.mutation<Company, { id: number } & CompanyChanges>({
      query: ({ id, ...body }) => ({ url: `/companies/${id}`, method: "PUT", body }),
      invalidatesTags: (_r, _e, { id }) => [
        { type: "Company", id: "LIST" },
        { type: "Company", id },
      ],
    }),
    deleteCompany: build.mutation<MessageAnswer, number>({
      query: (id) => ({ url: `/companies/${id}`, method: "DELETE" }),
      invalidatesTags: [{ type: "Company", id: "LIST" }],
    }),
    renewCompany: build.mutation<Company, number>({
      query: (id) => ({ url: `/companies/${id}/renew`, method: "POST" }),
      invalidatesTags: (_r, _e, id) => [
        { type: "Company", id: "LIST" },
        { type: "Company", id },
      ],
    }),
    saveCompanySchedules: build.mutation<CompanyDetail, { id: number; schedules: OfficeHours[] }>({
      query: ({ id, schedules }) => ({ url: `/companies/${id}/schedules`, method: "PUT", body: { schedules } }),
      invalidatesTags: (_r, _e, { id }) => [{ type: "Company", id }],
    }),
  }),
});

export const {
  useCompaniesPlanInfiniteQuery,
  useCompanyPlanOptionsQuery,
  useCompanyDetailQuery,
  useCreateCompanyMutation,
  useUpdateCompanyMutation,
  useDeleteCompanyMutation,
  useRenewCompanyMutation,
  useSaveCompanySchedulesMutation,
} = companiesApi;
