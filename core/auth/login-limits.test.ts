import { afterEach, describe, expect, it } from "vitest";
import { createUser } from "../../tests/support/fixtures.ts";
import { ADMIN, createTestKernel, type TestKernel } from "../../tests/support/test-kernel.ts";
import { ADDRESS_LIMIT_FACTOR } from "./login-limiter.ts";

const A = "198.51.100.7";
const B = "203.0.113.9";
const LIMIT = 3;

let t: TestKernel;
afterEach(() => t.close());

const login = (body: { email: string; password: string }, remoteAddress: string, headers?: Record<string, string>) =>
  t.call("POST", "/auth/login", { body, remoteAddress, headers });
const burst = async (n: number, remoteAddress: string, email = ADMIN.email, headers?: Record<string, string>) => {
  for (let i = 0; i < n; i++) await login({ email, password: `wrong-${i}` }, remoteAddress, headers);
};

describe("login limits: security", () => {
  it("a burst of bad passwords from one address never locks the owner out from another", async () => {
    t = await createTestKernel({ plugins: [], env: { LOGIN_RATE_LIMIT: String(LIMIT) } });
    await burst(LIMIT * 3, A);
    const fromA = await login(ADMIN, A);
    expect(fromA.status).toBe(429);
    expect(fromA.body.error).toBe("ERR_TOO_MANY_ATTEMPTS");
    expect(Number(fromA.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await login(ADMIN, B)).status).toBe(200);
  });

  it("a success resets its own pair, so earlier typos do not add up", async () => {
    t = await createTestKernel({ plugins: [], env: { LOGIN_RATE_LIMIT: String(LIMIT) } });
    await burst(LIMIT - 1, A);
    expect((await login(ADMIN, A)).status).toBe(200);
    await burst(LIMIT - 1, A);
    expect((await login(ADMIN, A)).status).toBe(200);
  });

  it("one address failing across many e-mails is watched: the e-mails it failed stay refused, a sprayer moving on is blocked", async () => {
    t = await createTestKernel({ plugins: [], env: { LOGIN_RATE_LIMIT: String(LIMIT) } });
    const perAddress = LIMIT * ADDRESS_LIMIT_FACTOR;
    // Below the per-pair limit for every e-mail, so only the per-address count can block.
    for (let i = 1; i <= perAddress; i++) await login({ email: `guess${i}@example.com`, password: "nope" }, A);
    const again = await login({ email: "guess1@example.com", password: "nope" }, A);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(0);
    // Fresh e-mails still get their try, up to one more limit of failures while watched...
    for (let i = 0; i < LIMIT; i++) expect((await login({ email: `fresh${i}@example.com`, password: "nope" }, A)).status).toBe(401);
    // ...then the address is refused for everyone, the right password included.
    expect((await login({ email: "fresh-last@example.com", password: "nope" }, A)).status).toBe(429);
    expect((await login(ADMIN, A)).status).toBe(429);
    expect((await login(ADMIN, B)).status).toBe(200);
  });

  it("a NAT'd office: 50 failures from one address do not stop a colleague's correct password; the attacked pairs stay locked", async () => {
    t = await createTestKernel({ plugins: [], env: { LOGIN_RATE_LIMIT: "10" } });
    const victims = await Promise.all([0, 1, 2, 3, 4].map(() => createUser(t, 1)));
    for (const v of victims) for (let i = 0; i < 10; i++) await login({ email: v.email, password: `wrong-${i}` }, A);
    for (let i = 0; i < 5; i++) await login({ email: `typo${i}@example.com`, password: "nope" }, A);
    // 55 failures from A: every pair that failed is refused, even with its right password.
    for (const v of victims) expect((await login({ email: v.email, password: v.password }, A)).status).toBe(429);
    expect((await login({ email: "typo0@example.com", password: "nope" }, A)).status).toBe(429);
    // A colleague who never failed from A signs in from A.
    const colleague = await createUser(t, 1);
    expect((await login({ email: colleague.email, password: colleague.password }, A)).status).toBe(200);
    expect((await login(ADMIN, A)).status).toBe(200);
    // The attacked accounts still sign in from elsewhere.
    expect((await login({ email: victims[0]!.email, password: victims[0]!.password }, B)).status).toBe(200);
  });

  it("counts an IPv6 host by its /64, so hopping addresses inside it does not help", async () => {
    t = await createTestKernel({ plugins: [], env: { LOGIN_RATE_LIMIT: String(LIMIT) } });
    for (let i = 1; i <= LIMIT; i++) await login({ email: ADMIN.email, password: "nope" }, `2001:db8:1:2::${i.toString(16)}`);
    expect((await login(ADMIN, "2001:db8:1:2::ffff")).status).toBe(429);
    expect((await login(ADMIN, "2001:db8:1:3::1")).status).toBe(200);
  });

  it("ignores X-Forwarded-For without TRUST_PROXY: a client cannot pick its address", async () => {
    t = await createTestKernel({ plugins: [], env: { LOGIN_RATE_LIMIT: String(LIMIT) } });
    await burst(LIMIT, A, ADMIN.email, { "x-forwarded-for": "192.0.2.1" });
    // Changing the header does not get the peer out of its lock...
    expect((await login(ADMIN, A, { "x-forwarded-for": "192.0.2.2" })).status).toBe(429);
    // ...and another peer claiming the locked address in the header is not locked.
    expect((await login(ADMIN, B, { "x-forwarded-for": A })).status).toBe(200);
  });

  it("without a peer address from the runtime, X-Forwarded-For still names nobody", async () => {
    t = await createTestKernel({ plugins: [], env: { LOGIN_RATE_LIMIT: String(LIMIT) } });
    const noPeer = (email: string, password: string, forwardedFor: string) =>
      t.kernel.app.request("/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
        body: JSON.stringify({ email, password }),
      });
    for (let i = 0; i < LIMIT * ADDRESS_LIMIT_FACTOR; i++) await noPeer(`guess${i}@example.com`, "nope", `192.0.2.${i + 1}`);
    // Every one of them was the same unknown caller: a fresh header does not make a fresh one.
    expect((await noPeer("guess0@example.com", "nope", "192.0.2.200")).status).toBe(429);
    for (let i = 0; i < LIMIT; i++) await noPeer(`fresh${i}@example.com`, "nope", `192.0.2.${i + 100}`);
    expect((await noPeer(ADMIN.email, ADMIN.password, "192.0.2.201")).status).toBe(429);
  });

  it("honours X-Forwarded-For from a trusted proxy: clients behind it are told apart", async () => {
    t = await createTestKernel({ plugins: [], env: { LOGIN_RATE_LIMIT: String(LIMIT), TRUST_PROXY: "true" } });
    const proxy = "10.0.0.1";
    await burst(LIMIT, proxy, ADMIN.email, { "x-forwarded-for": A });
    expect((await login(ADMIN, proxy, { "x-forwarded-for": A })).status).toBe(429);
    expect((await login(ADMIN, proxy, { "x-forwarded-for": B })).status).toBe(200);
    // One hop trusted: what the client itself wrote in front of the proxy's entry is not believed.
    expect((await login(ADMIN, proxy, { "x-forwarded-for": `${B}, ${A}` })).status).toBe(429);
  });
});
