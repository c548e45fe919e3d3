import { z } from "zod";
import { allowListProblem } from "./net/allow-list.ts";

/**
 * Every environment variable the server reads, parsed once at boot. Defaults run the
 * embedded mode (one file database under DATA_DIR); a bad value stops the boot with a
 * message that names the variable.
 */
const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^(file:|libsql:\/\/|https?:\/\/|wss?:\/\/|:memory:)/, "must start with file:, libsql://, http(s)://, ws(s):// or be :memory:")
    .optional(),
  DATABASE_AUTH_TOKEN: z.string().optional(),
  ADMIN_EMAIL: z.string().email().default("admin@admin.com"),
  ADMIN_PASSWORD: z.string().min(5).max(50).optional(),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  JWT_REFRESH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** Encrypts secrets kept in the database (channel session keys, access tokens); else a random key in DATA_DIR/secrets.json. */
  DATA_ENCRYPTION_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  /** Kept as an origin (`https://app.example.com`): browsers compare CORS origins without a path or slash. */
  FRONTEND_URL: z
    .string()
    .url()
    .transform((url) => new URL(url).origin)
    .optional(),
  MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 1024 * 1024),
  /** A ceiling over every upload, whatever a feature's own limit says. */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 1024 * 1024),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  LOGIN_RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  /** The public messages API (POST /api/messages/send): requests per second each connection token may make, and the burst above it. */
  MESSAGES_API_RATE: z.coerce.number().positive().default(20),
  MESSAGES_API_BURST: z.coerce.number().int().positive().default(40),
  /**
   * How many reverse proxies in front of us to believe (`X-Forwarded-For`, `X-Forwarded-Proto`),
   * as a hop count: `false` = 0 (the default: the headers are ignored, any client could forge
   * them), `true` = 1 (one proxy), or a number. Parsed into that number.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2})$/i, "must be true, false or a number of proxy hops (0-99)")
    .default("false")
    .transform((v) => (/^true$/i.test(v) ? 1 : /^false$/i.test(v) ? 0 : Number(v))),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_SECURE: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /** Set to false only for a relay with a self-signed certificate you trust. */
  SMTP_TLS_REJECT_UNAUTHORIZED: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  SMTP_FROM: z.string().default("no-reply@localhost"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** Serve the built web app from this folder (defaults to web/dist next to the code). */
  WEB_DIST: z.string().optional(),
  /**
   * A module whose `createBoundary()` replaces Baileys at the WhatsApp plugin's library
   * boundary. Only for test harnesses (the browser end-to-end run): never set it in production.
   */
  WHATSAPP_BOUNDARY_MODULE: z.string().optional(),
  /** Meta's Graph API base, with version (a local stand-in in tests). */
  META_GRAPH_URL: z.string().url().default("https://graph.facebook.com/v21.0"),
  /** The Meta app: its id (web login), its secret (X-Hub-Signature-256 of webhooks) and the webhook verify token. */
  META_APP_ID: z.string().optional(),
  META_APP_SECRET: z.string().optional(),
  META_VERIFY_TOKEN: z.string().optional(),
  /**
   * Internal destinations companies' outbound URLs (webhooks, integration base URLs) may
   * reach: comma-separated host names, IPs or CIDRs, e.g. a self-hosted n8n on this machine.
   * Empty (the default) refuses loopback, private and CGNAT addresses; metadata and
   * link-local addresses are refused whatever it says (core/net/outbound-guard.ts).
   */
  ALLOWED_INTERNAL_HOSTS: z
    .string()
    .default("")
    .superRefine((v, ctx) => {
      const problem = allowListProblem(v);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  /**
   * Billing: this server's public address as payment providers reach it (e.g.
   * `https://chat.example.com`), for the notification URL sent with Efí and Mercado Pago
   * charges. Unset: providers are not told one (configure the webhook in their panel).
   */
  BILLING_PUBLIC_URL: z
    .string()
    .url()
    .transform((url) => url.replace(/\/+$/, ""))
    .optional(),
  /** Efí's PIX API environment: which base URL and which uploaded certificate (efi-production / efi-homologation) are used. */
  EFI_ENVIRONMENT: z.enum(["production", "homologation"]).default("production"),
  /** Efí's PIX API base; defaults to the environment's (https://pix.api.efipay.com.br or https://pix-h.api.efipay.com.br). */
  EFI_API_URL: z.string().url().optional(),
  /** The passphrase of the uploaded Efí .p12 certificate (Efí issues them without one). */
  EFI_CERT_PASSPHRASE: z.string().default(""),
  /** A PEM file of extra CAs trusted for Efí's API (a test stand-in's, or a TLS-inspecting proxy's). */
  EFI_CA_FILE: z.string().optional(),
  MERCADOPAGO_API_URL: z.string().url().default("https://api.mercadopago.com"),
  STRIPE_API_URL: z.string().url().default("https://api.stripe.com"),
  /** Asaas's API base (https://api-sandbox.asaas.com for its sandbox). */
  ASAAS_API_URL: z.string().url().default("https://api.asaas.com"),
  /** An OpenAI-compatible API base for the AI prompts (`{OPENAI_API_URL}/chat/completions`); a local server works too. */
  OPENAI_API_URL: z.string().url().default("https://api.openai.com/v1"),
  /** How long an AI prompt waits for an answer before the customer gets the fallback (ms). */
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** The Azure Speech text-to-speech endpoint of an AI prompt's voice; `{region}` becomes the prompt's `voiceRegion`. */
  AZURE_TTS_URL: z
    .string()
    .refine((v) => URL.canParse(v.replace("{region}", "region")), "Invalid URL")
    .default("https://{region}.tts.speech.microsoft.com/cognitiveservices/v1"),
  /**
   * A Redis server (`redis://host:6379`) shared by every process of one deployment: realtime
   * events, rights changes and missed-event recovery cross processes through it, and the login
   * and messages-API limits count there. Unset: all of it stays in this process.
   */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
    .optional(),
  /** Processes of this server started on PORT (Bun's reusePort); more than 1 needs REDIS_URL (core/runtime/workers.ts). */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /** A WhatsApp session's lease (ms): the process driving it renews it every third; another takes the session over this long after that process died. */
  WHATSAPP_LEASE_MS: z.coerce.number().int().min(1000).default(60_000),
  /** Disables background job polling (tests drive jobs by hand). */
  JOBS_POLL_MS: z.coerce.number().int().min(0).default(1000),
  /** A claimed job's lease (ms), renewed every third of it while the job is held; a dead process's jobs run elsewhere once it lapses. */
  JOBS_LEASE_MS: z.coerce.number().int().min(100).default(60_000),
  /** Finished (done) job rows are deleted this many hours after their last run (their dedupe keys are free again). */
  JOBS_RETENTION_HOURS: z.coerce.number().positive().default(24),
  /** Failed job rows (out of attempts) are kept this many hours for review; 0 keeps them forever. */
  JOBS_FAILED_RETENTION_HOURS: z.coerce.number().min(0).default(720),
  /** The bearer token `GET /metrics` asks for; unset, /metrics answers 404. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** Litestream replicates the database: our WAL checkpoint worker stays off and leaves checkpoints to it. */
  LITESTREAM: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/**
 * Parses `env` (usually `process.env`) into a typed config.
 * @example const config = loadConfig({ PORT: "3000" });
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}
