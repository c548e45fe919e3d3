import type { PlanRow } from "../../../core/db/rows.ts";
import type { Recurrence } from "../../../core/db/tables.ts";
import { api } from "../../../web/src/api/api.ts";
import type { OfficeHours } from "../../../core/office-hours.ts";

/** A company as the server answers it (GET /companies/{id}, /companiesPlan/ rows). */
export interface Company {
  id: number;
  name: string;
  email: string;
  phone: string;
  planId: number | null;
  status: boolean;
  dueDate: string | null;
  recurrence: Recurrence;
  document: string;
  paymentMethod: string;
  numberAttendants: number;
  numberConections: number;
  campaignsEnabled: boolean;
  lastLogin: string | null;
  createdAt: string;
  updatedAt: string;
  plan: { id: number; name: string; amount: number } | null;
}

export interface CompanyWithUsage extends Company {
  folderSize: number;
  numberFileFolder: number;
  updatedAtFolder: string | null;
}

export interface CompanyPlanPage {
  companies: CompanyWithUsage[];
  count: number;
  hasMore: boolean;
}

export type CompanyDetail = Company & { schedules: OfficeHours[] };

/** What the company form sends. */
export interface CompanyBody {
  name: string;
  email: string;
  phone: string;
  planId: number;
  status: boolean;
  dueDate?: string;
  recurrence: Recurrence;
  document: string;
  numberAttendants: number;
  numberConections: number;
  campaignsEnabled: boolean;
  password?: string;
}

type PlanOption = Pick<PlanRow, "id" | "name" | "amount">;

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
    createCompany: build.mutation<Company, CompanyBody>({
      query: (body) => ({ url: "/companies", method: "POST", body }),
      invalidatesTags: [{ type: "Company", id: "LIST" }],
    }),
    updateCompany: build.mutation<Company, { id: number } & Partial<CompanyBody>>({
      query: ({ id, ...body }) => ({ url: `/companies/${id}`, method: "PUT", body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: "Company", id: "LIST" }, { type: "Company", id }],
    }),
    deleteCompany: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/companies/${id}`, method: "DELETE" }),
      invalidatesTags: [{ type: "Company", id: "LIST" }],
    }),
    renewCompany: build.mutation<Company, number>({
      query: (id) => ({ url: `/companies/${id}/renew`, method: "POST" }),
      invalidatesTags: (_r, _e, id) => [{ type: "Company", id: "LIST" }, { type: "Company", id }],
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
