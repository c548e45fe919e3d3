import { AppError } from "../../../../core/errors.ts";
import type { Logger } from "../../../../core/log.ts";

export const PROVIDER_TIMEOUT_MS = 15_000;

export interface ProviderResponse {
  status: number;
  body: unknown;
}

/**
 * Calls a provider's API (a URL the operator set through the environment, never a company:
 * no SSRF guard needed). Unreachable is ERR_UPSTREAM_UNAVAILABLE, a refusal (non-2xx) is
 * ERR_PAYMENT_PROVIDER_FAILED with the provider's status; the provider's answer text is
 * logged, never sent to the client (it may echo credentials).
 */
export async function providerFetch(provider: string, url: string, init: RequestInit, log: Pick<Logger, "warn">): Promise<ProviderResponse> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch (err) {
    log.warn(`billing: ${provider} unreachable: ${(err as Error).message}`);
    throw new AppError("ERR_UPSTREAM_UNAVAILABLE", { provider });
  }
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {}
  if (res.status < 200 || res.status >= 300) {
    log.warn(`billing: ${provider} answered ${res.status}: ${text.slice(0, 500)}`);
    throw new AppError("ERR_PAYMENT_PROVIDER_FAILED", { provider, status: res.status });
  }
  return { status: res.status, body };
}

/** A field of a provider's JSON answer, or "" (answers are data from outside: never trusted to have a shape). */
export function field(value: unknown, ...path: string[]): unknown {
  let at: unknown = value;
  for (const key of path) {
    if (!at || typeof at !== "object") return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

export const text = (value: unknown): string => (typeof value === "string" ? value : typeof value === "number" ? String(value) : "");

/** A required text field of a provider's answer; missing is ERR_PAYMENT_PROVIDER_FAILED. */
export function required(provider: string, value: unknown, name: string): string {
  const v = text(value);
  if (!v) throw new AppError("ERR_PAYMENT_PROVIDER_FAILED", { provider, missing: name });
  return v;
}

/** Constant-time comparison of two secrets (a mismatch's timing says nothing of the right value); empty never matches. */
export function constantTimeEqual(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0 && a.length > 0;
}

export { hmacSha256Hex } from "../../../../core/auth/hmac.ts";

/** Money as providers write it in JSON strings: "49.00". */
export const money = (amount: number): string => (Math.round(amount * 100) / 100).toFixed(2);
