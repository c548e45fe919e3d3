import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ADMIN, createTestKernel, type TestKernel } from "../../tests/support/test-kernel.ts";
import { users } from "../db/tables.ts";

let t: TestKernel;
beforeEach(async () => {
  t = await createTestKernel({ plugins: [] });
});
afterEach(() => t.close());

describe("session: happy paths", () => {
  it("logs in with the seeded super admin and answers token, user, company, settings and due date", async () => {
    const res = await t.call("POST", "/auth/login", { body: { email: "ADMIN@admin.com ", password: ADMIN.password } });
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^ey/);
    expect(res.body.user).toMatchObject({ email: ADMIN.email, profile: "admin", super: true, companyId: 1 });
    expect(res.body.user.company).toMatchObject({ id: 1, dueDate: "2999-12-31" });
    expect(Array.isArray(res.body.user.company.settings)).toBe(true);
    expect(res.body.user.passwordHash).toBeUndefined();
    expect(res.headers.get("set-cookie")).toMatch(/^jrt=.*HttpOnly/i);
  });

  it("GET /auth/me answers the user of the token", async () => {
    const { token } = await t.login();
    const res = await t.call("GET", "/auth/me", { token });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(ADMIN.email);
  });

  it("refreshes with the jrt cookie and rotates it; logout revokes it", async () => {
    const { cookie } = await t.login();
    const refreshed = await t.call("POST", "/auth/refresh_token", { headers: { cookie } });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.token).toBeTruthy();
    const out = await t.call("DELETE", "/auth/logout", { headers: { cookie } });
    expect(out.status).toBe(200);
    const again = await t.call("POST", "/auth/refresh_token", { headers: { cookie } });
    expect(again.status).toBe(401);
    expect(again.body.error).toBe("ERR_SESSION_EXPIRED");
  });

  it("a second login revokes the first session's refresh token", async () => {
    const first = await t.login();
    await t.login();
    const res = await t.call("POST", "/auth/refresh_token", { headers: { cookie: first.cookie } });
    expect(res.status).toBe(401);
  });

  it("GET /version answers the version", async () => {
    const res = await t.call("GET", "/version");
    expect(res.body).toEqual({ version: t.kernel.version });
  });
});

describe("session: errors", () => {
  it("wrong password or unknown e-mail: 401 ERR_INVALID_CREDENTIALS", async () => {
    for (const body of [
      { email: ADMIN.email, password: "nope" },
      { email: "ghost@x.com", password: "nope" },
    ]) {
      const res = await t.call("POST", "/auth/login", { body });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: "ERR_INVALID_CREDENTIALS" });
    }
  });

  it("bad input names the fields", async () => {
    const res = await t.call("POST", "/auth/login", { body: { email: "not-an-email" } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("ERR_VALIDATION");
    expect(res.body.fields).toMatchObject({ email: "Invalid email", password: "Required" });
  });

  it("malformed JSON is a 400, not a crash", async () => {
    const res = await t.kernel.app.request("/auth/login", { method: "POST", headers: { "content-type": "application/json" }, body: "{nope" });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe("ERR_VALIDATION");
  });

  it("missing token 401, invalid token 403", async () => {
    expect((await t.call("GET", "/auth/me")).status).toBe(401);
    const bad = await t.call("GET", "/auth/me", { token: "ey.bad.token" });
    expect(bad.status).toBe(403);
    expect(bad.body.error).toBe("ERR_INVALID_TOKEN");
  });

  it("outside work hours: ERR_OUT_OF_HOURS for a non-super user", async () => {
    await t.kernel.db.update(users).set({ super: false, startWork: "00:00", endWork: "00:00" }).where(eq(users.id, 1));
    const now = new Date();
    if (now.getHours() === 0 && now.getMinutes() === 0) return; // the one minute the range allows
    const res = await t.call("POST", "/auth/login", { body: ADMIN });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("ERR_OUT_OF_HOURS");
  });

  it("unknown routes answer 404 ERR_NOT_FOUND", async () => {
    const res = await t.call("GET", "/no/such/route");
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("ERR_NOT_FOUND");
  });
});

describe("session: security", () => {
  it("rate limits failed logins per address and e-mail", async () => {
    const limited = await createTestKernel({ plugins: [], env: { LOGIN_RATE_LIMIT: "3" } });
    try {
      for (let i = 0; i < 3; i++) await limited.call("POST", "/auth/login", { body: { email: ADMIN.email, password: "bad" } });
      const res = await limited.call("POST", "/auth/login", { body: ADMIN });
      expect(res.status).toBe(429);
      expect(res.body.error).toBe("ERR_TOO_MANY_ATTEMPTS");
    } finally {
      await limited.close();
    }
  });

  it("stores passwords as argon2id hashes", async () => {
    // The seeded admin's hash is written just after the first boot (core/seed.ts).
    await t.kernel.adminPasswordStored();
    const [u] = await t.kernel.db.select().from(users).where(eq(users.id, 1));
    expect(u?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("refuses oversized bodies with 413", async () => {
    const small = await createTestKernel({ plugins: [], env: { MAX_BODY_BYTES: "1000" } });
    try {
      const res = await small.call("POST", "/auth/login", { body: { email: ADMIN.email, password: "x".repeat(5000) } });
      expect(res.status).toBe(413);
      expect(res.body.error).toBe("ERR_PAYLOAD_TOO_LARGE");
      // Decided on the declared length too (the fast path), and a small declared body passes.
      const big = { email: ADMIN.email, password: "x".repeat(5000) };
      const declared = await small.call("POST", "/auth/login", { body: big, headers: { "content-length": String(JSON.stringify(big).length) } });
      expect(declared.status).toBe(413);
      const fits = { email: ADMIN.email, password: ADMIN.password };
      expect((await small.call("POST", "/auth/login", { body: fits, headers: { "content-length": String(JSON.stringify(fits).length) } })).status).toBe(200);
    } finally {
      await small.close();
    }
  });
});
