import { hmacSha256Hex } from "../../../core/auth/hmac.ts";

/**
 * Checks Meta's `X-Hub-Signature-256: sha256=<hex>` header: the HMAC-SHA256 of the raw
 * request body keyed with the app secret. Compared in constant time (every byte is looked
 * at whatever the first difference), so the answer time says nothing about the secret.
 */
export async function validSignature(raw: Uint8Array, header: string | undefined, appSecret: string): Promise<boolean> {
  const match = /^sha256=([0-9a-fA-F]{64})$/.exec(header?.trim() ?? "");
  if (!match) return false;
  return constantTimeEqual(match[1]!.toLowerCase(), await hmacSha256Hex(appSecret, raw));
}

/** Equality of two strings that takes the same time for every input of a given length. */
export function constantTimeEqual(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}
