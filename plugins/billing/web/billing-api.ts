import { api } from "../../../web/src/api/api.ts";
import type { BillingPaymentPage, CheckoutPayload, Invoice, InvoicePage, PaymentAnswer, Subscription } from "../shared/billing-types.ts";

export type { BillingPayment, BillingPaymentPage, CheckoutPayload, Invoice, InvoicePage, PaymentAnswer, PaymentEvent, Subscription } from "../shared/billing-types.ts";

const tagged = api.enhanceEndpoints({ addTagTypes: ["Subscription"] });

/** The billing plugin's calls (spec 001 §7 'Billing'). */
export const billingApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getInvoicesPage: build.query<InvoicePage, { searchParam: string; pageNumber: number; companyId?: number }>({
      query: (params) => ({ url: "/invoices", params }),
      keepUnusedDataFor: 0,
    }),
    /** The operator's record of payments; `attention`: only those that settled nothing. */
    getPayments: build.query<BillingPaymentPage, { attention: boolean; pageNumber: number }>({
      query: ({ attention, pageNumber }) => ({ url: "/billing/payments", params: { attention: String(attention), pageNumber } }),
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

export const { useGetInvoicesPageQuery, useLazyGetInvoicesPageQuery, useGetPaymentsQuery, useGetSubscriptionQuery, useCheckoutMutation, useMarkInvoicePaidMutation } = billingApi;
