import type { OutboundGuard } from "../../../../core/net/outbound-guard.ts";

/** Why a call to an outside service (Typebot, n8n, Dialogflow) failed, in words a company can act on. */
export class ServiceCallError extends Error {
  constructor(
    message: string,
    /** The HTTP status, when the service answered one. */
    readonly status?: number,
  ) {
    super(message);
    this.name = "ServiceCallError";
  }
}

/** How long any outside call may take (INTEGRATIONS_TIMEOUT_MS, default 10 s): a hanging service never holds a bot turn. */
export const timeoutMs = (): number => {
  const n = Number(process.env.INTEGRATIONS_TIMEOUT_MS);
  return Number.isFinite(n) && n > 0 ? n : 10_000;
};

/** The biggest answer read from a service (1 MB): a runaway answer is refused, not buffered. */
const MAX_ANSWER_BYTES = 1024 * 1024;

/**
 * POSTs (or GETs) through the internal-address guard with a timeout, and answers the parsed
 * JSON; anything else (refused URL, network error, timeout, non-2xx, not JSON, too big) is a
 * ServiceCallError saying which.
 */
export async function callJson(guard: Pick<OutboundGuard, "fetch">, url: string, init: RequestInit & { json?: unknown } = {}): Promise<unknown> {
  const { json, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (json !== undefined && !headers.has("content-type")) headers.set("content-type", "application/json");
  headers.set("accept", "application/json");
  let res: Response;
  try {
    res = await guard.fetch(url, {
      method: "POST",
      ...rest,
      headers,
      body: json !== undefined ? JSON.stringify(json) : rest.body,
      signal: AbortSignal.timeout(timeoutMs()),
    });
  } catch (err) {
    const e = err as Error;
    if (e.name === "TimeoutError" || e.name === "AbortError") throw new ServiceCallError(`No answer within ${timeoutMs()} ms`);
    if (e.name === "OutboundRefusedError") throw new ServiceCallError(e.message);
    throw new ServiceCallError(`Unreachable: ${e.message}`);
  }
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    const e = err as Error;
    throw new ServiceCallError(e.name === "TimeoutError" || e.name === "AbortError" ? `No answer within ${timeoutMs()} ms` : `Unreadable answer: ${e.message}`);
  }
  if (text.length > MAX_ANSWER_BYTES) throw new ServiceCallError("Answer too large", res.status);
  if (!res.ok) throw new ServiceCallError(`HTTP ${res.status}${text ? `: ${text.slice(0, 200)}` : ""}`, res.status);
  if (!text.trim()) return null;
  try {
    return JSON.parse(text);
  } catch {
    throw new ServiceCallError("The answer is not JSON", res.status);
  }
}

/** The message of a failure, for logs and the test-session answer. */
export const failure = (err: unknown): string => (err instanceof Error ? err.message : String(err));
