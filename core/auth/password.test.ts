import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { hashPassword, needsRehash, UNKNOWN_USER_HASH, verifyPassword } from "./password.ts";

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

  it("an imported bcrypt hash verifies (Whaticket's users) and asks to be rehashed; ours does not", async () => {
    const { bcrypt } = await import("hash-wasm");
    const hash = await bcrypt({ password: "old-pass", salt: new Uint8Array(16).fill(7), costFactor: 4, outputType: "encoded" });
    expect(await verifyPassword("old-pass", hash)).toBe(true);
    expect(await verifyPassword("old-pasS", hash)).toBe(false);
    expect(needsRehash(hash)).toBe(true);
    expect(needsRehash(await hashPassword("x"))).toBe(false);
  });

  it("a malformed stored hash is a refusal, not a crash", async () => {
    expect(await verifyPassword("x", "not-a-hash")).toBe(false);
  });

  it("Bun's hashes (Bun.password) and hash-wasm's verify each other: one database, any runtime", async () => {
    const here = await hashPassword("runtime-pass");
    // The same module run by Bun: its hashPassword/verifyPassword take the Bun.password path.
    const script = `
      const { hashPassword, verifyPassword } = await import(${JSON.stringify(resolve(import.meta.dirname, "password.ts"))});
      const [other] = process.argv.slice(-1);
      console.log(JSON.stringify({ hash: await hashPassword("runtime-pass"), ok: await verifyPassword("runtime-pass", other), wrong: await verifyPassword("runtime-pasS", other), bcrypt: await verifyPassword("x", await Bun.password.hash("x", { algorithm: "bcrypt", cost: 4 })) }));
    `;
    const out = JSON.parse(execFileSync(process.env.BUN_BIN || "bun", ["-e", script, here], { encoding: "utf8" })) as {
      hash: string;
      ok: boolean;
      wrong: boolean;
      bcrypt: boolean;
    };
    expect(out).toMatchObject({ ok: true, wrong: false, bcrypt: true });
    expect(parameters(out.hash)).toBe(parameters(UNKNOWN_USER_HASH));
    expect(await verifyPassword("runtime-pass", out.hash)).toBe(true);
    expect(await verifyPassword("runtime-pasS", out.hash)).toBe(false);
  });
});
