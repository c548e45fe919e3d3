import { plans, users } from "../../../core/db/tables.ts";
import type { TestKernel } from "../../../tests/support/test-kernel.ts";

let n = 0;

/** A valid POST /users body with a unique e-mail. */
export function validUser(fields: Record<string, unknown> = {}) {
  n += 1;
  return { name: `Pessoa ${n}`, email: `pessoa${n}-${Date.now()}@loja.test`, password: "Secret123", ...fields };
}

/** The first bytes of a PNG file: enough for the avatar's content check. */
export const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

/** The spec's avatar form: userId, typeArch and the profileImage file. */
export function avatarForm(userId: number, bytes: Uint8Array, name: string, type = "image/png") {
  const form = new FormData();
  form.set("userId", String(userId));
  form.set("typeArch", "user");
  form.set("profileImage", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return form;
}

/** A plan allowing `users` users; returns its id. */
export async function planWithUsers(t: TestKernel, users: number): Promise<number> {
  n += 1;
  const [plan] = await t.kernel.db
    .insert(plans)
    .values({ name: `Plano ${n}`, users, connections: 1, queues: 1 })
    .returning();
  return plan!.id;
}

/** Writes users straight to the table (no hashing, no login): for lists and paging. */
export async function insertUsers(t: TestKernel, companyId: number, names: string[], email?: string) {
  const rows = names.map((name) => {
    n += 1;
    return { companyId, name, email: email ?? `bulk${n}-${Date.now()}@loja.test`, passwordHash: "x" };
  });
  await t.kernel.db.insert(users).values(rows);
}
