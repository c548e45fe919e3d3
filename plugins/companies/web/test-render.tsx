import type { ReactElement } from "react";
import { renderWithProviders, testUser } from "../../../web/src/test/render.tsx";
import type { SessionUser } from "../../../web/src/session/types.ts";
import plugin from "./index.ts";

/** A super user of company 1 by default; `companyId`/`super` make an admin of another company. */
export function sessionUser(over: { super?: boolean; companyId?: number } = {}): SessionUser {
  const companyId = over.companyId ?? 1;
  return testUser({
    super: over.super ?? true,
    companyId,
    company: { id: companyId, dueDate: companyId === 1 ? "2999-12-31" : "2999-01-01", settings: [{ key: "scheduleType", value: "company" }] },
  });
}

/** The shell's providers with this plugin's translations and a session (super user of company 1 unless given). */
export function renderCompanies(ui: ReactElement, options: { user?: SessionUser; path?: string } = {}) {
  return renderWithProviders(ui, { session: options.user ?? sessionUser(), route: options.path ?? "/companies", plugins: [plugin] });
}

/** A fetch stub answering by "METHOD /path" with JSON; records every call with its parsed body. */
export function stubApi(routes: Record<string, (body: unknown, url: URL) => { status?: number; body: unknown }>) {
  const calls: { method: string; path: string; search: string; body: unknown }[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(req.url, "http://localhost");
    const text = req.method === "GET" ? "" : await req.text();
    const body = text ? JSON.parse(text) : undefined;
    calls.push({ method: req.method, path: url.pathname, search: url.search, body });
    const handler = routes[`${req.method} ${url.pathname}`];
    const answer = handler ? handler(body, url) : { status: 404, body: { error: "ERR_NOT_FOUND" } };
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { "content-type": "application/json" } });
  };
  return { fetch: fetchStub, calls };
}
