import type { CompanyAccessState } from "../auth/company-access.ts";
import { currentUser } from "../auth/current-user.ts";
import { refreshAccepted } from "../auth/refresh-rotation.ts";
import { ACCESS_TOKEN_SECONDS, readAccessToken, readRefreshToken, REFRESH_COOKIE } from "../auth/tokens.ts";
import type { Db } from "../db/database.ts";
import type { UserRow } from "../db/rows.ts";
import type { ErrorCode } from "../errors.ts";

export interface SocketAdmissionDeps {
  jwtSecret: string;
  /** The refresh cookie's secret: a handshake without a token may bring the cookie instead. */
  refreshSecret: string;
  db: Db;
  companyState: (companyId: number) => Promise<CompanyAccessState>;
  /** The web app's origin when it is served elsewhere: a cookie handshake may come from it too. */
  corsOrigin?: string;
  /** Proxies believed (TRUST_PROXY's hop count): their `X-Forwarded-Host` names our host. */
  trustProxy?: number;
}

/** What admission reads of a Socket.IO handshake (`socket.handshake`). */
export interface HandshakeCredentials {
  auth: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * A socket let in: the user as the database has them now, when its right to stay ends (ms
 * since the epoch), and what it proved it with (a cookie socket is renewed by reconnecting,
 * which sends the browser's current cookie).
 */
export type SocketAdmission = { user: UserRow; expiresAt: number; via: "token" | "cookie" } | { refused: ErrorCode };

/**
 * Decides a handshake. The credential is the access token, read from `auth.token`, then
 * `query.token`, then `Authorization: Bearer`; without any, the refresh cookie `jrt` of the
 * handshake's Cookie header (how the original web client, which sends only `query.userId`,
 * is authenticated when served from our origin). A cookie is checked as
 * `/auth/refresh_token` checks it (signature, token version within the rotation grace, user)
 * but neither rotated nor consumed, and only from our own origin (or FRONTEND_URL): a
 * browser sends it wherever a page opens the socket from, so another site must not ride it.
 * The same checks as HTTP's `authenticate` follow (core/http/guard.ts), so a socket is never
 * worth more than the session is over HTTP: a user who no longer exists (or moved company) is
 * `ERR_INVALID_TOKEN`; a disabled company is `ERR_COMPANY_INACTIVE` (except for super users).
 * A `query.userId` must name the authenticated user. No credential, or a missing, forged,
 * expired or revoked one, stays `ERR_SESSION_EXPIRED`, the realtime contract clients already
 * act on (refresh, then reconnect): a bare `query.userId` proves nothing. An overdue company
 * is let in: its customers' messages are still stored and its people still signed in (to
 * pay), so its sockets keep the session events; the HTTP routes are what the bill locks.
 */
export async function admitSocket(handshake: HandshakeCredentials, namespace: string, deps: SocketAdmissionDeps): Promise<SocketAdmission> {
  const token = accessTokenOf(handshake);
  const session = token ? await byToken(token, namespace, deps) : await byCookie(handshake, deps);
  if ("refused" in session) return session;
  const { user } = session;
  if (namespace !== `/${user.companyId}`) return { refused: "ERR_NO_PERMISSION" };
  const claimed = handshake.query.userId;
  if (claimed !== undefined && !absent(claimed) && claimed !== String(user.id)) return { refused: "ERR_NO_PERMISSION" };
  // Super users are never blocked, as over HTTP (core/auth/company-gate.ts): they run the platform.
  if (!user.super && (await deps.companyState(user.companyId)) === "disabled") return { refused: "ERR_COMPANY_INACTIVE" };
  return session;
}

async function byToken(token: string, namespace: string, deps: SocketAdmissionDeps): Promise<SocketAdmission> {
  const claims = await readAccessToken(token, deps.jwtSecret);
  if (!claims) return { refused: "ERR_SESSION_EXPIRED" };
  // Before any read: another company's namespace is refused whoever the user is.
  if (namespace !== `/${claims.companyId}`) return { refused: "ERR_NO_PERMISSION" };
  const user = await currentUser(deps.db, claims.sub);
  if (!user || user.companyId !== claims.companyId) return { refused: "ERR_INVALID_TOKEN" };
  return { user, expiresAt: claims.exp * 1000, via: "token" };
}

async function byCookie(handshake: HandshakeCredentials, deps: SocketAdmissionDeps): Promise<SocketAdmission> {
  const cookie = cookieOf(header(handshake.headers, "cookie"), REFRESH_COOKIE);
  if (!cookie) return { refused: "ERR_SESSION_EXPIRED" };
  if (!fromOurOrigin(handshake.headers, deps)) return { refused: "ERR_NO_PERMISSION" };
  const claims = await readRefreshToken(cookie, deps.refreshSecret);
  const user = claims ? await currentUser(deps.db, claims.sub) : null;
  if (!claims || !user || !refreshAccepted(user, claims, Date.now())) return { refused: "ERR_SESSION_EXPIRED" };
  // Worth what /auth/refresh_token would have given for it: one access token's lifetime.
  return { user, expiresAt: Date.now() + ACCESS_TOKEN_SECONDS * 1000, via: "cookie" };
}

/** The access token from the first of the usual places that holds one. */
function accessTokenOf({ auth, query, headers }: HandshakeCredentials): string {
  if (typeof auth?.token === "string" && auth.token) return auth.token;
  if (typeof query.token === "string" && query.token) return query.token;
  return /^Bearer\s+(\S+)$/i.exec(header(headers, "authorization") ?? "")?.[1] ?? "";
}

/** Clients that build the query from possibly missing values send these for "no user id". */
const absent = (value: unknown) => value === "" || value === "undefined" || value === "null";

function header(headers: HandshakeCredentials["headers"], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(name === "cookie" ? "; " : ", ") : value;
}

function cookieOf(cookieHeader: string | undefined, name: string): string | undefined {
  for (const part of cookieHeader?.split(";") ?? []) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim() || undefined;
  }
  return undefined;
}

/**
 * Whether a cookie handshake comes from a page of ours. Browsers send `Origin` on every
 * WebSocket and cross-origin request (a same-origin polling GET may omit it; so do
 * non-browser clients, which hold the cookie themselves): it must be FRONTEND_URL or name the
 * host the request was sent to (a trusted proxy's `X-Forwarded-Host`, else `Host`).
 */
function fromOurOrigin(headers: HandshakeCredentials["headers"], deps: SocketAdmissionDeps): boolean {
  const origin = header(headers, "origin");
  if (origin === undefined) return true;
  if (deps.corsOrigin && origin === deps.corsOrigin) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  const hops = deps.trustProxy ?? 0;
  const forwarded = hops > 0 ? (header(headers, "x-forwarded-host") ?? "").split(",").map((h) => h.trim()) : [];
  const ours = forwarded.length && forwarded[0] ? forwarded[Math.max(0, forwarded.length - hops)] : header(headers, "host");
  return !!ours && ours.toLowerCase() === host.toLowerCase();
}
