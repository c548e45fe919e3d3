import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import type { UserRow } from "../db/rows.ts";
import { users } from "../db/tables.ts";
import { currentUser } from "./current-user.ts";
import type { RefreshClaims } from "./tokens.ts";

/**
 * How long a refresh token keeps working after a refresh replaced it: one page firing several
 * refreshes at once (tabs, parallel 403s, the socket) must not log itself out by racing.
 */
export const REFRESH_GRACE_MS = 30_000;

/**
 * Whether presented refresh claims still open a session: the current token version, or the
 * version just before it while the last bump was a refresh less than the grace ago. Any other
 * bump (login, logout, password change) moves the version past `refreshRotatedTo`, which ends
 * the grace at once.
 */
export function refreshAccepted(user: UserRow, claims: RefreshClaims, now: number): boolean {
  if (claims.tokenVersion === user.tokenVersion) return true;
  return (
    claims.tokenVersion === user.tokenVersion - 1 &&
    user.refreshRotatedTo === user.tokenVersion &&
    user.refreshRotatedAt !== null &&
    now - user.refreshRotatedAt <= REFRESH_GRACE_MS
  );
}

/**
 * Redeems a refresh token: the current one is rotated (the version moves on, so that token
 * stops working after the grace), a just-replaced one within the grace gets the current version
 * without rotating again (so parallel refreshes all end with the same, live cookie). Returns the
 * user row to sign the new cookie for, or null for a token that no longer opens a session.
 * @example const user = await redeemRefreshToken(kernel.db, claims); if (!user) throw new AppError("ERR_SESSION_EXPIRED");
 */
export async function redeemRefreshToken(db: Db, claims: RefreshClaims): Promise<UserRow | null> {
  const user = await currentUser(db, claims.sub);
  const now = Date.now();
  if (!user || !refreshAccepted(user, claims, now)) return null;
  if (claims.tokenVersion !== user.tokenVersion) return user;
  // One statement, so two refreshes racing on the same token rotate once: SET reads the old row.
  const [rotated] = await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, refreshRotatedTo: sql`${users.tokenVersion} + 1`, refreshRotatedAt: now })
    .where(and(eq(users.id, user.id), eq(users.tokenVersion, claims.tokenVersion)))
    .returning();
  if (rotated) return rotated;
  // Another refresh rotated first: this token is now the previous one, within the grace.
  const fresh = await currentUser(db, claims.sub);
  return fresh && refreshAccepted(fresh, claims, Date.now()) ? fresh : null;
}
