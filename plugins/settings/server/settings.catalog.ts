import { z } from "zod";

/**
 * Every setting the platform knows, with its default and its accepted values.
 *
 * - Platform settings (`settings` table, spec 001 §3 'Setting') live under the platform
 *   company (id 1) and only a super user changes them. `superOnly` ones (credentials) are
 *   also read by the super user only; `public` ones are readable without a login.
 * - Company settings (`company_settings` table, spec 001 §3 'Company settings') are per
 *   company and changed by the company's admins.
 */
export interface CatalogEntry {
  key: string;
  default: string;
  /** Turns the stored/sent text into the value kept, or fails with the field's message. */
  value: z.ZodType<string, string>;
  public?: boolean;
  superOnly?: boolean;
  /**
   * A company credential (e.g. the transcription API key): admins write it, nobody reads it
   * back — reads answer SECRET_MASK when it is set and "" otherwise, and its change is
   * announced without the value. Saving the mask itself keeps the stored value.
   */
  secret?: boolean;
  /**
   * A URL the server itself calls (e.g. the transcription API's base): on save it must
   * also pass the kernel's SSRF guard (ctx.outbound), not only the value rule.
   */
  outbound?: boolean;
  /**
   * A payment credential: stored sealed with the kernel's vault (AES-256-GCM, the
   * data-encryption key), so a copied database alone does not reveal it. Reads open it.
   */
  sealed?: boolean;
}

/** What a read shows instead of a company secret that is set. */
export const SECRET_MASK = "********";

export const DOWNLOAD_LIMITS = ["32", "64", "128", "256", "512", "1024", "2048"] as const;
export const SCHEDULE_TYPES = ["disabled", "queue", "company", "connection"] as const;
export const CHATBOT_TYPES = ["text", "list", "button"] as const;
export const DEFAULT_PRIMARY_LIGHT = "#0000FF";
export const DEFAULT_PRIMARY_DARK = "#39ACE7";

const toggle = z.enum(["enabled", "disabled"], "Must be enabled or disabled");
const bool = z.enum(["true", "false"], "Must be true or false");
const text = (max: number) => z.string().max(max, "Too Long!");
const secret = text(2000);
const color = z.string().regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, "Invalid colour");
/** Logos are set by the upload (a `/public/` path) or cleared to fall back to the default. */
const logo = z.string().regex(/^(|\/public\/[A-Za-z0-9_/-]+\.[a-z0-9]{2,5})$/, "Invalid image path");
/** Shown to customers as a link: only web addresses, never `javascript:`. */
const link = z
  .string()
  .max(500, "Too Long!")
  .regex(/^(|https?:\/\/\S+)$/, "Invalid link");

const platform = (key: string, def: string, value: z.ZodType<string, string>, flags: Partial<CatalogEntry> = {}): CatalogEntry => ({
  key,
  default: def,
  value,
  ...flags,
});

export const platformSettings: CatalogEntry[] = [
  platform("userCreation", "enabled", toggle),
  platform("downloadLimit", "64", z.enum(DOWNLOAD_LIMITS, `Must be one of ${DOWNLOAD_LIMITS.join(", ")}`)),
  // payment-provider credentials and the audio-transcription key: the super user's only
  platform("eficlientid", "", secret, { superOnly: true, sealed: true }),
  platform("eficlientsecret", "", secret, { superOnly: true, sealed: true }),
  platform("efichavepix", "", secret, { superOnly: true }),
  platform("mpaccesstoken", "", secret, { superOnly: true, sealed: true }),
  platform("stripeprivatekey", "", secret, { superOnly: true, sealed: true }),
  platform("asaastoken", "", secret, { superOnly: true, sealed: true }),
  // what authenticates the providers' notifications (billing plugin): Stripe's endpoint
  // signing secret, Mercado Pago's webhook secret, the token Asaas sends with each event
  platform("stripewebhooksecret", "", secret, { superOnly: true, sealed: true }),
  platform("mpwebhooksecret", "", secret, { superOnly: true, sealed: true }),
  platform("asaaswebhooktoken", "", secret, { superOnly: true, sealed: true }),
  // the static PIX (billing plugin): the operator's key, name and city for the BR Code (cut to 25 and 15 there)
  platform("pixstatickey", "", text(77), { superOnly: true }),
  platform("pixstaticname", "", text(100), { superOnly: true }),
  platform("pixstaticcity", "", text(60), { superOnly: true }),
  platform("openaikeyaudio", "", secret, { superOnly: true }),
  // whitelabel: read by the login page before anyone signs in
  platform("primaryColorLight", DEFAULT_PRIMARY_LIGHT, color, { public: true }),
  platform("primaryColorDark", DEFAULT_PRIMARY_DARK, color, { public: true }),
  platform("appLogoLight", "", logo, { public: true }),
  platform("appLogoDark", "", logo, { public: true }),
  platform("appLogoFavicon", "", logo, { public: true }),
  platform("appName", "", text(60), { public: true }),
  // the signup link on the login page; signup itself also checks userCreation
  platform("allowSignup", "enabled", toggle, { public: true }),
];

