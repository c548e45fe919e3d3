import { afterEach, describe, expect, it, vi } from "vitest";
import { BackoffLimiter } from "./backoff-limiter.ts";
import { addressBucket } from "./login-limiter.ts";

const MINUTE = 60_000;
afterEach(() => vi.useRealTimers());

describe("backoff limiter", () => {
  it("locks after max failures for a window, doubling each further lockout", () => {
    vi.useFakeTimers({ toFake: ["Date"], now: 0 });
    const l = new BackoffLimiter(3, 10 * MINUTE);
    for (let i = 0; i < 2; i++) l.fail("k");
    expect(l.blocked("k")).toBe(false);
    l.fail("k");
    expect(l.lockedFor("k")).toBe(10 * MINUTE);
    vi.setSystemTime(10 * MINUTE);
    expect(l.blocked("k")).toBe(false);
    for (let i = 0; i < 3; i++) l.fail("k");
    expect(l.lockedFor("k")).toBe(20 * MINUTE);
    vi.setSystemTime(30 * MINUTE);
    for (let i = 0; i < 3; i++) l.fail("k");
    expect(l.lockedFor("k")).toBe(40 * MINUTE);
  });

  it("caps the lock and forgets a key after a quiet window", () => {
    vi.useFakeTimers({ toFake: ["Date"], now: 0 });
    const l = new BackoffLimiter(1, MINUTE, { maxLockMs: 3 * MINUTE });
    for (let i = 0; i < 5; i++) {
      l.fail("k");
      vi.setSystemTime(Date.now() + l.lockedFor("k"));
    }
    l.fail("k");
    expect(l.lockedFor("k")).toBe(3 * MINUTE);
    vi.setSystemTime(Date.now() + 4 * MINUTE + 1);
    l.fail("k");
    expect(l.lockedFor("k")).toBe(MINUTE);
  });

  it("failures spread wider than the window never lock", () => {
    vi.useFakeTimers({ toFake: ["Date"], now: 0 });
    const l = new BackoffLimiter(3, MINUTE);
    for (let i = 0; i < 10; i++) {
      l.fail("k");
      vi.setSystemTime(Date.now() + MINUTE / 2 + 1);
      if (i % 2) expect(l.blocked("k")).toBe(false);
    }
    expect(l.blocked("k")).toBe(false);
  });

  it("keeps memory bounded under a spray of keys", () => {
    const l = new BackoffLimiter(5, MINUTE, { maxKeys: 1000 });
    for (let i = 0; i < 20_000; i++) l.fail(`k${i}`);
    expect(l.size).toBeLessThanOrEqual(1000);
  });

  it("sweeps expired keys", () => {
    vi.useFakeTimers({ toFake: ["Date"], now: 0 });
    const l = new BackoffLimiter(5, MINUTE);
    for (let i = 0; i < 10_000; i++) l.fail(`old${i}`);
    vi.setSystemTime(3 * MINUTE);
    l.fail("new");
    expect(l.size).toBe(1);
  });
});

describe("address buckets", () => {
  it("keeps IPv4 as is, unwraps IPv4-mapped IPv6, and groups IPv6 by /64", () => {
    expect(addressBucket("203.0.113.9")).toBe("203.0.113.9");
    expect(addressBucket("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(addressBucket("2001:DB8:0001:0002:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressBucket("2001:db8:1:2::ffff")).toBe("2001:db8:1:2::/64");
    expect(addressBucket("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressBucket("::1")).toBe("0:0:0:0::/64");
    expect(addressBucket("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressBucket("unknown")).toBe("unknown");
    expect(addressBucket("1:2:3:4:5:6:7:8:9")).toBe("1:2:3:4:5:6:7:8:9");
  });
});
