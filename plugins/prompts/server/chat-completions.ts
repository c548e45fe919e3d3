import type { OutboundGuard } from "../../../core/net/outbound-guard.ts";

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface ChatRequest {
  baseUrl: string;
  apiKey: string;
  model: string;
  messages: ChatMessage[];
  maxTokens: number;
  temperature: number;
}

export type ChatResult =
  | { ok: true; text: string; usage: { promptTokens: number; completionTokens: number } }
  /** Why no answer came: shown in the log, never to the customer. */
  | { ok: false; reason: string };

/** How long one answer may take before the customer gets the fallback. */
export const CHAT_TIMEOUT_MS = 30_000;
/** Bytes read of an answer at most: a larger body is cut (and then rarely parses). */
const MAX_BODY_BYTES = 256 * 1024;
/** Characters of the answer sent to the customer at most (a WhatsApp message holds 65,536). */
export const MAX_ANSWER_CHARS = 4_000;

/** At most `max` bytes of a response body (the rest is not read): an outside service never fills our memory. */
export async function readBoundedBytes(res: Response, max: number): Promise<Uint8Array> {
  if (!res.body) return new Uint8Array(0);
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < max) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  await reader.cancel().catch(() => {});
  const all = new Uint8Array(Math.min(size, max));
  let at = 0;
  for (const c of chunks) {
    const part = c.subarray(0, Math.max(0, all.length - at));
    all.set(part, at);
    at += part.length;
  }
  return all;
}

const readBounded = async (res: Response, max: number) => new TextDecoder().decode(await readBoundedBytes(res, max));

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? Math.floor(v) : 0);

/**
 * One call of an OpenAI-compatible `POST {base}/chat/completions` through the SSRF guard, with
 * a timeout; the answer's first choice, trimmed. Never throws: a refused address, a network
 * error, a timeout, a non-2xx, malformed JSON or an empty answer are `{ ok: false }`.
 */
export async function chatCompletion(outbound: Pick<OutboundGuard, "fetch">, req: ChatRequest, timeoutMs = CHAT_TIMEOUT_MS): Promise<ChatResult> {
  const url = `${req.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  const body = JSON.stringify({ model: req.model, messages: req.messages, max_tokens: req.maxTokens, temperature: req.temperature });
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const res = await outbound.fetch(url, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${req.apiKey}` }, body, signal });
    const raw = await readBounded(res, MAX_BODY_BYTES);
    if (!res.ok) return { ok: false, reason: `HTTP ${res.status}` };
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return { ok: false, reason: "malformed JSON" };
    }
    const answer = parsed as { choices?: { message?: { content?: unknown } }[]; usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } };
    const content = answer?.choices?.[0]?.message?.content;
    if (typeof content !== "string" || !content.trim()) return { ok: false, reason: "no answer in the response" };
    return {
      ok: true,
      text: content.trim().slice(0, MAX_ANSWER_CHARS),
      usage: { promptTokens: num(answer.usage?.prompt_tokens), completionTokens: num(answer.usage?.completion_tokens) },
    };
  } catch (err) {
    return { ok: false, reason: err instanceof Error ? `${err.name}: ${err.message}` : String(err) };
  }
}
