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

  it("refuses short token secrets", () => {
    expect(() => loadConfig({ JWT_SECRET: "short" })).toThrow(/JWT_SECRET: must be at least 32 characters/);
  });
});
