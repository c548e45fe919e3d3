import type { Config } from "../config.ts";
import { PLATFORM_COMPANY_ID, type SettingsService } from "../settings/settings.ts";

const MB = 1024 * 1024;
const DEFAULT_DOWNLOAD_LIMIT_MB = 64;

/**
 * The largest media a channel may bring in, in bytes: the platform setting downloadLimit
 * (MB, default 64) capped by the operator's UPLOAD_MAX_BYTES ceiling. Every channel driver
 * and the tickets pipeline apply the same figure, so it lives in the kernel.
 */
export async function mediaLimitBytes(settings: SettingsService, config: Pick<Config, "UPLOAD_MAX_BYTES">): Promise<number> {
  const mb = Number(await settings.globalOne(PLATFORM_COMPANY_ID, "downloadLimit"));
  const limit = (Number.isFinite(mb) && mb > 0 ? mb : DEFAULT_DOWNLOAD_LIMIT_MB) * MB;
  return Math.min(limit, config.UPLOAD_MAX_BYTES);
}

/** Bytes a base64 text decodes to, computed without decoding it (to refuse before decoding). */
export function base64DecodedSize(text: string): number {
  const padding = text.endsWith("==") ? 2 : text.endsWith("=") ? 1 : 0;
  return Math.floor((text.length * 3) / 4) - padding;
}

/** Decodes standard base64 (already validated) with Web-standard APIs only. */
export function decodeBase64(text: string): Uint8Array {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) out[i] = binary.charCodeAt(i);
  return out;
}
