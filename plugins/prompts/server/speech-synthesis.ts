import type { OutboundGuard } from "../../../core/net/outbound-guard.ts";
import { readBoundedBytes } from "./chat-completions.ts";

/**
 * Azure Speech's output format for a WhatsApp voice note: Ogg/Opus (the channel sends an
 * `.ogg` Opus file as a push-to-talk note, any other audio as a plain file).
 */
export const SPEECH_OUTPUT_FORMAT = "ogg-24khz-16bit-mono-opus";
/** Bytes of audio accepted at most (spec 002 §9 uploads audio up to 5 MB). */
export const MAX_SPEECH_BYTES = 5 * 1024 * 1024;
export const SPEECH_TIMEOUT_MS = 30_000;

export interface SpeechRequest {
  /** AZURE_TTS_URL, `{region}` in it. */
  urlTemplate: string;
  region: string;
  key: string;
  /** An Azure neural voice name, e.g. `pt-BR-FranciscaNeural`. */
  voice: string;
  text: string;
}

export type SpeechResult = { ok: true; audio: Uint8Array } | { ok: false; reason: string };

/** An Azure region is a plain word (`brazilsouth`, `eastus2`): anything else never reaches the URL's host. */
const REGION = /^[a-z0-9-]{1,40}$/i;

const xmlEscape = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

/** The SSML body: one voice speaking the text, in the voice's own language (`pt-BR-…` → `pt-BR`). */
export function ssmlOf(voice: string, text: string): string {
  const lang = /^[a-z]{2}-[A-Z]{2}/.exec(voice)?.[0] ?? "pt-BR";
  return `<speak version='1.0' xmlns='http://www.w3.org/2001/10/synthesis' xml:lang='${lang}'><voice name='${xmlEscape(voice)}'>${xmlEscape(text)}</voice></speak>`;
}

/**
 * One Azure Speech text-to-speech call (REST: `POST …/cognitiveservices/v1`, SSML body,
 * `Ocp-Apim-Subscription-Key`, `X-Microsoft-OutputFormat`) through the SSRF guard, with a
 * timeout. Never throws: a bad region, a refused address, a network error, a timeout, a
 * non-2xx, an answer that is not audio, or an empty one are `{ ok: false }`.
 */
export async function synthesizeSpeech(outbound: Pick<OutboundGuard, "fetch">, req: SpeechRequest, timeoutMs = SPEECH_TIMEOUT_MS): Promise<SpeechResult> {
  if (!REGION.test(req.region)) return { ok: false, reason: "no valid voice region" };
  if (!req.key) return { ok: false, reason: "no voice key" };
  const url = req.urlTemplate.replace("{region}", req.region.toLowerCase());
  try {
    const res = await outbound.fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/ssml+xml",
        "ocp-apim-subscription-key": req.key,
        "x-microsoft-outputformat": SPEECH_OUTPUT_FORMAT,
        "user-agent": "atendechat",
      },
      body: ssmlOf(req.voice, req.text),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      return { ok: false, reason: `HTTP ${res.status}` };
    }
    const type = res.headers.get("content-type") ?? "";
    if (type && !/^(audio|application\/octet-stream)/i.test(type)) {
      await res.body?.cancel().catch(() => {});
      return { ok: false, reason: `not audio (${type})` };
    }
    const audio = await readBoundedBytes(res, MAX_SPEECH_BYTES + 1);
    if (audio.byteLength > MAX_SPEECH_BYTES) return { ok: false, reason: "audio too large" };
    if (!audio.byteLength) return { ok: false, reason: "empty audio" };
    return { ok: true, audio };
  } catch (err) {
    return { ok: false, reason: err instanceof Error ? `${err.name}: ${err.message}` : String(err) };
  }
}
