import { decodeBase64 } from "../storage/media-limits.ts";

/**
 * Encrypts secrets kept in the database (channel session keys, provider access tokens)
 * with AES-256-GCM from WebCrypto, so a copied database file alone reveals nothing.
 * The key is derived (SHA-256) from `DATA_ENCRYPTION_KEY` when set, else from the
 * `data` secret in `DATA_DIR/secrets.json`: several nodes sharing one database must
 * share the key. A sealed value is `v1.<iv>.<ciphertext>` in base64url; opening a value
 * sealed with another key throws (GCM authentication), it never returns garbage.
 * @example
 *   const sealed = await vault.seal("access-token");
 *   const token = new TextDecoder().decode(await vault.open(sealed));
 */
export class Vault {
  private key: Promise<CryptoKey>;

  constructor(secret: string) {
    this.key = crypto.subtle.digest("SHA-256", new TextEncoder().encode(secret)).then((raw) => crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]));
  }

  async seal(plain: string | Uint8Array): Promise<string> {
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const bytes = typeof plain === "string" ? new TextEncoder().encode(plain) : plain;
    const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await this.key, bytes as Uint8Array<ArrayBuffer>));
    return `v1.${toBase64Url(iv)}.${toBase64Url(cipher)}`;
  }

  async open(sealed: string): Promise<Uint8Array> {
    const [version, iv, cipher] = sealed.split(".");
    if (version !== "v1" || !iv || !cipher) throw new Error("Vault: not a sealed value");
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: fromBase64Url(iv) }, await this.key, fromBase64Url(cipher));
    return new Uint8Array(plain);
  }

  async openText(sealed: string): Promise<string> {
    return new TextDecoder().decode(await this.open(sealed));
  }
}

function toBase64Url(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  return decodeBase64(text.replaceAll("-", "+").replaceAll("_", "/")) as Uint8Array<ArrayBuffer>;
}
