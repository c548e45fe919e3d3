import { staticPixCode } from "../../shared/br-code.ts";
import { type Notification, randomId, startStandIn } from "./stand-in-server.ts";

/**
 * Asaas's API v3: `access_token` header, `POST /v3/customers` (name, cpfCnpj), `POST
 * /v3/payments` (customer, billingType PIX, value, dueDate), `GET /v3/payments/{id}/pixQrCode`
 * (`{ encodedImage, payload, expirationDate }`), `DELETE /v3/payments/{id}` (marks it `deleted`). `pay(id)` answers the `PAYMENT_RECEIVED`
 * event Asaas would post, with the webhook's `asaas-access-token` header.
 */
export async function startAsaasStandIn(apiKey: string, webhookToken: string) {
  const payments = new Map<string, Record<string, unknown>>();
  const customers = new Map<string, Record<string, unknown>>();
  const server = await startStandIn((req) => {
    if (req.headers.access_token !== apiKey) return { status: 401, body: { errors: [{ code: "invalid_access_token", description: "A chave de API fornecida é inválida" }] } };
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (req.method === "POST" && req.path === "/v3/customers") {
      if (!body.name || !/^(\d{11}|\d{14})$/.test(String(body.cpfCnpj ?? "")))
        return { status: 400, body: { errors: [{ code: "invalid_cpfCnpj", description: "CPF/CNPJ inválido" }] } };
      const customer = { object: "customer", id: randomId("cus_", 6), name: body.name, cpfCnpj: body.cpfCnpj, email: body.email ?? null };
      customers.set(String(customer.id), customer);
      return { status: 200, body: customer };
    }
    if (req.method === "POST" && req.path === "/v3/payments") {
      if (!customers.has(String(body.customer)) || body.billingType !== "PIX" || typeof body.value !== "number" || !/^\d{4}-\d{2}-\d{2}$/.test(String(body.dueDate ?? "")))
        return { status: 400, body: { errors: [{ code: "invalid_object", description: "Campos inválidos" }] } };
      const id = randomId("pay_", 6);
      const payment = {
        object: "payment",
        id,
        customer: body.customer,
        value: body.value,
        netValue: body.value,
        billingType: "PIX",
        status: "PENDING",
        dueDate: body.dueDate,
        description: body.description ?? null,
        externalReference: body.externalReference ?? null,
        invoiceUrl: `${server.url}/i/${id}`,
      };
      payments.set(id, payment);
      return { status: 200, body: payment };
    }
    const one = /^\/v3\/payments\/([^/]+)$/.exec(req.path);
    if (one && req.method === "DELETE") {
      const payment = payments.get(one[1]!);
      if (!payment) return { status: 404, body: { errors: [{ code: "not_found", description: "Cobrança não encontrada" }] } };
      payments.set(one[1]!, { ...payment, deleted: true });
      return { status: 200, body: { deleted: true, id: one[1] } };
    }
    const qr = /^\/v3\/payments\/([^/]+)\/pixQrCode$/.exec(req.path);
    if (qr && req.method === "GET") {
      const payment = payments.get(qr[1]!);
      if (!payment) return { status: 404, body: { errors: [{ code: "not_found", description: "Cobrança não encontrada" }] } };
      const payload = staticPixCode({ key: "asaas-test@example.com", name: "ASAAS TEST", city: "JOINVILLE", amount: Number(payment.value), txid: String(payment.id) });
      return { status: 200, body: { encodedImage: "iVBORw0KGgo=", payload, expirationDate: "2099-12-31 23:59:59" } };
    }
    return { status: 404, body: { errors: [{ code: "not_found", description: "Not found" }] } };
  });
  return {
    ...server,
    payments,
    /** The payer paid: the `PAYMENT_RECEIVED` event for a payment, with the webhook token (another one to test refusals). */
    pay(id: string, options: { token?: string; event?: string; value?: number } = {}): Notification {
      const payment = payments.get(id);
      if (!payment) throw new Error(`no payment ${id}`);
      const received = { ...payment, status: "RECEIVED", value: options.value ?? payment.value, paymentDate: new Date().toISOString().slice(0, 10) };
      payments.set(id, received);
      const raw = JSON.stringify({
        id: randomId("evt_"),
        event: options.event ?? "PAYMENT_RECEIVED",
        dateCreated: new Date().toISOString().replace("T", " ").slice(0, 19),
        payment: received,
      });
      return { path: "/billing/webhooks/asaas", headers: { "asaas-access-token": options.token ?? webhookToken }, raw };
    },
  };
}
export type AsaasStandIn = Awaited<ReturnType<typeof startAsaasStandIn>>;
