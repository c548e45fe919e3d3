import { describe, expect, it } from "vitest";
import { hashPassword, UNKNOWN_USER_HASH, verifyPassword } from "./password.ts";

/** The encoded parameters of an argon2id hash: `$argon2id$v=19$m=…,t=…,p=…`. */
const parameters = (hash: string) => hash.split("$").slice(1, 4).join("$");

describe("password hashing", () => {
  it("verifies the password it hashed and refuses another", async () => {
    const hash = await hashPassword("s3cret-pass");
    expect(await verifyPassword("s3cret-pass", hash)).toBe(true);
    expect(await verifyPassword("s3cret-pasS", hash)).toBe(false);
  });

  it("the unknown-user hash costs what a real one costs: same algorithm and parameters", async () => {
    expect(parameters(UNKNOWN_USER_HASH)).toBe(parameters(await hashPassword("any")));
    expect(await verifyPassword("", UNKNOWN_USER_HASH)).toBe(false);
  });

  it("a malformed stored hash is a refusal, not a crash", async () => {
    expect(await verifyPassword("x", "not-a-hash")).toBe(false);
  });
});
