import { api, apiBase, sessionHooks, tokenStore } from "../api/api.ts";
import type { AppDispatch, AppStore } from "../store/store.ts";
import { clearSessionStorage, saveSessionLocals } from "./local-keys.ts";
import { signedIn, signedOut } from "./session-slice.ts";
import type { SessionUser } from "./types.ts";

/** The error an auth call failed with, shaped like RTK Query's so `toastError` reads it the same way. */
export class AuthCallError extends Error {
  constructor(
    readonly status: number | "FETCH_ERROR",
    readonly data: unknown,
  ) {
    super(typeof data === "object" && data && "error" in data ? String((data as { error: unknown }).error) : `HTTP ${status}`);
  }
}

async function authCall(path: string, init: RequestInit): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(`${apiBase}${path}`, {
      credentials: "include",
      ...init,
      headers: { accept: "application/json", ...(init.body ? { "content-type": "application/json" } : {}), ...init.headers },
    });
  } catch (err) {
    throw new AuthCallError("FETCH_ERROR", { error: String(err) });
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) throw new AuthCallError(res.status, body);
  return body;
}

/** Stores what the spec keeps locally and puts the user in the store. */
export function startSession(token: string, user: SessionUser, fresh: boolean) {
  return (dispatch: AppDispatch) => {
    saveSessionLocals(token, user);
    dispatch(signedIn({ token, user, fresh }));
  };
}

/** Ends the session locally: storage keys, cached API data, the user in the store. */
export function endSession() {
  return (dispatch: AppDispatch) => {
    clearSessionStorage();
    dispatch(signedOut());
    dispatch(api.util.resetApiState());
  };
}

/** Startup: the refresh cookie (if any) restores the session without asking for the password again. */
export function bootSession() {
  return async (dispatch: AppDispatch) => {
    try {
      const body = (await authCall("/auth/refresh_token", { method: "POST" })) as { token: string; user: SessionUser };
      dispatch(startSession(body.token, body.user, true));
    } catch {
      dispatch(endSession());
    }
  };
}

/** POST /auth/login with the e-mail lowercased (spec 001 §2). Throws AuthCallError on failure. */
export function login(email: string, password: string) {
  return async (dispatch: AppDispatch) => {
    const body = (await authCall("/auth/login", {
      method: "POST",
      body: JSON.stringify({ email: email.trim().toLowerCase(), password }),
    })) as { token: string; user: SessionUser };
    dispatch(startSession(body.token, body.user, true));
    return body.user;
  };
}

/** DELETE /auth/logout (best effort: the local session ends even if the server is unreachable). */
export function logout() {
  return async (dispatch: AppDispatch) => {
    const token = tokenStore.get();
    await authCall("/auth/logout", { method: "DELETE", headers: token ? { authorization: `Bearer ${token}` } : {} }).catch(() => {});
    dispatch(endSession());
  };
}

/** Connects the API layer's session hooks (401 -> logout, refresh -> new token) to a store. */
export function installSessionHooks(store: AppStore): void {
  sessionHooks.onExpired = () => {
    if (store.getState().session.status !== "anonymous") store.dispatch(endSession());
  };
  sessionHooks.onRefreshed = (token, user) => {
    store.dispatch(startSession(token, user as SessionUser, false));
  };
}
