/** The payment methods the checkout may answer with, in the order the first configured one is chosen. */
export const PROVIDER_IDS = ["efi", "asaas", "mercadopago", "stripe", "pix"] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];
/** The providers that notify us by webhook (the static PIX is confirmed by the operator). */
export const WEBHOOK_PROVIDERS = ["efi", "asaas", "mercadopago", "stripe"] as const;
export type WebhookProviderId = (typeof WEBHOOK_PROVIDERS)[number];

export interface ChargeRequest {
  /** Our reference for the charge: 32 letters and digits, unique (Efí's txid, the others' external reference). */
  reference: string;
  invoiceId: number;
  /** BRL */
  amount: number;
  description: string;
  /** `document`: CPF or CNPJ digits, or "". */
  payer: { name: string; email: string; document: string };
  /** Where providers that call back should post (null when the server's public address is unknown). */
  webhookUrl: string | null;
  /** Where a hosted checkout sends the payer afterwards (the billing page). */
  returnUrl: string;
}

/** What the payment screen shows (spec 001 §3 Payment response), plus the id notifications will name. */
export interface ChargeCreated {
  /** How a notification names this charge: Efí's txid, Asaas's payment id, Stripe's session id, Mercado Pago's external reference, the BR Code's txid. */
  externalId: string;
  /** The PIX copy-and-paste text (also drawn as the QR code). */
  pixCode?: string;
  /** The provider's hosted payment page. */
  url?: string;
}

export interface WebhookInput {
  headers: Headers;
  /** The body exactly as received (signatures are over the raw bytes). */
  rawBody: string;
  query: URLSearchParams;
  /** Whether this server already recorded a payment of that id (a notification of it then needs no look-up at the provider). */
  recorded?: (paymentId: string) => Promise<boolean>;
}

/** A payment the provider confirmed, for one of our charges. */
export interface Confirmation {
  externalId: string;
  /**
   * The provider's id of the money received (Efí's endToEndId, Asaas's and Mercado Pago's
   * payment id, Stripe's session id): two notifications naming the same one are one payment
   * (a redelivery, or another event of it); a different one is another payment.
   */
  paymentId: string;
  /** What was paid, when the provider says (a smaller amount does not confirm). */
  amount?: number;
}

/**
 * One payment provider behind the checkout. Credentials are read when called (the operator
 * may change them at any time); base URLs come from the environment (core/config.ts), so
 * tests point them at the local stand-ins in `server/testing/`.
 */
export interface PaymentProvider {
  readonly id: ProviderId;
  createCharge(request: ChargeRequest): Promise<ChargeCreated>;
  /**
   * Authenticates a notification the way the provider documents (signature, token, or the
   * certificate-bound look-up) and answers the payments it confirms; throws
   * ERR_WEBHOOK_UNAUTHORIZED when the check fails. Only settled payments are answered: a
   * notification of anything else answers [].
   */
  confirmations?(input: WebhookInput): Promise<Confirmation[]>;
  /**
   * Best effort: makes a charge a newer checkout replaced unpayable at the provider (Stripe
   * expires the session, Asaas deletes the payment, Efí removes the cob). Providers that
   * cannot (a Mercado Pago preference, a static BR Code) leave it out.
   */
  cancelCharge?(externalId: string): Promise<void>;
}

/** A reference of 32 letters and digits: within Efí's txid rule (26 to 35) and the others' limits. */
export function newReference(invoiceId: number): string {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
  return `fat${invoiceId}x${random}`.slice(0, 32).padEnd(32, "0");
}
