import { api, type MessageAnswer } from "../../../web/src/api/api.ts";
import type { Connection } from "../../connections/web/public.ts";
import type { DeliveryPage } from "../shared/delivery-types.ts";

export type { Delivery, DeliveryPage } from "../shared/delivery-types.ts";

/** The fields of a connection (GET /whatsapp, the connections plugin's answer) this tab reads; `token` only for admins. */
export type ApiConnection = Pick<Connection, "id" | "name" | "channel" | "channelKind" | "status" | "webhookUrl" | "token">;

const tagged = api.enhanceEndpoints({ addTagTypes: ["ApiChannelConnections"] });

/** The API channel's settings tab: its connections and their webhook delivery log. */
export const apiChannelApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getApiChannelConnections: build.query<ApiConnection[], void>({
      query: () => "/whatsapp",
      transformResponse: (all: ApiConnection[]) => all.filter((c) => c.channelKind === "api"),
      providesTags: ["ApiChannelConnections"],
    }),
    // Pages are fetched on demand and accumulated by the tab (refresh restarts at page 1).
    getApiDeliveries: build.query<DeliveryPage, { whatsappId: number; pageNumber: number }>({
      query: ({ whatsappId, pageNumber }) => ({ url: "/channels/api/deliveries", params: { whatsappId, pageNumber } }),
      keepUnusedDataFor: 0,
    }),
    retryApiDelivery: build.mutation<MessageAnswer, number>({
      query: (id) => ({ url: `/channels/api/deliveries/${id}/retry`, method: "POST" }),
    }),
  }),
});

export const { useGetApiChannelConnectionsQuery, useLazyGetApiDeliveriesQuery, useRetryApiDeliveryMutation } = apiChannelApi;
