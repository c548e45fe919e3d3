import { vi } from "vitest";

/** One request as the stub saw it. */
export interface StubCall {
  method: string;
  path: string;
  /** The query string with its "?" ("" when there is none). */
  search: string;
  /** The JSON body parsed, multipart kept as FormData, undefined without a body. */
  body: unknown;
  url: URL;
}

export interface StubAnswer {
  status?: number;
  body: unknown;
}

export type StubHandler = (body: unknown, call: StubCall) => StubAnswer | Promise<StubAnswer>;

/** What a request no route answers gets back. */
const NOT_FOUND: StubAnswer = { status: 404, body: { error: "ERR_NOT_FOUND" } };

/** The handler for a request: the exact "METHOD /path", else the longest "METHOD /prefix/*" that covers it. */
function findHandler(routes: Record<string, StubHandler>, method: string, path: string): StubHandler | undefined {
  const exact = routes[`${method} ${path}`];
  if (exact) return exact;
  const prefixes = Object.keys(routes)
    .filter((key) => key.endsWith("/*") && `${method} ${path}`.startsWith(key.slice(0, -1)))
    .sort((a, b) => b.length - a.length);
  return prefixes[0] ? routes[prefixes[0]] : undefined;
}

async function readBody(req: Request): Promise<unknown> {
  if (req.method === "GET") return undefined;
  const type = req.headers.get("content-type") ?? "";
  if (type.includes("multipart/form-data")) return req.formData();
  const text = await req.text();
  return text ? JSON.parse(text) : undefined;
}

/**
 * A fetch stand-in for component tests: answers JSON by "METHOD /path" (a key ending in "/*"
 * covers every path below it; anything else gets 404 ERR_NOT_FOUND) and records every call.
 * `fetch` is a vi.fn, so a test can still `mockImplementationOnce` it.
 * @example
 *   const api = stubApi({ "GET /plans/all": () => ({ body: [] }), "DELETE /plans/*": (_b, call) => ({ body: { id: call.path } }) });
 *   vi.stubGlobal("fetch", api.fetch);
 *   ...
 *   expect(api.calls.find((c) => c.method === "DELETE")?.path).toBe("/plans/2");
 */
export function stubApi(routes: Record<string, StubHandler>) {
  const calls: StubCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const req = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(req.url, "http://localhost");
    const body = await readBody(req);
    const call: StubCall = { method: req.method, path: url.pathname, search: url.search, body, url };
    calls.push(call);
    const handler = findHandler(routes, req.method, url.pathname);
    const answer = handler ? await handler(body, call) : NOT_FOUND;
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { "content-type": "application/json" } });
  });
  return { fetch, calls };
}
