import type { Context } from "hono";
import type { AppEnv } from "./env.ts";

/**
 * Who is calling and how, as far as we can believe it. The runtime's peer address is the
 * truth; `X-Forwarded-For` / `X-Forwarded-Proto` are only read through the number of proxies
 * `TRUST_PROXY` names, because any client can send those headers. Each trusted proxy appends
 * the address it saw to `X-Forwarded-For`, so with `hops` proxies the client is the entry
 * `hops` places from our peer (Express's "trust proxy" hop count, counted the same way).
 */

/**
 * The client's address from the peer address, the `X-Forwarded-For` header and the trusted
 * hop count; "unknown" when nothing trustworthy names it.
 * @example forwardedClient("10.0.0.2", "203.0.113.9, 10.0.0.1", 2) // "203.0.113.9"
 */
export function forwardedClient(peer: string | undefined, forwardedFor: string | undefined, hops: number): string {
  const chain = [peer || "unknown"];
  if (hops > 0 && forwardedFor) chain.push(...listOf(forwardedFor).reverse().map(stripPort));
  return chain[Math.min(hops, chain.length - 1)] ?? "unknown";
}

/**
 * Whether the request reached the outermost trusted hop over HTTPS: our own URL, or the
 * `X-Forwarded-Proto` entry written by the outermost trusted proxy.
 * @example forwardedHttps("http://app/auth/login", "https", 1) // true
 */
export function forwardedHttps(url: string, forwardedProto: string | undefined, hops: number): boolean {
  if (new URL(url).protocol === "https:") return true;
  if (hops < 1 || !forwardedProto) return false;
  const list = listOf(forwardedProto);
  return list[Math.max(0, list.length - hops)]?.toLowerCase() === "https";
}

/**
 * The caller's address for rate limits and logs, honouring `TRUST_PROXY`.
 * @example const ip = clientAddress(c); // "203.0.113.9", or "unknown"
 */
export function clientAddress(c: Context<AppEnv>): string {
  return forwardedClient(c.env?.remoteAddress, c.req.header("x-forwarded-for"), trustedHops(c));
}

/**
 * Whether the caller used HTTPS (directly, or to a trusted proxy): cookies get `Secure` then.
 * @example setCookie(c, "jrt", token, { secure: requestIsHttps(c) });
 */
export function requestIsHttps(c: Context): boolean {
  return forwardedHttps(c.req.url, c.req.header("x-forwarded-proto"), trustedHops(c));
}

function trustedHops(c: Context): number {
  return c.get("kernel")?.config.TRUST_PROXY ?? 0;
}

function listOf(header: string): string[] {
  return header
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Proxies may write `1.2.3.4:5678` or `[2001:db8::1]:443`; the port is no part of who called. */
function stripPort(entry: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  if (bracketed?.[1]) return bracketed[1];
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(entry);
  return v4?.[1] ?? entry;
}
