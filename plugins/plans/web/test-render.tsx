import type { ReactElement } from "react";
import { renderWithProviders, testUser } from "../../../web/src/test/render.tsx";
import plugin from "./index.ts";

/** The shell's providers with this plugin's translations and the platform super user signed in. */
export function renderPlans(ui: ReactElement) {
  return renderWithProviders(ui, { session: testUser({ super: true, companyId: 1, company: { id: 1, dueDate: "2999-12-31" } }), route: "/settings", plugins: [plugin] });
}

/** A fetch stub answering by "METHOD /path"; records the calls with their JSON bodies. */
export function stubApi(routes: Record<string, (body: unknown) => { status?: number; body: unknown }>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(req.url, "http://localhost").pathname;
    const text = req.method === "GET" ? "" : await req.text();
    const body = text ? JSON.parse(text) : undefined;
    calls.push({ method: req.method, path, body });
    const handler = routes[`${req.method} ${path}`];
    const answer = handler ? handler(body) : { status: 404, body: { error: "ERR_NOT_FOUND" } };
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { "content-type": "application/json" } });
  };
  return { fetch: fetchStub, calls };
}
