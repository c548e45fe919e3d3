const encoder = new TextEncoder();

/** Lower-case hex of bytes. */
export const toHex = (bytes: ArrayBuffer | Uint8Array): string =>
  Array.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");

/**
 * Hex HMAC-SHA256 of `data` keyed with `secret` (WebCrypto): webhook signatures we send
 * (`X-Signature-256`) and check (Meta's `X-Hub-Signature-256`), Graph's appsecret_proof.
 * @example const sig = `sha256=${await hmacSha256Hex(token, rawBody)}`;
 */
export async function hmacSha256Hex(secret: string, data: string | Uint8Array): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const bytes = typeof data === "string" ? encoder.encode(data) : data;
  return toHex(await crypto.subtle.sign("HMAC", key, bytes as Uint8Array<ArrayBuffer>));
}
