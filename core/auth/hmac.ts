import { createHmac } from "node:crypto";

/** Lower-case hex of bytes. */
export const toHex = (bytes: ArrayBuffer | Uint8Array): string =>
  Array.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");

/**
 * Hex HMAC-SHA256 of `data` keyed with `secret`: webhook signatures we send
 * (`X-Signature-256`) and check (Meta's `X-Hub-Signature-256`), Graph's appsecret_proof.
 * The runtime's native HMAC, at once: WebCrypto's importKey and sign cost ~40 µs a
 * signature (an API connection signs every webhook, several per bot turn).
 * @example const sig = `sha256=${await hmacSha256Hex(token, rawBody)}`;
 */
export async function hmacSha256Hex(secret: string, data: string | Uint8Array): Promise<string> {
  return createHmac("sha256", secret).update(data).digest("hex");
}
