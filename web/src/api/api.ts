import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from "@reduxjs/toolkit/query/react";
import type { z } from "@hono/zod-openapi";
import type { MessageSchema } from "../../../core/http/schemas.ts";

/** The kernel's `{ message }` answer (deletes, password reset), typed from its zod schema. */
export type MessageAnswer = z.infer<typeof MessageSchema>;

/** The token lives in localStorage under "token" (the spec's key), JSON-encoded as its ancestors did. */
export const tokenStore = {
  get(): string | null {
    const raw = localStorage.getItem("token");
    if (!raw) return null;
    try {
      return JSON.parse(raw) as string;
    } catch {
      return raw;
    }
  },
  set(token: string) {
    localStorage.setItem("token", JSON.stringify(token));
  },
  clear() {
    localStorage.removeItem("token");
  },
};

/** Base URL of the API: same origin unless the build says otherwise. */
export const apiBase: string = (import.meta.env?.VITE_BACKEND_URL as string | undefined) ?? "";

const rawBaseQuery = fetchBaseQuery({
  baseUrl: apiBase,
  credentials: "include",
  prepareHeaders: (headers) => {
    const token = tokenStore.get();
    if (token) headers.set("authorization", `Bearer ${token}`);
    headers.set("accept", "application/json");
    return headers;
  },
});

/** Called when the session ends (401, or a refresh that failed); the shell sets it. */
export const sessionHooks: { onExpired: () => void; onRefreshed: (token: string, user: unknown) => void } = {
  onExpired: () => {},
  onRefreshed: () => {},
};

let refreshing: Promise<boolean> | null = null;
/** One refresh at a time: parallel 403s wait for the same refresh. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      const res = await fetch(`${apiBase}/auth/refresh_token`, { method: "POST", credentials: "include", headers: { accept: "application/json" } });
      if (!res.ok) return false;
      const body = (await res.json()) as { token: string; user: unknown };
      tokenStore.set(body.token);
      sessionHooks.onRefreshed(body.token, body.user);
      return true;
    } catch {
      return false;
    } finally {
      setTimeout(() => (refreshing = null), 0);
    }
  })();
  return refreshing;
}

const refreshCodes = new Set(["ERR_INVALID_TOKEN", "ERR_SESSION_EXPIRED"]);

/**
 * The spec's session rules: a 403 for a bad or expired token refreshes once and retries;
 * a 401 clears the session (logout). Other 403s (no permission) go straight to the caller.
 * A disabled company (403 ERR_COMPANY_INACTIVE) ends the session: a refresh would be refused
 * too. An overdue company's 402 ERR_SUBSCRIPTION_EXPIRED neither refreshes nor logs out:
 * the person stays signed in to reach billing, and the caller shows the message.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  let result = await rawBaseQuery(args, api, extra);
  const code = (result.error?.data as { error?: string } | undefined)?.error;
  if (result.error?.status === 403 && code && refreshCodes.has(code)) {
    if (await refreshSession()) result = await rawBaseQuery(args, api, extra);
  }
  if (result.error?.status === 401 || (result.error?.status === 403 && code === "ERR_COMPANY_INACTIVE")) sessionHooks.onExpired();
  return result;
};

/**
 * The one RTK Query API. Plugins add endpoints with `api.injectEndpoints({...})` and tag
 * types with `api.enhanceEndpoints({ addTagTypes: [...] })`.
 */
export const api = createApi({
  reducerPath: "api",
  baseQuery,
  // Back online, or realtime back after a gap (RealtimeSession dispatches onOnline): events may
  // have been missed meanwhile, so every list on screen is read again.
  refetchOnReconnect: true,
  endpoints: () => ({}),
});
