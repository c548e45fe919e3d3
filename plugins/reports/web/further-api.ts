import { api } from "../../../web/src/api/api.ts";
import type { FurtherReportName, GroupAttendanceAnswer, SurveyResultsAnswer, TicketDurationAnswer } from "../shared/further-types.ts";
import type { FurtherRange } from "../shared/report-types.ts";

export type { FurtherRange } from "../shared/report-types.ts";

export type * from "../shared/further-types.ts";

const params = ({ from, to, businessHours }: FurtherRange) => ({ date_from: from, date_to: to, ...(businessHours ? { businessHours: "true" } : {}) });
const asObjectUrl = async (res: Response) => (res.ok ? URL.createObjectURL(await res.blob()) : res.json());

/** The further reports (GET /reports/group-attendance, /ticket-duration, /survey-results) and their files. */
export const furtherApi = api.injectEndpoints({
  endpoints: (build) => ({
    getGroupAttendance: build.query<GroupAttendanceAnswer, FurtherRange>({ query: (r) => ({ url: "/reports/group-attendance", params: params(r) }), keepUnusedDataFor: 0 }),
    getTicketDuration: build.query<TicketDurationAnswer, FurtherRange>({ query: (r) => ({ url: "/reports/ticket-duration", params: params(r) }), keepUnusedDataFor: 0 }),
    getSurveyResults: build.query<SurveyResultsAnswer, FurtherRange>({ query: (r) => ({ url: "/reports/survey-results", params: params(r) }), keepUnusedDataFor: 0 }),
    /** The report as a PDF or a .zip of CSVs: an object URL the caller saves, then revokes. */
    exportFurther: build.mutation<string, FurtherRange & { report: FurtherReportName; format: "pdf" | "zip" }>({
      query: ({ report, format, ...r }) => ({ url: `/reports/${report}/export/${format}`, params: params(r), responseHandler: asObjectUrl }),
    }),
  }),
});

export const { useGetGroupAttendanceQuery, useGetTicketDurationQuery, useGetSurveyResultsQuery, useExportFurtherMutation } = furtherApi;

/** The files' names, as the server's content-disposition gives them. */
export const FURTHER_FILE: Record<FurtherReportName, string> = {
  "group-attendance": "atendimentos-em-grupos",
  "ticket-duration": "duracao-dos-atendimentos",
  "survey-results": "pesquisa-de-satisfacao",
};
