import { setCookie } from "hono/cookie";
import type { Context } from "hono";
import type { UserRow } from "../db/rows.ts";
import { requestIsHttps } from "../http/client-info.ts";
import { REFRESH_COOKIE, REFRESH_TOKEN_SECONDS, signRefreshToken } from "./tokens.ts";

/**
 * Sets the httpOnly refresh cookie `jrt` for the user's current token version. Login and
 * refresh use it, and so does a user changing their own password or profile (their token
 * version moved: this session stays, the others are revoked). `Secure` when the caller used
 * HTTPS, directly or through a proxy `TRUST_PROXY` trusts.
 */
export async function setRefreshCookie(c: Context, user: UserRow, secret: string): Promise<void> {
  const token = await signRefreshToken({ sub: user.id, tokenVersion: user.tokenVersion }, secret);
  setCookie(c, REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    path: "/",
    secure: requestIsHttps(c),
    maxAge: REFRESH_TOKEN_SECONDS,
  });
}
