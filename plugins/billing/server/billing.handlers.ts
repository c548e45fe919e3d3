import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Config } from "../../../core/config.ts";
import { AppError } from "../../../core/errors.ts";
import type { AppEnv } from "../../../core/http/env.ts";
import * as r from "./billing.routes.ts";
import type { CheckoutService } from "./checkout/checkout.service.ts";
import type { InvoicesService } from "./invoices/invoices.service.ts";
import type { SubscriptionService } from "./invoices/subscription.service.ts";
import type { PaymentsService } from "./webhooks/payments.service.ts";

export interface BillingServices {
  invoices: InvoicesService;
  subscription: SubscriptionService;
  checkout: CheckoutService;
  payments: PaymentsService;
}

/** Thin handlers: the company always comes from the token. */
export function registerBillingHandlers(router: OpenAPIHono<AppEnv>, s: BillingServices, config: Config) {
  router.openapi(r.list, async (c) => {
    const { searchParam, pageNumber, companyId } = c.req.valid("query");
    return c.json(await s.invoices.page(c.get("user"), searchParam, pageNumber, companyId), 200);
  });
  router.openapi(r.listAll, async (c) => {
    const { searchParam, companyId } = c.req.valid("query");
    return c.json(await s.invoices.all(c.get("user"), searchParam, companyId), 200);
  });
  router.openapi(r.payments, async (c) => c.json(await s.payments.list(c.req.valid("query")), 200));
  router.openapi(r.subscription, async (c) => c.json(await s.subscription.get(c.get("user").companyId), 200));
  router.openapi(r.checkout, async (c) => {
    const origin = new URL(c.req.url).origin;
    const urls = { appOrigin: config.FRONTEND_URL ?? config.BILLING_PUBLIC_URL ?? origin, publicUrl: config.BILLING_PUBLIC_URL ?? null };
    return c.json(await s.checkout.checkout(c.get("user"), c.req.valid("json"), urls), 200);
  });
  router.openapi(r.markPaid, async (c) => c.json(await s.payments.markPaid(c.get("user"), c.req.valid("param").id), 200));
  router.openapi(r.webhook, async (c) => {
    const { provider } = c.req.valid("param");
    const rawBody = await c.req.text();
    const query = new URL(c.req.url).searchParams;
    try {
      return c.json(await s.payments.notify(provider, { headers: c.req.raw.headers, rawBody, query }), 200);
    } catch (err) {
      if (err instanceof AppError) throw err;
      // A body that is not the provider's JSON (only after its authentication passed): refused, never a crash.
      if (err instanceof SyntaxError || err instanceof TypeError) throw new AppError("ERR_VALIDATION", { fields: { body: "Invalid notification" } });
      throw err;
    }
  });
}
