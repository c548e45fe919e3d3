import type { OutboundGuard } from "../../../../core/net/outbound-guard.ts";
import type { Storage } from "../../../../core/storage/storage.ts";
import { ServiceCallError, timeoutMs } from "./call-service.ts";

/** The media kinds of Typebot's bubbles that go out as media (an embed stays a link). */
export type MediaKind = "image" | "video" | "audio";

/** The biggest media downloaded (INTEGRATIONS_MEDIA_MAX_BYTES, default 16 MB, WhatsApp's own limit for video and audio). */
export const mediaMaxBytes = (): number => {
  const n = Number(process.env.INTEGRATIONS_MEDIA_MAX_BYTES);
  return Number.isFinite(n) && n > 0 ? n : 16 * 1024 * 1024;
};

/** The stored file's extension per MIME type: the send path names the type from it (tickets' mimeOfName). */
const EXT_BY_MIME: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
  "video/mp4": "mp4",
  "video/3gpp": "3gp",
  "audio/mpeg": "mp3",
  "audio/ogg": "ogg",
  "audio/mp4": "m4a",
  "audio/wav": "wav",
};
const MIME_BY_EXT = Object.fromEntries([...Object.entries(EXT_BY_MIME).map(([m, e]) => [e, m]), ["jpeg", "image/jpeg"], ["opus", "audio/ogg"]]);

/** The media's MIME type: the answer's Content-Type, else the URL's extension (a server answering octet-stream). */
function mimeOf(url: string, contentType: string | null): string {
  const declared = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (EXT_BY_MIME[declared]) return declared;
  const ext = new URL(url).pathname.split(".").pop()?.toLowerCase() ?? "";
  return MIME_BY_EXT[ext] ?? declared;
}

/** Reads at most `max` bytes of the body; more is refused without buffering it. */
async function boundedBody(res: Response, max: number): Promise<Uint8Array> {
  const declared = Number(res.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > max) throw new ServiceCallError(`Media larger than ${max} bytes`);
  const reader = res.body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new ServiceCallError(`Media larger than ${max} bytes`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/**
 * Downloads a media URL a Typebot answered (an image, video or audio bubble) into the
 * company's storage and answers its public path (`/public/company{id}/…`), the only media a
 * bot message may carry. Through the internal-address guard (no redirects followed), with
 * the integrations timeout and a size bound; a MIME type other than the bubble's kind is
 * refused. Any failure is a ServiceCallError (the caller sends the URL as text instead).
 */
export async function storeMedia(guard: Pick<OutboundGuard, "fetch">, storage: Pick<Storage, "save">, companyId: number, url: string, kind: MediaKind): Promise<string> {
  const max = mediaMaxBytes();
  let body: Uint8Array;
  let mime: string;
  try {
    const res = await guard.fetch(url, { method: "GET", signal: AbortSignal.timeout(timeoutMs()) });
    if (!res.ok) {
      await res.body?.cancel();
      throw new ServiceCallError(`HTTP ${res.status}`, res.status);
    }
    mime = mimeOf(url, res.headers.get("content-type"));
    if (!mime.startsWith(`${kind}/`) || !EXT_BY_MIME[mime]) {
      await res.body?.cancel();
      throw new ServiceCallError(`Not ${kind} media (${mime || "no type"})`);
    }
    body = await boundedBody(res, max);
  } catch (err) {
    if (err instanceof ServiceCallError) throw err;
    const e = err as Error;
    throw new ServiceCallError(e.name === "TimeoutError" || e.name === "AbortError" ? `No answer within ${timeoutMs()} ms` : e.message);
  }
  if (!body.byteLength) throw new ServiceCallError("Empty media");
  const file = new File([body as Uint8Array<ArrayBuffer>], `typebot.${EXT_BY_MIME[mime]}`, { type: mime });
  const stored = await storage.save(companyId, file, { maxBytes: max, mimePrefixes: [`${kind}/`] });
  return stored.url;
}