const company = (key: string, def: string, value: z.ZodType<string, string>, flags: Partial<CatalogEntry> = {}): CatalogEntry => ({ key, default: def, value, ...flags });

export const companySettingsCatalog: CatalogEntry[] = [
  company("userRating", "disabled", toggle),
  company("scheduleType", "disabled", z.enum(SCHEDULE_TYPES, `Must be one of ${SCHEDULE_TYPES.join(", ")}`)),
  company("chatBotType", "text", z.enum(CHATBOT_TYPES, `Must be one of ${CHATBOT_TYPES.join(", ")}`)),
  company("acceptCallWhatsapp", "enabled", toggle),
  company("userRandom", "disabled", toggle),
  company("sendGreetingMessageOneQueues", "enabled", toggle),
  company("sendSignMessage", "enabled", toggle),
  company("sendFarewellWaitingTicket", "disabled", toggle),
  company("sendGreetingAccepted", "disabled", toggle),
  company("sendQueuePosition", "disabled", toggle),
  company("acceptAudioMessageContact", "enabled", toggle),
  company("enableLGPD", "disabled", toggle),
  company("requiredTag", "disabled", toggle),
  company("lgpdDeleteMessage", "disabled", toggle),
  company("lgpdHideNumber", "disabled", toggle),
  company("lgpdConsent", "disabled", toggle),
  company("lgpdMessage", "", text(2000)),
  company("lgpdLink", "", link),
  company("sendMsgTransfTicket", "disabled", toggle),
  company("DirectTicketsToWallets", "disabled", toggle),
  company("closeTicketOnTransfer", "false", bool),
  company("transferMessage", "", text(2000)),
  company("greetingAcceptedMessage", "", text(2000)),
  company("AcceptCallWhatsappMessage", "", text(2000)),
  company("sendQueuePositionMessage", "", text(2000)),
  company("showNotificationPending", "false", bool),
  // audio transcription through an OpenAI-compatible endpoint (empty URL: OpenAI's own)
  company(
    "transcriptionApiUrl",
    "",
    z
      .string()
      .max(500, "Too Long!")
      .regex(/^(|https?:\/\/\S+)$/, "Invalid link"),
    { outbound: true },
  ),
  company("transcriptionApiKey", "", secret, { secret: true }),
  company("transcriptionModel", "whisper-1", text(100)),
];

/**
 * Spec 001 §5 'Settings': a message is required while its toggle asks for it. The toggle
 * saves on its own (save-on-change), so turning it on before the message is typed is
 * allowed; what is refused is clearing the message while the toggle needs it.
 */
export const requiredMessages: { message: string; toggle: string; when: string }[] = [
  { message: "transferMessage", toggle: "sendMsgTransfTicket", when: "enabled" },
  { message: "greetingAcceptedMessage", toggle: "sendGreetingAccepted", when: "enabled" },
  { message: "sendQueuePositionMessage", toggle: "sendQueuePosition", when: "enabled" },
  { message: "AcceptCallWhatsappMessage", toggle: "acceptCallWhatsapp", when: "disabled" },
];

export const platformByKey = new Map(platformSettings.map((e) => [e.key, e]));
export const companyByKey = new Map(companySettingsCatalog.map((e) => [e.key, e]));
