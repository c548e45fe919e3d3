import { api, type MessageAnswer } from "../../../web/src/api/api.ts";
import type { FileList, FileListChanges, FileListPage, FileListPayload } from "../shared/file-list-types.ts";

export type { FileList, FileListOption, FileListPage } from "../shared/file-list-types.ts";

const tagged = api.enhanceEndpoints({ addTagTypes: ["FileList", "FileListOptions"] });

/** The file lists plugin's calls (spec 002 §7 "File lists"). */
export const fileListsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getFileListsPage: build.query<FileListPage, { searchParam: string; pageNumber: number }>({
      query: (params) => ({ url: "/files", params }),
      keepUnusedDataFor: 0,
    }),
    /** Every list of the company (the first pages), for the queue and chatbot selects. */
    fileListChoices: build.query<FileListPage, void>({
      query: () => ({ url: "/files", params: { pageNumber: 1 } }),
      providesTags: ["FileListOptions"],
    }),
    getFileList: build.query<FileList, number>({
      query: (id) => `/files/${id}`,
      providesTags: (_r, _e, id) => [{ type: "FileList", id }],
    }),
    createFileList: build.mutation<FileList, FileListPayload>({
      query: (body) => ({ url: "/files", method: "POST", body }),
      invalidatesTags: ["FileListOptions"],
    }),
    updateFileList: build.mutation<FileList, { id: number } & FileListChanges>({
      query: ({ id, ...body }) => ({ url: `/files/${id}`, method: "PUT", body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: "FileList", id }, "FileListOptions"],
    }),
    uploadFileList: build.mutation<FileList, { id: number; form: FormData }>({
      query: ({ id, form }) => ({ url: `/files/uploadList/${id}`, method: "POST", body: form }),
      invalidatesTags: (_r, _e, { id }) => [{ type: "FileList", id }],
    }),
    deleteFileList: build.mutation<MessageAnswer, number>({
      query: (id) => ({ url: `/files/${id}`, method: "DELETE" }),
      invalidatesTags: ["FileListOptions"],
    }),
  }),
});

export const {
  useGetFileListsPageQuery,
  useFileListChoicesQuery,
  useGetFileListQuery,
  useCreateFileListMutation,
  useUpdateFileListMutation,
  useUploadFileListMutation,
  useDeleteFileListMutation,
} = fileListsApi;
