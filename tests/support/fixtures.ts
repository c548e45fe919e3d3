import { eq } from "drizzle-orm";
import { hashPassword } from "../../core/auth/password.ts";
import { companies, plans, users } from "../../core/db/tables.ts";
import type { TestKernel } from "./test-kernel.ts";

let counter = 0;

/**
 * A second company with its own admin, written straight to the kernel's tables so a
 * plugin's tests do not depend on the companies plugin. Returns the admin's token.
 */
export async function createCompanyWithAdmin(t: TestKernel, name: string, options: { planId?: number; profile?: "admin" | "user"; password?: string } = {}) {
  counter += 1;
  const db = t.kernel.db;
  const [plan] = options.planId ? [{ id: options.planId }] : await db.select({ id: plans.id }).from(plans).limit(1);
  const [company] = await db
    .insert(companies)
    .values({ name, email: `company${counter}@test.local`, planId: plan?.id, status: true, dueDate: "2999-01-01" })
    .returning();
  const password = options.password ?? "Secret123";
  const email = `admin${counter}-${Date.now()}@test.local`;
  const [user] = await db
    .insert(users)
    .values({ companyId: company!.id, name: `Admin ${name}`, email, passwordHash: await hashPassword(password), profile: options.profile ?? "admin" })
    .returning();
  await t.kernel.settings.seedCompany(company!.id);
  const { token } = await t.login(email, password);
  return { company: company!, user: user!, email, password, token };
}

/** Adds a plain user to a company and logs them in. */
export async function createUser(t: TestKernel, companyId: number, fields: Partial<typeof users.$inferInsert> = {}) {
  counter += 1;
  const password = "Secret123";
  const email = fields.email ?? `user${counter}-${Date.now()}@test.local`;
  const [user] = await t.kernel.db
    .insert(users)
    .values({ companyId, name: `User ${counter}`, email, passwordHash: await hashPassword(password), profile: "user", ...fields })
    .returning();
  const { token } = await t.login(email, password);
  return { user: user!, email, password, token };
}

export async function companyById(t: TestKernel, id: number) {
  const [row] = await t.kernel.db.select().from(companies).where(eq(companies.id, id));
  return row;
}

/**
 * A plan made through POST /plans as the super user, so its features are stored by the
 * plans plugin (they are not columns of the kernel's `plans`). `fields` are the API's:
 * limits, price and any declared feature (`useKanban: false`). Returns its id.
 */
export async function createPlan(t: TestKernel, fields: Record<string, unknown> = {}): Promise<number> {
  counter += 1;
  const { token } = await t.login();
  const res = await t.call("POST", "/plans", { token, body: { name: `Plano ${counter}-${Date.now()}`, ...fields } });
  if (res.status !== 200) throw new Error(`plan: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}
