import { readFile } from "node:fs/promises";
import type { Config } from "../../../../core/config.ts";
import { AppError } from "../../../../core/errors.ts";
import type { Logger } from "../../../../core/log.ts";
import type { ServiceMap } from "../../../../core/plugin/services.ts";
import { PLATFORM_COMPANY_ID, type SettingsService } from "../../../../core/settings/settings.ts";
import { AsaasProvider } from "./asaas.ts";
import { EfiProvider } from "./efi.ts";
import { MercadoPagoProvider } from "./mercadopago.ts";
import { PROVIDER_IDS, type PaymentProvider, type ProviderId, type WebhookProviderId } from "./provider.ts";
import { StaticPixProvider } from "./static-pix.ts";
import { StripeProvider } from "./stripe.ts";

/** Kept by this plugin under the platform company, never shown: the token in Efí's webhook URL. */
export const EFI_WEBHOOK_TOKEN_KEY = "billingEfiWebhookToken";

const EFI_URLS = { production: "https://pix.api.efipay.com.br", homologation: "https://pix-h.api.efipay.com.br" } as const;
const base = (url: string) => url.replace(/\/+$/, "");

/**
 * The payment providers and which one the checkout uses: the first, in `PROVIDER_IDS` order
 * (Efí, Asaas, Mercado Pago, Stripe, static PIX), whose settings the operator filled in.
 */
export class ProviderRegistry {
  private readonly providers: Record<ProviderId, PaymentProvider>;

  constructor(
    /** The kernel's store, for the one value this plugin keeps itself (the Efí webhook token). */
    private settings: Pick<SettingsService, "globalOne" | "setGlobal">,
    private config: Config,
    private certificatePath: ServiceMap["settings.certificatePath"],
    /** The operator's settings, credentials opened (they are stored sealed by the settings plugin). */
    private platformValue: ServiceMap["settings.platformValue"],
    log: Logger,
  ) {
    const secret = (key: string) => this.setting(key);
    this.providers = {
      efi: new EfiProvider({
        baseUrl: base(config.EFI_API_URL ?? EFI_URLS[config.EFI_ENVIRONMENT]),
        credentials: () => this.efiCredentials(),
        webhookToken: () => this.efiWebhookToken(),
        log,
      }),
      asaas: new AsaasProvider(base(config.ASAAS_API_URL), secret, log),
      mercadopago: new MercadoPagoProvider(base(config.MERCADOPAGO_API_URL), secret, log),
      stripe: new StripeProvider(base(config.STRIPE_API_URL), secret, log),
      pix: new StaticPixProvider(async () => ({ key: await this.setting("pixstatickey"), name: await this.setting("pixstaticname"), city: await this.setting("pixstaticcity") })),
    };
  }

  private async setting(key: string): Promise<string> {
    return (await this.platformValue(key)).trim();
  }

  private async filled(...keys: string[]): Promise<boolean> {
    for (const key of keys) if (!(await this.setting(key))) return false;
    return true;
  }

  private certificateDestination() {
    return this.config.EFI_ENVIRONMENT === "production" ? "efi-production" : "efi-homologation";
  }

  /** Whether the operator configured a provider: its credentials (and Efí's certificate) are there. */
  async configured(id: ProviderId): Promise<boolean> {
    switch (id) {
      case "efi":
        return (await this.filled("eficlientid", "eficlientsecret", "efichavepix")) && (await this.certificatePath(this.certificateDestination())) !== null;
      case "asaas":
        return this.filled("asaastoken");
      case "mercadopago":
        return this.filled("mpaccesstoken");
      case "stripe":
        return this.filled("stripeprivatekey");
      case "pix":
        return this.filled("pixstatickey");
    }
  }

  /** The provider the checkout uses now, or null when the operator configured none. */
  async active(): Promise<PaymentProvider | null> {
    for (const id of PROVIDER_IDS) if (await this.configured(id)) return this.providers[id];
    return null;
  }

  /** The provider a webhook path names (its notifications are accepted even after the operator switched to another). */
  forWebhook(id: WebhookProviderId): PaymentProvider {
    return this.providers[id];
  }

  /** The provider a charge names (null for the operator's "manual" confirmation). */
  byId(id: string): PaymentProvider | null {
    return (PROVIDER_IDS as readonly string[]).includes(id) ? this.providers[id as ProviderId] : null;
  }

  private async efiCredentials() {
    const path = await this.certificatePath(this.certificateDestination());
    if (!path) throw new AppError("ERR_PAYMENT_NOT_CONFIGURED", { missing: "certificate" });
    return {
      clientId: await this.setting("eficlientid"),
      clientSecret: await this.setting("eficlientsecret"),
      pixKey: await this.setting("efichavepix"),
      certificate: {
        pfx: new Uint8Array(await readFile(path)),
        passphrase: this.config.EFI_CERT_PASSPHRASE,
        ca: this.config.EFI_CA_FILE ? await readFile(this.config.EFI_CA_FILE, "utf8") : undefined,
      },
    };
  }

  /** A random token made on first use and kept under the platform company. */
  async efiWebhookToken(): Promise<string> {
    const stored = async () => ((await this.settings.globalOne(PLATFORM_COMPANY_ID, EFI_WEBHOOK_TOKEN_KEY)) ?? "").trim();
    const existing = await stored();
    if (existing) return existing;
    const token = Array.from(crypto.getRandomValues(new Uint8Array(24)), (b) => b.toString(16).padStart(2, "0")).join("");
    await this.settings.setGlobal(PLATFORM_COMPANY_ID, EFI_WEBHOOK_TOKEN_KEY, token);
    return (await stored()) || token;
  }
}
