import { eq } from "drizzle-orm";
import { bcrypt } from "hash-wasm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ADMIN, createTestKernel, type TestKernel } from "../../tests/support/test-kernel.ts";
import { users } from "../db/tables.ts";

/** A bcrypt hash as a Whaticket-family server stored it (bcryptjs writes `$2a$`/`$2b$`). */
const bcryptHash = async (password: string, prefix = "$2b$") =>
  (await bcrypt({ password, salt: crypto.getRandomValues(new Uint8Array(16)), costFactor: 4, outputType: "encoded" })).replace(/^\$2[aby]\$/, prefix);

let t: TestKernel;
beforeEach(async () => {
  t = await createTestKernel({ plugins: [] });
});
afterEach(() => t.close());

const storedHash = async () => (await t.kernel.db.select({ h: users.passwordHash }).from(users).where(eq(users.email, ADMIN.email)))[0]!.h;

describe("login with an imported bcrypt hash (issue 31)", () => {
  it("the old password signs in, the hash becomes argon2id, and the password keeps working", async () => {
    await t.kernel.db
      .update(users)
      .set({ passwordHash: await bcryptHash("old-Pass-1", "$2a$") })
      .where(eq(users.email, ADMIN.email));
    const first = await t.call("POST", "/auth/login", { body: { email: ADMIN.email, password: "old-Pass-1" } });
    expect(first.status).toBe(200);
    expect(await storedHash()).toMatch(/^\$argon2id\$/);
    const again = await t.call("POST", "/auth/login", { body: { email: ADMIN.email, password: "old-Pass-1" } });
    expect(again.status).toBe(200);
  });

  it("a wrong password against a bcrypt hash is refused and the hash is left as it was", async () => {
    const hash = await bcryptHash("old-Pass-1");
    await t.kernel.db.update(users).set({ passwordHash: hash }).where(eq(users.email, ADMIN.email));
    const res = await t.call("POST", "/auth/login", { body: { email: ADMIN.email, password: "old-Pass-2" } });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe("ERR_INVALID_CREDENTIALS");
    expect(await storedHash()).toBe(hash);
  });

  it("only the first 72 bytes of a long password count, as bcryptjs hashed them", async () => {
    const long = "x".repeat(72);
    await t.kernel.db
      .update(users)
      .set({ passwordHash: await bcryptHash(long) })
      .where(eq(users.email, ADMIN.email));
    const res = await t.call("POST", "/auth/login", { body: { email: ADMIN.email, password: `${long}tail` } });
    expect(res.status).toBe(200);
  });
});
