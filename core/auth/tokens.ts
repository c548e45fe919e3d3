import { sign, verify } from "hono/jwt";

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_SECONDS = 7 * 24 * 60 * 60;
export const REFRESH_COOKIE = "jrt";

export interface AccessClaims {
  sub: number;
  companyId: number;
  profile: "user" | "admin";
  super: boolean;
}

export interface RefreshClaims {
  sub: number;
  tokenVersion: number;
}

const now = () => Math.floor(Date.now() / 1000);

export function signAccessToken(claims: AccessClaims, secret: string): Promise<string> {
  return sign({ ...claims, iat: now(), exp: now() + ACCESS_TOKEN_SECONDS }, secret, "HS256");
}

export function signRefreshToken(claims: RefreshClaims, secret: string): Promise<string> {
  return sign({ ...claims, iat: now(), exp: now() + REFRESH_TOKEN_SECONDS }, secret, "HS256");
}

/** A verified access token's claims with its expiry (seconds since the epoch), so holders of long-lived connections can drop them on time. */
export interface VerifiedAccessClaims extends AccessClaims {
  exp: number;
}

/** Returns the claims, or null for a token that is malformed, forged, expired or never expires (we sign none without `exp`). */
export async function readAccessToken(token: string, secret: string): Promise<VerifiedAccessClaims | null> {
  try {
    const p = await verify(token, secret, "HS256");
    if (typeof p.sub !== "number" || typeof p.companyId !== "number" || typeof p.exp !== "number") return null;
    return { sub: p.sub, companyId: p.companyId, profile: p.profile === "admin" ? "admin" : "user", super: p.super === true, exp: p.exp };
  } catch {
    return null;
  }
}

export async function readRefreshToken(token: string, secret: string): Promise<RefreshClaims | null> {
  try {
    const p = await verify(token, secret, "HS256");
    if (typeof p.sub !== "number" || typeof p.tokenVersion !== "number") return null;
    return { sub: p.sub, tokenVersion: p.tokenVersion };
  } catch {
    return null;
  }
}
