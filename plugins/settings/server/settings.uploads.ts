import { mkdir, rename, stat, writeFile } from "node:fs/promises";
import { extname, join, resolve } from "node:path";
import { AppError } from "../../../core/errors.ts";
import { PLATFORM_COMPANY_ID } from "../../../core/settings/settings.ts";
import type { Storage } from "../../../core/storage/storage.ts";
import { platformByKey } from "./settings.catalog.ts";
import type { SettingsRules } from "./settings.service.ts";

export const LOGO_MODES = ["Light", "Dark", "Favicon"] as const;
export type LogoMode = (typeof LOGO_MODES)[number];
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const LOGO_EXTENSIONS = [".png", ".jpg", ".jpeg", ".gif", ".webp", ".svg", ".ico"] as const;

/** Where a PIX certificate is for: the Efí PIX API in production or in its test (homologation) environment. */
export const CERT_DESTINATIONS = ["efi-production", "efi-homologation"] as const;
export type CertDestination = (typeof CERT_DESTINATIONS)[number];
export const CERT_MAX_BYTES = 1024 * 1024;

const head = async (file: Blob, n: number) => new Uint8Array(await file.slice(0, n).arrayBuffer());

/** Raster, icon or a script-free SVG: what a logo may be. */
async function looksLikeLogo(file: File, ext: string): Promise<boolean> {
  if (ext === ".svg") {
    const text = await file.text();
    // The logo is served from our own origin: an SVG able to run script would be stored XSS.
    const active = /<script|\son[a-z]+\s*=|javascript:|<foreignObject|<iframe|<embed|<object|data:text\/html/i;
    return /<svg[\s>]/i.test(text) && !active.test(text);
  }
  const b = await head(file, 12);
  const ascii = (from: number, s: string) => [...s].every((ch, i) => b[from + i] === ch.charCodeAt(0));
  if (ext === ".ico") return b[0] === 0 && b[1] === 0 && b[2] === 1 && b[3] === 0;
  return (b[0] === 0x89 && ascii(1, "PNG")) || (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) || ascii(0, "GIF8") || (ascii(0, "RIFF") && ascii(8, "WEBP"));
}

/**
 * The super user's uploads: whitelabel logos (public media of the platform company) and
 * the PIX certificate (private: under DATA_DIR/private/certs, outside anything served).
 */
export class SettingsUploads {
  readonly certDir: string;

  constructor(
    dataDir: string,
    private storage: Pick<Storage, "save" | "remove">,
    private rules: SettingsRules,
  ) {
    this.certDir = resolve(dataDir, "private", "certs");
  }

  /** Stores a logo and points appLogo{mode} at it; answers the stored file name. */
  async logo(mode: LogoMode, file: File): Promise<string> {
    const ext = extname(file.name).toLowerCase();
    if (file.size > LOGO_MAX_BYTES) throw new AppError("ERR_PAYLOAD_TOO_LARGE", { maxBytes: LOGO_MAX_BYTES });
    if (!(LOGO_EXTENSIONS as readonly string[]).includes(ext) || !(await looksLikeLogo(file, ext))) throw new AppError("ERR_UNSUPPORTED_MEDIA_TYPE", { accepted: LOGO_EXTENSIONS });
    const stored = await this.storage.save(PLATFORM_COMPANY_ID, file, { maxBytes: LOGO_MAX_BYTES, extensions: LOGO_EXTENSIONS, mimePrefixes: ["image/"] });
    const key = `appLogo${mode}`;
    const entry = platformByKey.get(key)!;
    const previous = (await this.rules.publicOne(key)) ?? "";
    await this.rules.setPlatform(entry, stored.url);
    if (previous.startsWith(`/public/company${PLATFORM_COMPANY_ID}/`)) await this.storage.remove(previous.slice("/public/".length));
    return stored.fileName;
  }

  /** Keeps a .p12 certificate for its destination, replacing the previous one atomically. */
  async certificate(destination: CertDestination, file: File): Promise<void> {
    if (extname(file.name).toLowerCase() !== ".p12") throw new AppError("ERR_UNSUPPORTED_MEDIA_TYPE", { accepted: [".p12"] });
    if (file.size > CERT_MAX_BYTES) throw new AppError("ERR_PAYLOAD_TOO_LARGE", { maxBytes: CERT_MAX_BYTES });
    // PKCS#12 is DER: it starts with a SEQUENCE tag.
    const b = await head(file, 1);
    if (file.size < 4 || b[0] !== 0x30) throw new AppError("ERR_UNSUPPORTED_MEDIA_TYPE", { accepted: [".p12"] });
    await mkdir(this.certDir, { recursive: true, mode: 0o700 });
    const target = this.certificatePath(destination);
    const temp = `${target}.${crypto.randomUUID()}.tmp`;
    await writeFile(temp, new Uint8Array(await file.arrayBuffer()), { mode: 0o600 });
    await rename(temp, target);
  }

  certificatePath(destination: CertDestination): string {
    return join(this.certDir, `${destination}.p12`);
  }

  /** The stored certificate's path, or null when none was uploaded. */
  async storedCertificate(destination: CertDestination): Promise<string | null> {
    const path = this.certificatePath(destination);
    try {
      return (await stat(path)).isFile() ? path : null;
    } catch {
      return null;
    }
  }
}
