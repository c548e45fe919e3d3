import { api, type MessageAnswer } from "../../../web/src/api/api.ts";
import type { Announcement, AnnouncementChanges, AnnouncementPage, AnnouncementPayload } from "../shared/announcement-types.ts";

export type { Announcement, AnnouncementEvent, AnnouncementPage, AnnouncementPayload } from "../shared/announcement-types.ts";

const tagged = api.enhanceEndpoints({ addTagTypes: ["Announcements"] });

export const announcementsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getAnnouncements: build.query<AnnouncementPage, { searchParam: string; pageNumber: number }>({
      query: ({ searchParam, pageNumber }) => ({ url: "/announcements/", params: { searchParam, pageNumber } }),
      providesTags: ["Announcements"],
    }),
    createAnnouncement: build.mutation<Announcement, AnnouncementPayload>({
      query: (body) => ({ url: "/announcements", method: "POST", body }),
      invalidatesTags: ["Announcements"],
    }),
    updateAnnouncement: build.mutation<Announcement, { id: number } & AnnouncementChanges>({
      query: ({ id, ...body }) => ({ url: `/announcements/${id}`, method: "PUT", body }),
      invalidatesTags: ["Announcements"],
    }),
    deleteAnnouncement: build.mutation<MessageAnswer, number>({
      query: (id) => ({ url: `/announcements/${id}`, method: "DELETE" }),
      invalidatesTags: ["Announcements"],
    }),
    uploadAnnouncementMedia: build.mutation<Announcement, { id: number; file: File }>({
      query: ({ id, file }) => {
        const body = new FormData();
        body.append("file", file);
        return { url: `/announcements/${id}/media-upload`, method: "POST", body };
      },
      invalidatesTags: ["Announcements"],
    }),
    deleteAnnouncementMedia: build.mutation<Announcement, number>({
      query: (id) => ({ url: `/announcements/${id}/media-upload`, method: "DELETE" }),
      invalidatesTags: ["Announcements"],
    }),
  }),
});

export const {
  useGetAnnouncementsQuery,
  useLazyGetAnnouncementsQuery,
  useCreateAnnouncementMutation,
  useUpdateAnnouncementMutation,
  useDeleteAnnouncementMutation,
  useUploadAnnouncementMediaMutation,
  useDeleteAnnouncementMediaMutation,
} = announcementsApi;
