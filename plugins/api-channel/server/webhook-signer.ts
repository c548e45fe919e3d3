import { hmacSha256Hex, toHex } from "../../../core/auth/hmac.ts";
import { OutboundRefusedError, type OutboundGuard } from "../../../core/net/outbound-guard.ts";

/**
 * Signing and posting of the API channel's webhooks, shared by the channel driver (outbound
 * messages) and the webhook job (acks, ticket changes, manual retries). Web-standard APIs
 * only (Web Crypto, fetch, AbortSignal.timeout) so it runs on Bun, Deno and Node alike.
 */

/** The header receivers verify: `sha256=<hex HMAC-SHA256 of the raw body, keyed with the connection token>`. */
export const SIGNATURE_HEADER = "X-Signature-256";
/** The event name, so a receiver can route before parsing. */
export const EVENT_HEADER = "X-Webhook-Event";
/** Names one logical delivery across its attempts, for receivers that de-duplicate. */
export const DELIVERY_HEADER = "X-Webhook-Delivery";

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of a failing receiver's answer is kept in the log. */
const ERROR_SNIPPET = 300;

const encoder = new TextEncoder();

/** `sha256=<hex>` of `body` keyed with `secret`. */
export async function signBody(secret: string, body: string): Promise<string> {
  return `sha256=${await hmacSha256Hex(secret, body)}`;
}

/** Short, stable digest of a text (the key of an edit's delivery). */
export async function digest(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", encoder.encode(text))).slice(0, 16);
}

export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}

/** What one attempt produced: `ok` is a 2xx answer. */
export interface PostOutcome {
  statusCode: number | null;
  ok: boolean;
  error: string | null;
  durationMs: number;
}

/**
 * Posts `body` (already serialised: the exact bytes signed) once, through the kernel's
 * outbound guard (`ctx.outbound`): the host is resolved and checked again now, since DNS
 * may have changed since the URL was saved. Never throws: the outcome says what happened
 * so the caller can log it and decide to retry. Redirects are not followed — a signed body
 * must not land somewhere the admin did not configure, nor on an internal address.
 * A refused address is logged with its reason only: no status and no timing, which would
 * tell the company something about a service it may not reach.
 */
export async function postSigned(
  url: string,
  secret: string,
  event: string,
  key: string,
  body: string,
  options: { timeoutMs?: number; outbound: Pick<OutboundGuard, "fetch"> },
): Promise<PostOutcome> {
  const started = Date.now();
  const done = (statusCode: number | null, error: string | null): PostOutcome => ({
    statusCode,
    ok: statusCode !== null && statusCode >= 200 && statusCode < 300 && !error,
    error,
    durationMs: Date.now() - started,
  });
  if (!url) return done(null, "No webhook URL configured");
  if (!isHttpUrl(url)) return done(null, "Webhook URL must be http(s)");
  try {
    const res = await options.outbound.fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", [SIGNATURE_HEADER]: await signBody(secret, body), [EVENT_HEADER]: event, [DELIVERY_HEADER]: key },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(options.timeoutMs ?? WEBHOOK_TIMEOUT_MS),
    });
    if (res.status >= 200 && res.status < 300) {
      await res.body?.cancel();
      return done(res.status, null);
    }
    const text = (await res.text().catch(() => "")).slice(0, ERROR_SNIPPET);
    return done(res.status, `HTTP ${res.status}${text ? `: ${text}` : ""}`);
  } catch (err) {
    if (err instanceof OutboundRefusedError) return { statusCode: null, ok: false, error: err.message, durationMs: 0 };
    const name = err instanceof Error ? err.name : "";
    if (name === "TimeoutError" || name === "AbortError") return done(null, `Timed out after ${options.timeoutMs ?? WEBHOOK_TIMEOUT_MS} ms`);
    // fetch reports network failures as "fetch failed" with the reason (ECONNREFUSED …) in `cause`.
    const cause = err instanceof Error && err.cause instanceof Error ? ((err.cause as { code?: string }).code ?? err.cause.message) : "";
    const message = err instanceof Error ? err.message || err.name : String(err);
    return done(null, cause ? `${message} (${cause})` : message);
  }
}
