import type { CompanyAccessState } from "../auth/company-access.ts";
import { currentUser } from "../auth/current-user.ts";
import { readAccessToken } from "../auth/tokens.ts";
import type { Db } from "../db/database.ts";
import type { UserRow } from "../db/rows.ts";
import type { ErrorCode } from "../errors.ts";

export interface SocketAdmissionDeps {
  jwtSecret: string;
  db: Db;
  companyState: (companyId: number) => Promise<CompanyAccessState>;
}

/** A socket let in: the user as the database has them now, and when its token expires (ms since the epoch). */
export type SocketAdmission = { user: UserRow; expiresAt: number } | { refused: ErrorCode };

/**
 * Decides a handshake. The same checks as HTTP's `authenticate` (core/http/guard.ts), so a
 * socket is never worth more than the token is over HTTP: a user who no longer exists (or
 * moved company) is `ERR_INVALID_TOKEN`; a disabled company is `ERR_COMPANY_INACTIVE` (except
 * for super users).
 * A missing, forged or expired token stays `ERR_SESSION_EXPIRED`, the realtime contract
 * clients already act on (refresh, then reconnect). An overdue company is let in: its
 * customers' messages are still stored and its people still signed in (to pay), so its
 * sockets keep the session events; the HTTP routes are what the bill locks.
 */
export async function admitSocket(token: string, namespace: string, deps: SocketAdmissionDeps): Promise<SocketAdmission> {
  const claims = token ? await readAccessToken(token, deps.jwtSecret) : null;
  if (!claims) return { refused: "ERR_SESSION_EXPIRED" };
  // Before any read: another company's namespace is refused whoever the user is.
  if (namespace !== `/${claims.companyId}`) return { refused: "ERR_NO_PERMISSION" };
  const user = await currentUser(deps.db, claims.sub);
  if (!user || user.companyId !== claims.companyId) return { refused: "ERR_INVALID_TOKEN" };
  // Super users are never blocked, as over HTTP (core/auth/company-gate.ts): they run the platform.
  if (!user.super && (await deps.companyState(user.companyId)) === "disabled") return { refused: "ERR_COMPANY_INACTIVE" };
  return { user, expiresAt: claims.exp * 1000 };
}
