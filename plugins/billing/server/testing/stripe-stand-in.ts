import { createHmac } from "node:crypto";
import { type Notification, randomId, startStandIn } from "./stand-in-server.ts";

/** The signature Stripe sends, computed with node:crypto (not the plugin's Web Crypto code). */
export function stripeSignature(secret: string, raw: string, t = Math.floor(Date.now() / 1000)): string {
  return `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${raw}`, "utf8").digest("hex")}`;
}

/**
 * Stripe's Checkout Sessions API: `POST /v1/checkout/sessions` form-encoded with a Bearer
 * secret key (`sk_…`), answering `{ id: "cs_…", url, payment_status: "unpaid", … }`, and
 * `POST /v1/checkout/sessions/{id}/expire` (an open session becomes `expired`).
 * `pay(id)` answers the `checkout.session.completed` event Stripe would post, signed with
 * the endpoint's secret as `Stripe-Signature: t=…,v1=…`.
 */
export async function startStripeStandIn(secretKey: string, endpointSecret: string) {
  const sessions = new Map<string, Record<string, unknown>>();
  const server = await startStandIn((req) => {
    if (req.headers.authorization !== `Bearer ${secretKey}`) return { status: 401, body: { error: { type: "invalid_request_error", message: "Invalid API Key provided" } } };
    if (req.method === "POST" && req.path === "/v1/checkout/sessions") {
      const form = (req.body ?? {}) as Record<string, string>;
      if (
        form.mode !== "payment" ||
        !form.success_url ||
        !/^\d+$/.test(form["line_items[0][price_data][unit_amount]"] ?? "") ||
        form["line_items[0][price_data][currency]"] !== "brl"
      )
        return { status: 400, body: { error: { type: "invalid_request_error", message: "Missing required param" } } };
      const id = randomId("cs_test_");
      const session = {
        id,
        object: "checkout.session",
        url: `${server.url}/c/pay/${id}`,
        mode: "payment",
        status: "open",
        payment_status: "unpaid",
        amount_total: Number(form["line_items[0][price_data][unit_amount]"]),
        currency: "brl",
        client_reference_id: form.client_reference_id ?? null,
        metadata: { reference: form["metadata[reference]"], invoiceId: form["metadata[invoiceId]"] },
        success_url: form.success_url,
      };
      sessions.set(id, session);
      return { status: 200, body: session };
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(req.path);
    if (expire && req.method === "POST") {
      const session = sessions.get(expire[1]!);
      if (!session) return { status: 404, body: { error: { type: "invalid_request_error", message: "No such checkout.session" } } };
      if (session.status !== "open")
        return { status: 400, body: { error: { type: "invalid_request_error", message: "Only Checkout Sessions with a status of open can be expired" } } };
      const expired = { ...session, status: "expired" };
      sessions.set(expire[1]!, expired);
      return { status: 200, body: expired };
    }
    return { status: 404, body: { error: { type: "invalid_request_error", message: "Unrecognized request URL" } } };
  });
  return {
    ...server,
    sessions,
    /** The signed `checkout.session.completed` event for a session (the payer paid; also an expired one: a payment that raced the expiry). */
    pay(id: string, options: { secret?: string; t?: number; eventId?: string } = {}): Notification {
      const session = sessions.get(id);
      if (!session) throw new Error(`no session ${id}`);
      const paid = { ...session, status: "complete", payment_status: "paid" };
      sessions.set(id, paid);
      const raw = JSON.stringify({
        id: options.eventId ?? randomId("evt_"),
        object: "event",
        api_version: "2024-06-20",
        created: Math.floor(Date.now() / 1000),
        type: "checkout.session.completed",
        data: { object: paid },
      });
      return { path: "/billing/webhooks/stripe", headers: { "stripe-signature": stripeSignature(options.secret ?? endpointSecret, raw, options.t) }, raw };
    },
  };
}
