import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { ADMIN, createTestKernel, type TestKernel } from "../tests/support/test-kernel.ts";
import { users } from "./db/tables.ts";
import { PENDING_PASSWORD_HASH } from "./seed.ts";

let t: TestKernel | null = null;
let restarted: TestKernel | null = null;
afterEach(async () => {
  await restarted?.close();
  await t?.close();
  t = restarted = null;
});

const adminHash = async (k: TestKernel) => (await k.kernel.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, ADMIN.email)))[0]?.hash;

describe("first boot: the super admin's password", () => {
  it("is hashed after the kernel is ready, and a login sent at once waits for it and succeeds", async () => {
    t = await createTestKernel({ plugins: [] });
    // The rows exist before the hash: nothing can sign in with the placeholder.
    expect(await adminHash(t)).toBe(PENDING_PASSWORD_HASH);
    const res = await t.call("POST", "/auth/login", { body: { email: ADMIN.email, password: ADMIN.password } });
    expect(res.status).toBe(200);
    expect(await adminHash(t)).toMatch(/^\$argon2id\$/);
  });

  it("the placeholder verifies no password, not even its own text", async () => {
    t = await createTestKernel({ plugins: [] });
    await t.kernel.adminPasswordStored();
    await t.kernel.db.update(users).set({ passwordHash: PENDING_PASSWORD_HASH }).where(eq(users.email, ADMIN.email));
    for (const password of [ADMIN.password, PENDING_PASSWORD_HASH, ""])
      expect((await t.call("POST", "/auth/login", { body: { email: ADMIN.email, password } })).status).not.toBe(200);
  });

  it("a first boot stopped before the hash was stored gives the admin the password again at the next boot", async () => {
    t = await createTestKernel({ plugins: [] });
    await t.kernel.adminPasswordStored();
    // As if the process died between the rows and the hash.
    await t.kernel.db.update(users).set({ passwordHash: PENDING_PASSWORD_HASH }).where(eq(users.email, ADMIN.email));
    const dataDir = t.dataDir;
    await t.kernel.stop();
    restarted = await createTestKernel({ plugins: [], dataDir });
    // Set again the same way as a first boot: later, and a login waits for it.
    expect(await adminHash(restarted)).toBe(PENDING_PASSWORD_HASH);
    expect((await restarted.call("POST", "/auth/login", { body: { email: ADMIN.email, password: ADMIN.password } })).status).toBe(200);
    expect(await adminHash(restarted)).toMatch(/^\$argon2id\$/);
  });

  it("a restart with the hash stored changes nothing", async () => {
    t = await createTestKernel({ plugins: [] });
    await t.kernel.adminPasswordStored();
    const before = await adminHash(t);
    const dataDir = t.dataDir;
    await t.kernel.stop();
    restarted = await createTestKernel({ plugins: [], dataDir });
    expect(await adminHash(restarted)).toBe(before);
    expect(restarted.kernel.generatedAdminPassword).toBeNull();
  });
});
