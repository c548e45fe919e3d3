import { createHmac } from "node:crypto";
import { type Notification, randomId, startStandIn } from "./stand-in-server.ts";

/** Mercado Pago's `x-signature`, computed with node:crypto: HMAC-SHA256 of `id:{data.id};request-id:{x-request-id};ts:{ts};`. */
export function mercadoPagoSignature(secret: string, dataId: string, requestId: string, ts = Date.now()): string {
  const manifest = `id:${dataId.toLowerCase()};request-id:${requestId};ts:${ts};`;
  return `ts=${ts},v1=${createHmac("sha256", secret).update(manifest).digest("hex")}`;
}

/**
 * Mercado Pago's API: `POST /checkout/preferences` (Bearer access token; items with
 * `unit_price`, `currency_id` BRL; `external_reference`) answering `{ id, init_point }`, and
 * `GET /v1/payments/{id}`. `pay(externalReference)` makes an approved payment and answers
 * the notification Mercado Pago would post: `?data.id={id}&type=payment`, a JSON body with
 * `type` and `data.id`, `x-request-id`, and `x-signature` when a secret is given.
 */
export async function startMercadoPagoStandIn(accessToken: string, webhookSecret: string) {
  const preferences = new Map<string, Record<string, unknown>>();
  const payments = new Map<string, Record<string, unknown>>();
  let nextPayment = 1_000_000_000;
  const server = await startStandIn((req) => {
    if (req.headers.authorization !== `Bearer ${accessToken}`) return { status: 401, body: { message: "invalid_token", status: 401 } };
    if (req.method === "POST" && req.path === "/checkout/preferences") {
      const body = (req.body ?? {}) as { items?: { unit_price?: unknown; quantity?: unknown; currency_id?: unknown }[]; external_reference?: string };
      const item = body.items?.[0];
      if (!item || typeof item.unit_price !== "number" || item.quantity !== 1 || item.currency_id !== "BRL")
        return { status: 400, body: { message: "invalid items", status: 400 } };
      const id = randomId("123456789-", 8);
      const preference = {
        id,
        init_point: `${server.url}/checkout/v1/redirect?pref_id=${id}`,
        external_reference: body.external_reference,
        items: body.items,
        notification_url: (body as Record<string, unknown>).notification_url ?? null,
      };
      preferences.set(id, preference);
      return { status: 201, body: preference };
    }
    const payment = /^\/v1\/payments\/(\d+)$/.exec(req.path);
    if (payment && req.method === "GET") {
      const found = payments.get(payment[1]!);
      return found ? { status: 200, body: found } : { status: 404, body: { message: "Payment not found", status: 404 } };
    }
    return { status: 404, body: { message: "not found", status: 404 } };
  });
  return {
    ...server,
    preferences,
    payments,
    /** An approved payment of the preference with this external reference, and its notification (pass `status` for a pending one, `secret` for a wrong signature). */
    pay(externalReference: string, options: { status?: string; secret?: string | null } = {}): Notification {
      const preference = [...preferences.values()].find((p) => p.external_reference === externalReference);
      if (!preference) throw new Error(`no preference for ${externalReference}`);
      const id = String(nextPayment++);
      const amount = (preference.items as { unit_price: number }[])[0]!.unit_price;
      payments.set(id, {
        id: Number(id),
        status: options.status ?? "approved",
        status_detail: "accredited",
        external_reference: externalReference,
        transaction_amount: amount,
        currency_id: "BRL",
        payment_method_id: "pix",
      });
      const requestId = crypto.randomUUID();
      const raw = JSON.stringify({
        action: "payment.updated",
        api_version: "v1",
        data: { id },
        date_created: new Date().toISOString(),
        id: Number(randomId("", 5).replace(/\D/g, "").slice(0, 9) || "1"),
        live_mode: false,
        type: "payment",
        user_id: "123456789",
      });
      const secret = options.secret === undefined ? webhookSecret : options.secret;
      const headers: Record<string, string> = { "x-request-id": requestId };
      if (secret) headers["x-signature"] = mercadoPagoSignature(secret, id, requestId);
      return { path: `/billing/webhooks/mercadopago?data.id=${id}&type=payment`, headers, raw };
    },
  };
}
