import { api } from "../../../web/src/api/api.ts";

/** A public plan as GET /plans/list answers it (the fields the form shows). */
export interface PublicPlan {
  id: number;
  name: string;
  users: number;
  connections: number;
  queues: number;
  amount: number;
}

export interface SignupBody {
  name: string;
  email: string;
  password: string;
  companyName: string;
  /** Digits only. */
  phone: string;
  planId: number;
}

export const signupApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPublicPlans: build.query<PublicPlan[], void>({ query: () => "/plans/list" }),
    signup: build.mutation<unknown, SignupBody>({ query: (body) => ({ url: "/auth/signup", method: "POST", body }) }),
  }),
});

export const { useGetPublicPlansQuery, useSignupMutation } = signupApi;
