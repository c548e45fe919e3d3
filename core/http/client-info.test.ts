import { describe, expect, it } from "vitest";
import { forwardedClient, forwardedHttps } from "./client-info.ts";

describe("client address behind proxies", () => {
  it("uses the peer and ignores X-Forwarded-For when no proxy is trusted", () => {
    expect(forwardedClient("198.51.100.7", "1.2.3.4", 0)).toBe("198.51.100.7");
    expect(forwardedClient(undefined, "1.2.3.4", 0)).toBe("unknown");
  });

  it("walks back one entry per trusted hop, Express-style", () => {
    const xff = "203.0.113.9, 198.51.100.1, 10.0.0.1";
    expect(forwardedClient("10.0.0.2", xff, 1)).toBe("10.0.0.1");
    expect(forwardedClient("10.0.0.2", xff, 2)).toBe("198.51.100.1");
    expect(forwardedClient("10.0.0.2", xff, 3)).toBe("203.0.113.9");
    // More hops trusted than the header has: the furthest address known.
    expect(forwardedClient("10.0.0.2", xff, 9)).toBe("203.0.113.9");
    expect(forwardedClient("10.0.0.2", undefined, 1)).toBe("10.0.0.2");
  });

  it("drops ports and brackets proxies may add", () => {
    expect(forwardedClient("10.0.0.2", "203.0.113.9:51234", 1)).toBe("203.0.113.9");
    expect(forwardedClient("10.0.0.2", "[2001:db8::1]:443", 1)).toBe("2001:db8::1");
    expect(forwardedClient("10.0.0.2", "2001:db8::1", 1)).toBe("2001:db8::1");
  });
});

describe("HTTPS behind proxies", () => {
  it("believes the request's own scheme", () => {
    expect(forwardedHttps("https://app.example/x", undefined, 0)).toBe(true);
    expect(forwardedHttps("http://app.example/x", undefined, 1)).toBe(false);
  });

  it("believes X-Forwarded-Proto only from a trusted hop, the entry of the outermost trusted one", () => {
    expect(forwardedHttps("http://app.example/x", "https", 0)).toBe(false);
    expect(forwardedHttps("http://app.example/x", "https", 1)).toBe(true);
    expect(forwardedHttps("http://app.example/x", "HTTPS", 1)).toBe(true);
    expect(forwardedHttps("http://app.example/x", "https, http", 1)).toBe(false);
    expect(forwardedHttps("http://app.example/x", "https, http", 2)).toBe(true);
  });
});
