import type { OpenAPIHono } from "@hono/zod-openapi";
import { eq, sql } from "drizzle-orm";
import { deleteCookie, getCookie } from "hono/cookie";
import type { Context } from "hono";
import { AppError } from "../errors.ts";
import type { AppEnv } from "../http/env.ts";
import { clientAddress } from "../http/client-info.ts";
import type { Kernel } from "../kernel.ts";
import { companies, users } from "../db/tables.ts";
import type { UserRow } from "../db/rows.ts";
import { hashPassword, needsRehash, UNKNOWN_USER_HASH, verifyPassword } from "./password.ts";
import { LoginLimiter } from "./login-limiter.ts";
import * as r from "./routes.ts";
import { setRefreshCookie } from "./refresh-cookie.ts";
import { redeemRefreshToken } from "./refresh-rotation.ts";
import { readAccessToken, readRefreshToken, REFRESH_COOKIE, signAccessToken } from "./tokens.ts";
import { withinWorkHours } from "./work-hours.ts";
import { ensureCompanyMaySignIn } from "./company-gate.ts";

/** Issues both tokens: the access token in the answer, the refresh token in the httpOnly cookie. */
async function issueSession(c: Context<AppEnv>, kernel: Kernel, user: UserRow) {
  const token = await signAccessToken({ sub: user.id, companyId: user.companyId, profile: user.profile, super: user.super }, kernel.secrets.jwt);
  await setRefreshCookie(c, user, kernel.secrets.jwtRefresh);
  return { token, user: await kernel.sessionUsers.build(user) };
}

export function registerAuthRoutes(app: OpenAPIHono<AppEnv>, kernel: Kernel) {
  const limiter = new LoginLimiter(kernel.config.LOGIN_RATE_LIMIT, kernel.config.LOGIN_RATE_WINDOW_SECONDS * 1000, kernel.limits);

  app.openapi(r.login, async (c) => {
    const { email, password } = c.req.valid("json");
    const ip = clientAddress(c);
    const lockedMs = await limiter.lockedFor(ip, email);
    if (lockedMs > 0) {
      c.header("Retry-After", String(Math.ceil(lockedMs / 1000)));
      throw new AppError("ERR_TOO_MANY_ATTEMPTS");
    }
    // A first boot stores the super admin's hash just after it starts serving (core/seed.ts).
    await kernel.adminPasswordStored();
    const [found] = await kernel.db.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
    // Verifying against a real hash when the e-mail is unknown keeps both paths equally slow.
    const ok = await verifyPassword(password, found?.passwordHash ?? UNKNOWN_USER_HASH);
    if (!found || !ok) {
      await limiter.failed(ip, email);
      throw new AppError("ERR_INVALID_CREDENTIALS");
    }
    await limiter.succeeded(ip, email);
    await ensureCompanyMaySignIn(kernel.companyAccess, found);
    if (!found.super && !withinWorkHours(found.startWork, found.endWork)) throw new AppError("ERR_OUT_OF_HOURS");
    // A new login revokes the previous session's refresh token and tells its page.
    // A bcrypt hash brought over by the Whaticket importer becomes argon2id at its first success.
    const rehashed = needsRehash(found.passwordHash) ? { passwordHash: await hashPassword(password) } : {};
    const [user] = await kernel.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1`, online: true, lastSeenAt: new Date().toISOString(), ...rehashed })
      .where(eq(users.id, found.id))
      .returning();
    await kernel.db.update(companies).set({ lastLogin: new Date().toISOString() }).where(eq(companies.id, found.companyId));
    kernel.realtime.emit(found.companyId, `company-${found.companyId}-auth`, { action: "update", user: { id: found.id } });
    await kernel.bus.emit("auth.user.loggedIn", { companyId: found.companyId, userId: found.id });
    return c.json(await issueSession(c, kernel, user as UserRow), 200);
  });

  app.openapi(r.refresh, async (c) => {
    const cookie = getCookie(c, REFRESH_COOKIE);
    const claims = cookie ? await readRefreshToken(cookie, kernel.secrets.jwtRefresh) : null;
    // Each use rotates the token (refresh-rotation.ts): a stolen, already used cookie soon stops working.
    const user = claims ? await redeemRefreshToken(kernel.db, claims) : null;
    if (!user) {
      deleteCookie(c, REFRESH_COOKIE, { path: "/" });
      throw new AppError("ERR_SESSION_EXPIRED");
    }
    await ensureCompanyMaySignIn(kernel.companyAccess, user);
    return c.json(await issueSession(c, kernel, user), 200);
  });

  app.openapi(r.logout, async (c) => {
    const cookie = getCookie(c, REFRESH_COOKIE);
    const claims = cookie ? await readRefreshToken(cookie, kernel.secrets.jwtRefresh) : null;
    // A page that lost its cookie (or never sends it) still signs out with its bearer token;
    // a bad bearer on this public route just revokes nothing.
    const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
    const access = bearer ? await readAccessToken(bearer, kernel.secrets.jwt) : null;
    for (const userId of new Set([claims?.sub, access?.sub].filter((id) => id !== undefined))) {
      const [user] = await kernel.db
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1`, online: false })
        .where(eq(users.id, userId))
        .returning();
      if (user) {
        kernel.realtime.emit(user.companyId, `company-${user.companyId}-user`, { action: "update", user: { id: user.id, online: false } });
        await kernel.bus.emit("auth.user.loggedOut", { companyId: user.companyId, userId: user.id });
      }
    }
    deleteCookie(c, REFRESH_COOKIE, { path: "/" });
    return c.json({ message: "OK" }, 200);
  });

  app.openapi(r.me, async (c) => c.json(await kernel.sessionUsers.build(c.get("user")), 200));
}
