import { api } from "../../../web/src/api/api.ts";
import type { UserSummary } from "./public.ts";

/**
 * GET /users/list (every user of the company, for selectors), published through web/public.ts
 * so pickers of other plugins share one endpoint and one cached answer instead of each
 * declaring its own.
 */
export const userSummariesApi = api.injectEndpoints({
  endpoints: (build) => ({
    userSummaries: build.query<UserSummary[], void>({ query: () => "/users/list" }),
  }),
});

export const { useUserSummariesQuery } = userSummariesApi;
