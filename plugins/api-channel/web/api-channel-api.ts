import { api } from "../../../web/src/api/api.ts";

/** The fields of a connection (GET /whatsapp) this tab reads. */
export interface ApiConnection {
  id: number;
  name: string;
  channel: string;
  status: string;
  webhookUrl: string;
  /** Present for holders of connections-page:addConnection (admins). */
  token?: string;
}

export interface Delivery {
  id: number;
  whatsappId: number;
  event: string;
  url: string;
  statusCode: number | null;
  ok: boolean;
  error: string | null;
  attempt: number;
  durationMs: number;
  createdAt: string;
}

export interface DeliveryPage {
  records: Delivery[];
  hasMore: boolean;
}

const tagged = api.enhanceEndpoints({ addTagTypes: ["ApiChannelConnections"] });

/** The API channel's settings tab: its connections and their webhook delivery log. */
export const apiChannelApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getApiChannelConnections: build.query<ApiConnection[], void>({
      query: () => "/whatsapp",
      transformResponse: (all: ApiConnection[]) => all.filter((c) => c.channel === "api"),
      providesTags: ["ApiChannelConnections"],
    }),
    // Pages are fetched on demand and accumulated by the tab (refresh restarts at page 1).
    getApiDeliveries: build.query<DeliveryPage, { whatsappId: number; pageNumber: number }>({
      query: ({ whatsappId, pageNumber }) => ({ url: "/channels/api/deliveries", params: { whatsappId, pageNumber } }),
      keepUnusedDataFor: 0,
    }),
    retryApiDelivery: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/channels/api/deliveries/${id}/retry`, method: "POST" }),
    }),
  }),
});

export const { useGetApiChannelConnectionsQuery, useLazyGetApiDeliveriesQuery, useRetryApiDeliveryMutation } = apiChannelApi;
