import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installSessionHooks, startSession } from "../session/session-actions.ts";
import { makeStore } from "../store/store.ts";
import { testUser } from "../test/fixtures.ts";
import { api, tokenStore } from "./api.ts";

/** A throwaway endpoint to drive the base query through RTK Query like any plugin would. */
const probe = api.injectEndpoints({
  endpoints: (build) => ({ probe: build.query<unknown, string>({ query: (path) => path }) }),
  overrideExisting: true,
});

type Answer = { status: number; body: unknown };
const requests: { url: string; auth: string | null }[] = [];

function serve(answers: (url: string, auth: string | null) => Answer) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(new URL(String(input), "http://localhost"), init);
      const auth = req.headers.get("authorization");
      requests.push({ url: new URL(req.url).pathname, auth });
      const { status, body } = answers(new URL(req.url).pathname, auth);
      return Response.json(body, { status });
    }),
  );
}

function signedInStore() {
  const store = makeStore();
  installSessionHooks(store);
  store.dispatch(startSession("old-token", testUser(), true));
  return store;
}

beforeEach(async () => {
  requests.length = 0;
  // refreshSession() shares one refresh with calls of the same tick; let the previous test's expire.
  await new Promise((r) => setTimeout(r, 0));
});
afterEach(() => vi.unstubAllGlobals());

describe("base query: 403 refreshes once and retries", () => {
  it("an invalid token is refreshed and the call retried with the new one", async () => {
    serve((url, auth) => {
      if (url === "/auth/refresh_token") return { status: 200, body: { token: "new-token", user: testUser({ name: "Ana Renovada" }) } };
      return auth === "Bearer new-token" ? { status: 200, body: { ok: true } } : { status: 403, body: { error: "ERR_INVALID_TOKEN" } };
    });
    const store = signedInStore();
    const result = await store.dispatch(probe.endpoints.probe.initiate("/things"));
    expect(result.data).toEqual({ ok: true });
    expect(requests.map((r) => r.url)).toEqual(["/things", "/auth/refresh_token", "/things"]);
    expect(tokenStore.get()).toBe("new-token");
    expect(store.getState().session.token).toBe("new-token");
    expect(store.getState().session.user?.name).toBe("Ana Renovada");
  });

  it("parallel 403s share one refresh (the server rotates the cookie on each refresh)", async () => {
    serve((url, auth) => {
      if (url === "/auth/refresh_token") return { status: 200, body: { token: "new-token", user: testUser() } };
      return auth === "Bearer new-token" ? { status: 200, body: { url } } : { status: 403, body: { error: "ERR_INVALID_TOKEN" } };
    });
    const store = signedInStore();
    const results = await Promise.all(["/a", "/b", "/c"].map((path) => store.dispatch(probe.endpoints.probe.initiate(path))));
    expect(results.map((r) => r.data)).toEqual([{ url: "/a" }, { url: "/b" }, { url: "/c" }]);
    expect(requests.filter((r) => r.url === "/auth/refresh_token")).toHaveLength(1);
  });

  it("refreshes only once: a second 403 goes to the caller", async () => {
    serve((url) => (url === "/auth/refresh_token" ? { status: 200, body: { token: "new-token", user: testUser() } } : { status: 403, body: { error: "ERR_SESSION_EXPIRED" } }));
    const store = signedInStore();
    const result = await store.dispatch(probe.endpoints.probe.initiate("/still-refused"));
    expect(result.error).toMatchObject({ status: 403 });
    expect(requests.filter((r) => r.url === "/auth/refresh_token")).toHaveLength(1);
    expect(requests.filter((r) => r.url === "/still-refused")).toHaveLength(2);
  });

  it("a 403 for missing permission is not a token problem: no refresh", async () => {
    serve(() => ({ status: 403, body: { error: "ERR_NO_PERMISSION" } }));
    const store = signedInStore();
    const result = await store.dispatch(probe.endpoints.probe.initiate("/admin-only"));
    expect(result.error).toMatchObject({ status: 403, data: { error: "ERR_NO_PERMISSION" } });
    expect(requests.map((r) => r.url)).toEqual(["/admin-only"]);
    expect(store.getState().session.status).toBe("signedIn");
  });

  it("a failed refresh leaves the 403 with the caller", async () => {
    serve((url) => (url === "/auth/refresh_token" ? { status: 401, body: { error: "ERR_SESSION_EXPIRED" } } : { status: 403, body: { error: "ERR_INVALID_TOKEN" } }));
    const store = signedInStore();
    const result = await store.dispatch(probe.endpoints.probe.initiate("/x"));
    expect(result.error).toMatchObject({ status: 403 });
    expect(requests.map((r) => r.url)).toEqual(["/x", "/auth/refresh_token"]);
  });
});

describe("base query: 401 logs out", () => {
  it("clears the token, the spec's local keys and the session", async () => {
    serve(() => ({ status: 401, body: { error: "ERR_SESSION_EXPIRED" } }));
    const store = signedInStore();
    localStorage.setItem("cshow", "1");
    localStorage.setItem("language", "en");
    expect(localStorage.getItem("companyDueDate")).toBeTruthy();
    await store.dispatch(probe.endpoints.probe.initiate("/tickets"));
    expect(store.getState().session).toEqual({ status: "anonymous", token: null, user: null });
    for (const key of ["token", "profileImage", "companyDueDate", "cshow", "sendSignMessage"]) expect(localStorage.getItem(key)).toBeNull();
    // Preferences that are not part of the session stay.
    expect(localStorage.getItem("language")).toBe("en");
  });
});

describe("base query: the company's state", () => {
  it("a disabled company (403 ERR_COMPANY_INACTIVE) ends the session without trying a refresh", async () => {
    serve(() => ({ status: 403, body: { error: "ERR_COMPANY_INACTIVE" } }));
    const store = signedInStore();
    await store.dispatch(probe.endpoints.probe.initiate("/tickets"));
    expect(requests.map((r) => r.url)).toEqual(["/tickets"]);
    expect(store.getState().session).toEqual({ status: "anonymous", token: null, user: null });
    expect(tokenStore.get()).toBeNull();
  });

  it("an overdue company's 402 goes to the caller: no refresh, no logout (billing stays reachable)", async () => {
    serve(() => ({ status: 402, body: { error: "ERR_SUBSCRIPTION_EXPIRED" } }));
    const store = signedInStore();
    const results = await Promise.all(["/tickets", "/contacts"].map((path) => store.dispatch(probe.endpoints.probe.initiate(path))));
    for (const result of results) expect(result.error).toMatchObject({ status: 402, data: { error: "ERR_SUBSCRIPTION_EXPIRED" } });
    expect(requests.map((r) => r.url).sort()).toEqual(["/contacts", "/tickets"]);
    expect(store.getState().session.status).toBe("signedIn");
  });
});
