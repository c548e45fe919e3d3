import { api } from "../../../web/src/api/api.ts";
import type { UserSummary } from "../../users/web/public.ts";

/** The company's users for the members picker (GET /users/list, the users plugin's answer). */
export const companyUsersApi = api.injectEndpoints({
  endpoints: (build) => ({
    companyUsers: build.query<Pick<UserSummary, "id" | "name">[], void>({ query: () => "/users/list" }),
  }),
});

export const { useCompanyUsersQuery } = companyUsersApi;
