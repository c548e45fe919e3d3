import { AppError } from "../../../../core/errors.ts";
import type { Logger } from "../../../../core/log.ts";
import { type ClientCertificate, mtlsRequest } from "./mtls-request.ts";
import type { ChargeCreated, ChargeRequest, Confirmation, PaymentProvider, WebhookInput } from "./provider.ts";
import { constantTimeEqual, field, money, required, text } from "./provider-http.ts";

/** How long a PIX charge (cobrança imediata) stays payable, in seconds. */
export const EFI_EXPIRATION_SECONDS = 3600;
const TXID = /^[a-zA-Z0-9]{26,35}$/;

export interface EfiCredentials {
  clientId: string;
  clientSecret: string;
  /** The receiver's PIX key registered at Efí (`efichavepix`). */
  pixKey: string;
  certificate: ClientCertificate;
}

export interface EfiOptions {
  baseUrl: string;
  credentials: () => Promise<EfiCredentials>;
  /** The token our webhook URL carries (`?hmac=`), checked on every notification. */
  webhookToken: () => Promise<string>;
  log: Logger;
}

/** The devedor of a charge: a CPF (11 digits) or CNPJ (14), or none. */
function debtor(name: string, document: string) {
  if (document.length === 11) return { devedor: { cpf: document, nome: name.slice(0, 200) } };
  if (document.length === 14) return { devedor: { cnpj: document, nome: name.slice(0, 200) } };
  return {};
}

/**
 * Efí (Gerencianet) PIX API: every call over mutual TLS with the operator's .p12 certificate,
 * an OAuth2 client-credentials token, then an immediate charge `PUT /v2/cob/{txid}` and its QR
 * code `GET /v2/loc/{id}/qrcode`. Efí posts settled PIX to our webhook as `{ pix: [{ txid,
 * endToEndId, valor }] }`; since Efí's mTLS towards us ends at whatever terminates TLS in front
 * of this server, the webhook is registered with a secret token in its URL (Efí's documented
 * `x-skip-mtls-checking` mode), and each notified txid is read back over our own mTLS channel
 * (`GET /v2/cob/{txid}`): only a charge Efí itself reports `CONCLUIDA` confirms.
 */
export class EfiProvider implements PaymentProvider {
  readonly id = "efi" as const;
  private token: { key: string; value: string; until: number } | null = null;
  /** Webhook registrations done by this process (key + URL), so each is sent once. */
  private registered = new Set<string>();

  constructor(private options: EfiOptions) {}

  private async call(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}) {
    const creds = await this.options.credentials();
    const token = await this.accessToken(creds);
    const { body: answer } = await mtlsRequest(
      "efi",
      `${this.options.baseUrl}${path}`,
      { method, headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...extraHeaders }, body: body === undefined ? undefined : JSON.stringify(body) },
      creds.certificate,
      this.options.log,
    );
    return answer;
  }

  private async accessToken(creds: EfiCredentials): Promise<string> {
    const key = `${creds.clientId}:${creds.clientSecret}`;
    if (this.token && this.token.key === key && this.token.until > Date.now()) return this.token.value;
    const basic = btoa(key);
    const { body } = await mtlsRequest(
      "efi",
      `${this.options.baseUrl}/oauth/token`,
      { method: "POST", headers: { authorization: `Basic ${basic}`, "content-type": "application/json" }, body: JSON.stringify({ grant_type: "client_credentials" }) },
      creds.certificate,
      this.options.log,
    );
    const value = required("efi", field(body, "access_token"), "access_token");
    const expires = Number(field(body, "expires_in")) || 3600;
    this.token = { key, value, until: Date.now() + Math.max(30, expires - 60) * 1000 };
    return value;
  }

  async createCharge(req: ChargeRequest): Promise<ChargeCreated> {
    const creds = await this.options.credentials();
    if (req.webhookUrl) {
      // A refused registration (Efí wants an https URL it can reach) must not stop the payment:
      // the operator can still register the webhook in Efí's panel, or confirm by hand.
      await this.registerWebhook(creds.pixKey, req.webhookUrl).catch((err: unknown) =>
        this.options.log.warn(`billing: Efí webhook registration failed: ${(err as Error).message}`),
      );
    }
    const cob = await this.call("PUT", `/v2/cob/${req.reference}`, {
      calendario: { expiracao: EFI_EXPIRATION_SECONDS },
      ...debtor(req.payer.name, req.payer.document),
      valor: { original: money(req.amount) },
      chave: creds.pixKey,
      solicitacaoPagador: req.description.slice(0, 140),
    });
    const locId = text(field(cob, "loc", "id"));
    if (!/^\d{1,12}$/.test(locId)) throw new AppError("ERR_PAYMENT_PROVIDER_FAILED", { provider: "efi", missing: "loc.id" });
    const qr = await this.call("GET", `/v2/loc/${locId}/qrcode`);
    return { externalId: text(field(cob, "txid")) || req.reference, pixCode: required("efi", field(qr, "qrcode"), "qrcode") };
  }

  /** Points the PIX key's notifications at us (Efí appends `/pix`, which `ignorar=` swallows into the query). */
  private async registerWebhook(pixKey: string, url: string): Promise<void> {
    const webhookUrl = `${url}?hmac=${encodeURIComponent(await this.options.webhookToken())}&ignorar=`;
    const memo = `${pixKey} ${webhookUrl}`;
    if (this.registered.has(memo)) return;
    await this.call("PUT", `/v2/webhook/${encodeURIComponent(pixKey)}`, { webhookUrl }, { "x-skip-mtls-checking": "true" });
    this.registered.add(memo);
  }

  /** `PATCH /v2/cob/{txid}` with status `REMOVIDA_PELO_USUARIO_RECEBEDOR`: the PIX code stops taking payments. */
  async cancelCharge(externalId: string): Promise<void> {
    if (!TXID.test(externalId)) return;
    await this.call("PATCH", `/v2/cob/${externalId}`, { status: "REMOVIDA_PELO_USUARIO_RECEBEDOR" });
  }

  async confirmations(input: WebhookInput): Promise<Confirmation[]> {
    if (!constantTimeEqual(input.query.get("hmac") ?? "", await this.options.webhookToken())) throw new AppError("ERR_WEBHOOK_UNAUTHORIZED");
    let body: unknown = null;
    try {
      body = input.rawBody ? JSON.parse(input.rawBody) : null;
    } catch {}
    const entries = field(body, "pix");
    if (!Array.isArray(entries)) return []; // Efí's registration probe, or another notification
    const out: Confirmation[] = [];
    for (const entry of entries.slice(0, 50)) {
      const txid = text(field(entry, "txid"));
      if (!TXID.test(txid)) continue;
      const cob = await this.call("GET", `/v2/cob/${txid}`);
      if (text(field(cob, "status")) !== "CONCLUIDA") continue;
      const paid = Number(text(field(entry, "valor")) || text(field(cob, "valor", "original")));
      out.push({ externalId: txid, paymentId: text(field(entry, "endToEndId")) || txid, amount: Number.isFinite(paid) ? paid : undefined });
    }
    return out;
  }
}
