import { api } from "../../../web/src/api/api.ts";

export type Priority = 1 | 2 | 3;
export type AnnouncementStatus = "active" | "inactive";

export interface Announcement {
  id: number;
  companyId: number;
  title: string;
  text: string;
  priority: Priority;
  status: AnnouncementStatus;
  mediaPath: string | null;
  mediaName: string | null;
  /** `/public/company{id}/{file}`, or null without an image. */
  mediaUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface AnnouncementPage {
  records: Announcement[];
  count: number;
  hasMore: boolean;
}

export interface AnnouncementInput {
  title: string;
  text: string;
  priority: Priority;
  status: AnnouncementStatus;
}

/** What the server broadcasts as "company-announcement". */
export type AnnouncementEvent =
  | { action: "create" | "update"; record: Announcement }
  | { action: "delete"; id: number };

const tagged = api.enhanceEndpoints({ addTagTypes: ["Announcements"] });

export const announcementsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getAnnouncements: build.query<AnnouncementPage, { searchParam: string; pageNumber: number }>({
      query: ({ searchParam, pageNumber }) => ({ url: "/announcements/", params: { searchParam, pageNumber } }),
      providesTags: ["Announcements"],
    }),
    createAnnouncement: build.mutation<Announcement, AnnouncementInput>({
      query: (body) => ({ url: "/announcements", method: "POST", body }),
      invalidatesTags: ["Announcements"],
    }),
    updateAnnouncement: build.mutation<Announcement, { id: number } & Partial<AnnouncementInput>>({
      query: ({ id, ...body }) => ({ url: `/announcements/${id}`, method: "PUT", body }),
      invalidatesTags: ["Announcements"],
    }),
    deleteAnnouncement: build.mutation<{ message: string }, number>({
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
