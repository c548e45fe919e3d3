import { api } from "../../../web/src/api/api.ts";
import type { Connection } from "../../connections/web/public.ts";
import type { Tag } from "../../tags/web/public.ts";
import type { ContactImport, ImportErrors, ImportListAnswer, ImportPreview, ImportStartPayload } from "../shared/import-types.ts";
import type { ExportFormat, ExportLang } from "../shared/export-file.ts";

export type { ContactImport, ImportPreview, ImportRowError } from "../shared/import-types.ts";

/** A tag offered for every imported contact. */
export type TagOption = Pick<Tag, "id" | "name" | "color">;
/** A connection offered for "Import from WhatsApp". */
export type ConnectionOption = Pick<Connection, "id" | "name" | "status" | "channel" | "channelKind">;

/** The contacts import's calls (plugins/contacts-import/README.md). */
export const contactsImportApi = api.injectEndpoints({
  endpoints: (build) => ({
    uploadContactsFile: build.mutation<ImportPreview, File>({
      query: (file) => {
        const body = new FormData();
        body.append("file", file);
        return { url: "/contacts/import/upload", method: "POST", body };
      },
    }),
    startContactImport: build.mutation<ContactImport, { id: number } & ImportStartPayload>({
      query: ({ id, ...body }) => ({ url: `/contacts/import/${id}/start`, method: "POST", body }),
    }),
    startWhatsappImport: build.mutation<ContactImport, { whatsappId: number; tags: number[] }>({
      query: ({ whatsappId, tags }) => ({ url: `/contacts/import/whatsapp/${whatsappId}`, method: "POST", body: { tags } }),
    }),
    cancelContactImport: build.mutation<ContactImport, number>({
      query: (id) => ({ url: `/contacts/import/${id}`, method: "DELETE" }),
    }),
    getContactImport: build.query<ContactImport, number>({
      query: (id) => `/contacts/import/${id}`,
      keepUnusedDataFor: 0,
    }),
    getContactImportErrors: build.query<ImportErrors, number>({
      query: (id) => `/contacts/import/${id}/errors`,
      keepUnusedDataFor: 0,
    }),
    getContactImports: build.query<ImportListAnswer, void>({
      query: () => "/contacts/import/list",
      keepUnusedDataFor: 0,
    }),
    getImportTagOptions: build.query<TagOption[], void>({
      query: () => ({ url: "/tags/list", params: { kanban: 0 } }),
      keepUnusedDataFor: 0,
    }),
    getImportConnections: build.query<ConnectionOption[], void>({
      query: () => "/whatsapp",
      keepUnusedDataFor: 0,
    }),
    /** The file, as an object URL the caller downloads and then revokes (a string keeps the store serialisable). */
    exportContacts: build.mutation<string, { format: ExportFormat; searchParam: string; lang: ExportLang }>({
      query: ({ format, ...params }) => ({
        url: `/contacts/export/${format}`,
        params,
        responseHandler: async (res) => (res.ok ? URL.createObjectURL(await res.blob()) : res.json()),
      }),
    }),
  }),
});

export const {
  useUploadContactsFileMutation,
  useStartContactImportMutation,
  useStartWhatsappImportMutation,
  useCancelContactImportMutation,
  useGetContactImportQuery,
  useGetContactImportErrorsQuery,
  useGetContactImportsQuery,
  useGetImportTagOptionsQuery,
  useGetImportConnectionsQuery,
  useExportContactsMutation,
} = contactsImportApi;
