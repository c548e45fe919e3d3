import { api } from "../../../web/src/api/api.ts";
import type { Plan } from "../../plans/web/public.ts";
import type { SignupPayload, SignupResult } from "../shared/signup-types.ts";

export type { SignupPayload } from "../shared/signup-types.ts";

/** A public plan as GET /plans/list answers it (the plans plugin's answer; the fields the form shows). */
export type PublicPlan = Pick<Plan, "id" | "name" | "users" | "connections" | "queues" | "amount">;

export const signupApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPublicPlans: build.query<PublicPlan[], void>({ query: () => "/plans/list" }),
    signup: build.mutation<SignupResult, SignupPayload>({ query: (body) => ({ url: "/auth/signup", method: "POST", body }) }),
  }),
});

export const { useGetPublicPlansQuery, useSignupMutation } = signupApi;
