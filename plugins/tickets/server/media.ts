import type { Config } from "../../../core/config.ts";
import { PLATFORM_COMPANY_ID, type SettingsService } from "../../../core/settings/settings.ts";

const MB = 1024 * 1024;
const DEFAULT_DOWNLOAD_LIMIT_MB = 64;

/**
 * The largest inbound media accepted, in bytes: the platform setting downloadLimit (MB,
 * default 64) capped by the operator's UPLOAD_MAX_BYTES ceiling.
 */
export async function mediaLimitBytes(settings: SettingsService, config: Pick<Config, "UPLOAD_MAX_BYTES">): Promise<number> {
  const mb = Number(await settings.globalOne(PLATFORM_COMPANY_ID, "downloadLimit"));
  const limit = (Number.isFinite(mb) && mb > 0 ? mb : DEFAULT_DOWNLOAD_LIMIT_MB) * MB;
  return Math.min(limit, config.UPLOAD_MAX_BYTES);
}

/** The spec's message media type for a MIME type: image, audio, video, else application (download). */
export function mediaTypeOf(mimetype: string): "image" | "audio" | "video" | "application" {
  const kind = mimetype.split("/")[0]?.toLowerCase();
  return kind === "image" || kind === "audio" || kind === "video" ? kind : "application";
}

/** Bytes a base64 text decodes to, computed without decoding it. */
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
