import { setCookie } from "hono/cookie";
import type { Context } from "hono";
import { REFRESH_COOKIE, REFRESH_TOKEN_SECONDS, signRefreshToken } from "../../../core/auth/tokens.ts";
import type { UserRow } from "../../../core/db/rows.ts";

/**
 * Re-issues the caller's refresh cookie after their own token version moved (own password
 * or profile change), with the attributes the kernel's login uses. Other sessions stay revoked.
 */
export async function renewRefreshCookie(c: Context, user: UserRow): Promise<void> {
  const token = await signRefreshToken({ sub: user.id, tokenVersion: user.tokenVersion }, c.get("kernel").secrets.jwtRefresh);
  setCookie(c, REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    path: "/",
    secure: new URL(c.req.url).protocol === "https:",
    maxAge: REFRESH_TOKEN_SECONDS,
  });
}
