import { api, type MessageAnswer } from "../../../web/src/api/api.ts";
import type { CloudApiPayload, FacebookLinked, FacebookLinkPayload } from "../../meta/web/public.ts";
import type { SessionStarted, StartSessionPayload } from "../../whatsapp/web/public.ts";
import type { Connection, ConnectionChanges, ConnectionPayload, LiveConnection } from "../shared/connection-types.ts";

export type { Connection, ConnectionChanges, ConnectionPayload, ConnectionSessionEvent, LiveConnection } from "../shared/connection-types.ts";

/**
 * A record of a supporting list (queues, companies) as `namedList` rebuilds it: those plugins'
 * answers differ, so this is the client's own shape, not a server answer.
 */
export interface NamedOption {
  id: number;
  name: string;
}

export type CompanyOption = NamedOption;

const tagged = api.enhanceEndpoints({ addTagTypes: ["Connection"] });

/** Lists of other plugins may answer an array or `{ <key>: [...] }`: read either. */
function namedList(key: string) {
  return (body: unknown): NamedOption[] => {
    const list = Array.isArray(body) ? body : ((body as Record<string, unknown> | null)?.[key] as unknown);
    if (!Array.isArray(list)) return [];
    return list
      .filter((x): x is { id: number; name?: string } => !!x && typeof x === "object" && typeof (x as { id?: unknown }).id === "number")
      .map((x) => ({ id: x.id, name: String(x.name ?? x.id) }));
  };
}

/** The connections screens' calls (spec 001 §7 'Connections'). */
export const connectionsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getConnections: build.query<LiveConnection[], void>({
      query: () => "/whatsapp/?session=0",
      providesTags: [{ type: "Connection", id: "LIST" }],
    }),
    getConnection: build.query<Connection, { id: number; admin?: boolean }>({
      query: ({ id, admin }) => (admin ? `/whatsapp-admin/${id}?session=0` : `/whatsapp/${id}?session=0`),
    }),
    getAllConnections: build.query<LiveConnection[], void>({
      query: () => "/whatsapp/all/?session=0",
      providesTags: [{ type: "Connection", id: "ALL" }],
    }),
    createConnection: build.mutation<Connection, ConnectionPayload>({
      query: (body) => ({ url: "/whatsapp", method: "POST", body }),
    }),
    updateConnection: build.mutation<Connection, { id: number; body: ConnectionChanges }>({
      query: ({ id, body }) => ({ url: `/whatsapp/${id}`, method: "PUT", body }),
    }),
    deleteConnection: build.mutation<MessageAnswer, number>({
      query: (id) => ({ url: `/whatsapp/${id}`, method: "DELETE" }),
    }),
    regenerateToken: build.mutation<Connection, number>({
      query: (id) => ({ url: `/whatsapp/${id}/token`, method: "POST" }),
    }),
    uploadGreetingMedia: build.mutation<Connection, { id: number; file: File }>({
      query: ({ id, file }) => {
        const form = new FormData();
        form.append("file", file);
        return { url: `/whatsapp/${id}/media-upload`, method: "POST", body: form };
      },
    }),
    removeGreetingMedia: build.mutation<Connection, number>({
      query: (id) => ({ url: `/whatsapp/${id}/media-upload`, method: "DELETE" }),
    }),
    /** Starts (or retries) the session; with a phone number, pairs by code instead of QR. */
    startSession: build.mutation<SessionStarted, { id: number } & StartSessionPayload>({
      query: ({ id, phoneNumber }) => ({ url: `/whatsappsession/${id}`, method: "POST", body: phoneNumber ? { phoneNumber } : undefined }),
    }),
    newQrCode: build.mutation<unknown, number>({
      query: (id) => ({ url: `/whatsappsession/${id}`, method: "PUT" }),
    }),
    disconnectSession: build.mutation<unknown, { id: number; admin?: boolean }>({
      query: ({ id, admin }) => ({ url: admin ? `/whatsappsession/admin/${id}` : `/whatsappsession/${id}`, method: "DELETE" }),
    }),
    restartAll: build.mutation<unknown, void>({
      query: () => ({ url: "/whatsapp-restart/", method: "POST" }),
    }),
    closeImported: build.mutation<unknown, number>({
      query: (id) => ({ url: `/closedimported/${id}`, method: "POST" }),
    }),
    // Meta answers each connection as POST /whatsapp does (its schema is a loose passthrough of it).
    linkFacebook: build.mutation<Omit<FacebookLinked, "connections"> & { connections: Connection[] }, FacebookLinkPayload>({
      query: (body) => ({ url: "/facebook", method: "POST", body }),
    }),
    createCloudApi: build.mutation<Connection, CloudApiPayload>({
      query: (body) => ({ url: "/channels/whatsappapi", method: "POST", body }),
    }),
    /**
     * Supporting reads: a failing call hides the field that needs it. Integrations, prompts and
     * flows are their plugins' to list: they contribute selectors to `connections.dialog.handlers`.
     */
    getQueueOptions: build.query<NamedOption[], void>({ query: () => "/queue", transformResponse: namedList("queues") }),
    getCompanyOptions: build.query<CompanyOption[], void>({ query: () => "/companies/list", transformResponse: namedList("companies") }),
  }),
});

export const {
  useGetConnectionsQuery,
  useGetConnectionQuery,
  useGetAllConnectionsQuery,
  useCreateConnectionMutation,
  useUpdateConnectionMutation,
  useDeleteConnectionMutation,
  useRegenerateTokenMutation,
  useUploadGreetingMediaMutation,
  useRemoveGreetingMediaMutation,
  useStartSessionMutation,
  useNewQrCodeMutation,
  useDisconnectSessionMutation,
  useRestartAllMutation,
  useCloseImportedMutation,
  useLinkFacebookMutation,
  useCreateCloudApiMutation,
  useGetQueueOptionsQuery,
  useGetCompanyOptionsQuery,
} = connectionsApi;
