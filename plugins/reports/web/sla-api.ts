import { api } from "../../../web/src/api/api.ts";
import type { DayRange, SlaComplianceAnswer, SlaTargetsAnswer, SlaTargetsInput } from "../shared/report-types.ts";

/** The SLA calls (GET/PUT /reports/sla, GET /reports/sla/compliance). */
export const slaApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSlaTargets: build.query<SlaTargetsAnswer, void>({ query: () => "/reports/sla", keepUnusedDataFor: 0 }),
    saveSlaTargets: build.mutation<SlaTargetsAnswer, SlaTargetsInput>({ query: (body) => ({ url: "/reports/sla", method: "PUT", body }) }),
    getSlaCompliance: build.query<SlaComplianceAnswer, DayRange & { businessHours?: boolean }>({
      query: ({ from, to, businessHours }) => ({ url: "/reports/sla/compliance", params: { date_from: from, date_to: to, ...(businessHours ? { businessHours: "true" } : {}) } }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetSlaTargetsQuery, useSaveSlaTargetsMutation, useGetSlaComplianceQuery } = slaApi;
