import { vi } from "vitest";

export interface StubCall {
  method: string;
  path: string;
  search: string;
  body: unknown;
}
type Answer = { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

/**
 * A fetch stand-in answering by "METHOD /path" and recording every call with its body
 * (JSON parsed; multipart kept as FormData).
 */
export function stubApi(routes: Record<string, (body: unknown, call: StubCall) => Answer>) {
  const calls: StubCall[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(req.url, "http://localhost");
    let body: unknown;
    if (req.method !== "GET") {
      const type = req.headers.get("content-type") ?? "";
      body = type.includes("multipart/form-data") ? await req.formData() : await req.text().then((t) => (t ? JSON.parse(t) : undefined));
    }
    const call = { method: req.method, path: url.pathname, search: url.search, body };
    calls.push(call);
    const handler = routes[`${req.method} ${url.pathname}`];
    const answer = await (handler ? handler(body, call) : { status: 404, body: { error: "ERR_NOT_FOUND" } });
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { "content-type": "application/json" } });
  });
  return { fetch: fetchStub, calls };
}
