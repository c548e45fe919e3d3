import { api } from "../../../../web/src/api/api.ts";
import type { ScratchCard, ScratchCardInput } from "../shared/card-types.ts";

const tagged = api.enhanceEndpoints({ addTagTypes: ["ScratchCards"] });

export const cardsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getScratchCards: build.query<{ cards: ScratchCard[] }, void>({ query: () => "/scratch-board", providesTags: ["ScratchCards"] }),
    createScratchCard: build.mutation<ScratchCard, ScratchCardInput>({
      query: (body) => ({ url: "/scratch-board", method: "POST", body }),
      invalidatesTags: ["ScratchCards"],
    }),
  }),
});

export const { useGetScratchCardsQuery, useCreateScratchCardMutation } = cardsApi;
