import { hmacSha256Hex } from "../../../core/auth/hmac.ts";

/**
 * A small client for Meta's Graph API: one base URL (META_GRAPH_URL, a local stand-in in
 * tests), the access token as a bearer header (never in URLs, so it stays out of logs),
 * `appsecret_proof` when the app secret is known (Meta's protection for tokens used from
 * a server), a timeout on every call, and Graph's JSON errors turned into GraphError.
 */
export interface GraphOptions {
  baseUrl: string;
  appSecret?: string;
  timeoutMs?: number;
}

export interface GraphCall {
  method?: "GET" | "POST" | "DELETE";
  token?: string;
  query?: Record<string, string | undefined>;
  /** A JSON body, or FormData for uploads. */
  body?: unknown;
}

/** Graph's error object (`{ error: { message, type, code, error_subcode, fbtrace_id } }`) with the HTTP status. */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    readonly subcode: number | null,
    message: string,
  ) {
    super(message);
    this.name = "GraphError";
  }

  /** 190 is an invalid or expired token; 102 a session problem: the caller's credentials are bad. */
  get badToken(): boolean {
    return this.code === 190 || this.code === 102 || this.status === 401;
  }

  /**
   * Errors that sending again will not fix: a 4xx other than throttling (429, Graph codes
   * 4, 17, 32, 613, 80007 are rate limits) and other than timeouts (status 0 is ours).
   */
  get permanent(): boolean {
    if (this.status < 400 || this.status >= 500 || this.status === 429) return false;
    return !(this.code !== null && [1, 2, 4, 17, 32, 341, 613, 80007, 130429, 131048, 131056].includes(this.code));
  }
}

export class GraphClient {
  private readonly base: string;
  private readonly timeoutMs: number;

  constructor(private options: GraphOptions) {
    this.base = options.baseUrl.replace(/\/+$/, "");
    this.timeoutMs = options.timeoutMs ?? 15_000;
  }

  /** Calls `path` (e.g. `/me/accounts`) and answers its JSON; throws GraphError on any failure. */
  async call<T = Record<string, unknown>>(path: string, call: GraphCall = {}): Promise<T> {
    const url = new URL(this.base + (path.startsWith("/") ? path : `/${path}`));
    for (const [k, v] of Object.entries(call.query ?? {})) if (v !== undefined) url.searchParams.set(k, v);
    const headers: Record<string, string> = { accept: "application/json" };
    if (call.token) {
      headers.authorization = `Bearer ${call.token}`;
      if (this.options.appSecret) url.searchParams.set("appsecret_proof", await appSecretProof(call.token, this.options.appSecret));
    }
    let body: BodyInit | undefined;
    if (call.body instanceof FormData) body = call.body;
    else if (call.body !== undefined) {
      body = JSON.stringify(call.body);
      headers["content-type"] = "application/json";
    }
    let res: Response;
    try {
      res = await fetch(url, { method: call.method ?? (body ? "POST" : "GET"), headers, body, redirect: "error", signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (err) {
      throw new GraphError(0, null, null, `Graph API unreachable: ${err instanceof Error ? err.message : String(err)}`);
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: only acceptable for a success without a body.
    }
    const error = (json as { error?: { message?: unknown; code?: unknown; error_subcode?: unknown } } | null)?.error;
    if (!res.ok || error) {
      const code = typeof error?.code === "number" ? error.code : null;
      const subcode = typeof error?.error_subcode === "number" ? error.error_subcode : null;
      const message = typeof error?.message === "string" ? error.message : `HTTP ${res.status}`;
      throw new GraphError(res.ok ? 400 : res.status, code, subcode, `Graph API ${path}: ${message}`);
    }
    if (json === null || typeof json !== "object") throw new GraphError(502, null, null, `Graph API ${path}: not a JSON answer`);
    return json as T;
  }

  /**
   * Downloads a file (an attachment URL from a webhook, or a Cloud API media URL with its
   * token), refusing more than `maxBytes` without buffering it all.
   */
  async download(url: string, maxBytes: number, token?: string): Promise<{ data: Uint8Array; mimetype: string }> {
    let res: Response;
    try {
      res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: AbortSignal.timeout(60_000) });
    } catch (err) {
      throw new GraphError(0, null, null, `media download failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (!res.ok || !res.body) throw new GraphError(res.status, null, null, `media download failed: HTTP ${res.status}`);
    const declared = Number(res.headers.get("content-length") ?? "0");
    if (declared > maxBytes) {
      await res.body.cancel();
      throw new MediaTooLarge(maxBytes);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw new MediaTooLarge(maxBytes);
      }
      chunks.push(value);
    }
    const data = new Uint8Array(size);
    let at = 0;
    for (const c of chunks) {
      data.set(c, at);
      at += c.byteLength;
    }
    const mimetype = (res.headers.get("content-type") ?? "application/octet-stream").split(";")[0]!.trim() || "application/octet-stream";
    return { data, mimetype };
  }
}

/** A file above the downloadLimit setting: the message is kept without it. */
export class MediaTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`media above ${maxBytes} bytes`);
    this.name = "MediaTooLarge";
  }
}

/** HMAC-SHA256 of the token keyed with the app secret, hex (Graph's `appsecret_proof`). */
export async function appSecretProof(token: string, secret: string): Promise<string> {
  return hmacSha256Hex(secret, token);
}
