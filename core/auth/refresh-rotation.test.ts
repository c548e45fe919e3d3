import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { ADMIN, createTestKernel, type TestKernel, type TestResponse } from "../../tests/support/test-kernel.ts";
import { users } from "../db/tables.ts";
import { REFRESH_GRACE_MS } from "./refresh-rotation.ts";
import { readRefreshToken } from "./tokens.ts";

let t: TestKernel;
beforeEach(async () => {
  t = await createTestKernel({ plugins: [] });
});
afterEach(async () => {
  vi.useRealTimers();
  await t.close();
});

const cookieOf = (res: TestResponse) => (res.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
const refresh = (cookie: string) => t.call("POST", "/auth/refresh_token", { headers: { cookie } });
const versionIn = async (cookie: string) => (await readRefreshToken(cookie.slice("jrt=".length), t.kernel.secrets.jwtRefresh))?.tokenVersion;
const currentVersion = async () => (await t.kernel.db.select().from(users).where(eq(users.id, 1)))[0]?.tokenVersion;
/** Only Date is faked: the database, hashing and HTTP keep their real timers. */
const skipPastGrace = () => vi.setSystemTime(Date.now() + REFRESH_GRACE_MS + 1000);

describe("refresh rotation: happy paths", () => {
  it("each refresh hands out a new cookie, which refreshes again", async () => {
    const { cookie } = await t.login();
    const first = await refresh(cookie);
    expect(first.status).toBe(200);
    const next = cookieOf(first);
    expect(next).toMatch(/^jrt=/);
    expect(next).not.toBe(cookie);
    expect((await refresh(next)).status).toBe(200);
  });

  it("parallel refreshes with one cookie all succeed, rotate once and hand out the live version", async () => {
    const { cookie } = await t.login();
    const before = await currentVersion();
    const answers = await Promise.all([refresh(cookie), refresh(cookie), refresh(cookie)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await currentVersion()).toBe((before ?? 0) + 1);
    for (const a of answers) expect(await versionIn(cookieOf(a))).toBe((before ?? 0) + 1);
  });

  it("a used cookie still works within the grace (a second tab refreshing a moment later)", async () => {
    const { cookie } = await t.login();
    const first = await refresh(cookie);
    const late = await refresh(cookie);
    expect(late.status).toBe(200);
    // The late one does not rotate again: both pages hold a live cookie.
    expect(await versionIn(cookieOf(late))).toBe(await versionIn(cookieOf(first)));
  });
});

describe("refresh rotation: security", () => {
  it("a used cookie stops working after the grace window; the new one goes on", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const { cookie } = await t.login();
    const next = cookieOf(await refresh(cookie));
    skipPastGrace();
    const stale = await refresh(cookie);
    expect(stale.status).toBe(401);
    expect(stale.body.error).toBe("ERR_SESSION_EXPIRED");
    expect((await refresh(next)).status).toBe(200);
  });

  it("a login ends the previous session at once, even a cookie just rotated", async () => {
    const first = await t.login();
    const rotated = cookieOf(await refresh(first.cookie));
    await t.login();
    expect((await refresh(first.cookie)).status).toBe(401);
    expect((await refresh(rotated)).status).toBe(401);
  });

  it("logout with only the bearer token revokes the refresh cookie", async () => {
    const { token, cookie } = await t.login();
    const out = await t.call("DELETE", "/auth/logout", { token });
    expect(out.status).toBe(200);
    expect((await refresh(cookie)).status).toBe(401);
  });

  it("logout with an invalid bearer and no cookie answers OK and revokes nothing", async () => {
    const { cookie } = await t.login();
    const out = await t.call("DELETE", "/auth/logout", { token: "ey.not.valid" });
    expect(out.status).toBe(200);
    expect((await refresh(cookie)).status).toBe(200);
  });

  it("the refresh token never shows in user payloads", async () => {
    const { token, cookie } = await t.login();
    await refresh(cookie);
    const me = await t.call("GET", "/auth/me", { token });
    expect(JSON.stringify(me.body)).not.toMatch(/refreshRotated|tokenVersion/);
  });
});

describe("refresh cookie: Secure", () => {
  const viaProxy = { headers: { "x-forwarded-proto": "https" }, remoteAddress: "10.0.0.1", body: ADMIN };

  it("is Secure when a trusted proxy says the client used HTTPS", async () => {
    const proxied = await createTestKernel({ plugins: [], env: { TRUST_PROXY: "1" } });
    try {
      const res = await proxied.call("POST", "/auth/login", viaProxy);
      expect(res.status).toBe(200);
      expect(res.headers.get("set-cookie")).toMatch(/;\s*Secure/i);
    } finally {
      await proxied.close();
    }
  });

  it("is not Secure when X-Forwarded-Proto comes from an untrusted peer", async () => {
    const res = await t.call("POST", "/auth/login", viaProxy);
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).not.toMatch(/Secure/i);
  });

  it("is Secure when the request itself came over HTTPS", async () => {
    const res = await t.call("POST", "https://app.example/auth/login", { body: ADMIN });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/;\s*Secure/i);
  });
});
