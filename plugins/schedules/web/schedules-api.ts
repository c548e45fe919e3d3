import { api, type MessageAnswer } from "../../../web/src/api/api.ts";
import type { Connection } from "../../connections/web/public.ts";
import type { QueueSummary } from "../../queues/web/public.ts";
import type { UserSummary } from "../../users/web/public.ts";
import type { ScheduleInputBody, ScheduleListQuery, SchedulePageView, ScheduleView } from "../shared/schedule-types.ts";

export type { ScheduleInputBody, SchedulePageView, ScheduleView } from "../shared/schedule-types.ts";

const tagged = api.enhanceEndpoints({ addTagTypes: ["Schedule"] });

/** A file as the media-upload calls take it (multipart field `file`). */
function mediaForm(file: File): FormData {
  const form = new FormData();
  form.append("file", file);
  return form;
}

/** The schedules plugin's calls (spec 000 §7), plus the option lists its dialog offers. */
export const schedulesApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getSchedulesPage: build.query<SchedulePageView, ScheduleListQuery>({
      query: (params) => ({ url: "/schedules", params }),
      keepUnusedDataFor: 0,
    }),
    getSchedule: build.query<ScheduleView, number>({
      query: (id) => `/schedules/${id}`,
      providesTags: (_r, _e, id) => [{ type: "Schedule", id }],
    }),
    createSchedule: build.mutation<ScheduleView, ScheduleInputBody>({
      query: (body) => ({ url: "/schedules", method: "POST", body }),
    }),
    updateSchedule: build.mutation<ScheduleView, { id: number } & ScheduleInputBody>({
      query: ({ id, ...body }) => ({ url: `/schedules/${id}`, method: "PUT", body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: "Schedule", id }],
    }),
    deleteSchedule: build.mutation<MessageAnswer, number>({
      query: (id) => ({ url: `/schedules/${id}`, method: "DELETE" }),
    }),
    uploadScheduleMedia: build.mutation<ScheduleView, { id: number; file: File }>({
      query: ({ id, file }) => ({ url: `/schedules/${id}/media-upload`, method: "POST", body: mediaForm(file) }),
      invalidatesTags: (_r, _e, { id }) => [{ type: "Schedule", id }],
    }),
    deleteScheduleMedia: build.mutation<ScheduleView, number>({
      query: (id) => ({ url: `/schedules/${id}/media-upload`, method: "DELETE" }),
      invalidatesTags: (_r, _e, id) => [{ type: "Schedule", id }],
    }),
    // The dialog's choices; named for this plugin so no other plugin's endpoint is redefined.
    scheduleUserOptions: build.query<UserSummary[], void>({ query: () => "/users/list" }),
    scheduleQueueOptions: build.query<QueueSummary[], void>({ query: () => "/queue" }),
    scheduleConnectionOptions: build.query<Connection[], void>({ query: () => "/whatsapp" }),
  }),
});

export const {
  useGetSchedulesPageQuery,
  useGetScheduleQuery,
  useCreateScheduleMutation,
  useUpdateScheduleMutation,
  useDeleteScheduleMutation,
  useUploadScheduleMediaMutation,
  useDeleteScheduleMediaMutation,
  useScheduleUserOptionsQuery,
  useScheduleQueueOptionsQuery,
  useScheduleConnectionOptionsQuery,
} = schedulesApi;
