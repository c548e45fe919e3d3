import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

describe("configuration from the environment", () => {
  it("has safe defaults for the embedded mode", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 8080, DATA_DIR: "./data", ADMIN_EMAIL: "admin@admin.com" });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.ADMIN_PASSWORD).toBeUndefined();
  });

  it("names every bad variable in one message", () => {
    expect(() => loadConfig({ PORT: "eighty", DATABASE_URL: "postgres://x", FRONTEND_URL: "nope" })).toThrow(
      /Invalid configuration:\n {2}PORT: .*\n {2}DATABASE_URL: must start with file:, libsql:\/\/.*\n {2}FRONTEND_URL: /,
    );
  });

  it("accepts a libSQL server URL and treats empty values as unset", () => {
    const c = loadConfig({ DATABASE_URL: "libsql://db.example.test", PORT: "" });
    expect(c.DATABASE_URL).toBe("libsql://db.example.test");
    expect(c.PORT).toBe(8080);
  });

  it("reads TRUST_PROXY as a number of trusted proxy hops", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(0);
    expect(loadConfig({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(0);
    expect(loadConfig({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.1" })).toThrow(/TRUST_PROXY: must be true, false or a number of proxy hops/);
  });

  it("refuses short token secrets", () => {
    expect(() => loadConfig({ JWT_SECRET: "short" })).toThrow(/JWT_SECRET: must be at least 32 characters/);
  });
});
