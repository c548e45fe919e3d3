import { api } from "../../../web/src/api/api.ts";
import type { CheckoutPayload, Invoice, InvoicePage, PaymentAnswer, Subscription } from "../shared/billing-types.ts";

export type { CheckoutPayload, Invoice, InvoicePage, PaymentAnswer, PaymentEvent, Subscription } from "../shared/billing-types.ts";

const tagged = api.enhanceEndpoints({ addTagTypes: ["Subscription"] });

/** The billing plugin's calls (spec 001 §7 'Billing'). */
export const billingApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getInvoicesPage: build.query<InvoicePage, { searchParam: string; pageNumber: number; companyId?: number }>({
      query: (params) => ({ url: "/invoices/all", params }),
      keepUnusedDataFor: 0,
    }),
    getSubscription: build.query<Subscription, void>({
      query: () => "/subscription",
      providesTags: ["Subscription"],
    }),
    checkout: build.mutation<PaymentAnswer, CheckoutPayload>({
      query: (body) => ({ url: "/subscription", method: "POST", body }),
    }),
    markInvoicePaid: build.mutation<Invoice, number>({
      query: (id) => ({ url: `/invoices/${id}/pay`, method: "POST" }),
      invalidatesTags: ["Subscription"],
    }),
  }),
});

export const { useGetInvoicesPageQuery, useLazyGetInvoicesPageQuery, useGetSubscriptionQuery, useCheckoutMutation, useMarkInvoicePaidMutation } = billingApi;
