import type { OutboundGuard } from "../../../core/net/outbound-guard.ts";
import { readBoundedBytes } from "./chat-completions.ts";

export interface TranscriptionRequest {
  /** OPENAI_API_URL. */
  baseUrl: string;
  apiKey: string;
  audio: Uint8Array;
  fileName: string;
  mimetype: string;
}

export type TranscriptionResult = { ok: true; text: string } | { ok: false; reason: string };

/** The model name of OpenAI's speech-to-text (compatible servers accept it too). */
export const TRANSCRIPTION_MODEL = "whisper-1";
/** A transcript longer than this is cut (the chat's context has its own limits). */
const MAX_TRANSCRIPT_CHARS = 4_000;

/**
 * One call of an OpenAI-compatible `POST {base}/audio/transcriptions` (multipart `file` +
 * `model`, bearer key; answers `{ text }`) through the SSRF guard, with a timeout. Never
 * throws: every failure is `{ ok: false }`.
 */
export async function transcribeAudio(outbound: Pick<OutboundGuard, "fetch">, req: TranscriptionRequest, timeoutMs: number): Promise<TranscriptionResult> {
  const form = new FormData();
  form.append("file", new File([req.audio as Uint8Array<ArrayBuffer>], req.fileName, { type: req.mimetype }));
  form.append("model", TRANSCRIPTION_MODEL);
  try {
    const res = await outbound.fetch(`${req.baseUrl.replace(/\/+$/, "")}/audio/transcriptions`, {
      method: "POST",
      headers: { authorization: `Bearer ${req.apiKey}` },
      body: form,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const raw = new TextDecoder().decode(await readBoundedBytes(res, 64 * 1024));
    if (!res.ok) return { ok: false, reason: `HTTP ${res.status}` };
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return { ok: false, reason: "malformed JSON" };
    }
    const text = (parsed as { text?: unknown })?.text;
    if (typeof text !== "string" || !text.trim()) return { ok: false, reason: "no text in the response" };
    return { ok: true, text: text.trim().slice(0, MAX_TRANSCRIPT_CHARS) };
  } catch (err) {
    return { ok: false, reason: err instanceof Error ? `${err.name}: ${err.message}` : String(err) };
  }
}
