import { plans } from "../../../core/db/tables.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
/** A test kernel with every installed plugin (connections among them). */
export const connectionsKernel = () => createTestKernel();

/** A queue of the token's company. */
export async function createQueue(t: TestKernel, token: string, name: string, color: string): Promise<number> {
  const res = await t.call("POST", "/queue", { token, body: { name, color, greetingMessage: `Olá da fila ${name}` } });
  if (res.status !== 200) throw new Error(`queue ${name}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** A plan with the given limits and flags, for companies created with `{ planId }`. */
export async function createPlan(t: TestKernel, fields: Partial<typeof plans.$inferInsert>): Promise<number> {
  const [row] = await t.kernel.db
    .insert(plans)
    .values({ name: `Plano ${Math.random().toString(36).slice(2)}`, ...fields })
    .returning();
  return row!.id;
}

/** Creates a connection and returns its body, failing loudly otherwise. */
export async function createConnection(t: TestKernel, token: string, body: Record<string, unknown> = {}) {
  const res = await t.call("POST", "/whatsapp", { token, body: { name: "Principal", ...body } });
  if (res.status !== 200) throw new Error(`connection: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Record<string, any>;
}
