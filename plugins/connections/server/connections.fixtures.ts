import { createPlan as createPlanByApi } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
/** A test kernel with every installed plugin (connections among them). */
export const connectionsKernel = () => createTestKernel();

/** A queue of the token's company. */
export async function createQueue(t: TestKernel, token: string, name: string, color: string): Promise<number> {
  const res = await t.call("POST", "/queue", { token, body: { name, color, greetingMessage: `Olá da fila ${name}` } });
  if (res.status !== 200) throw new Error(`queue ${name}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** A plan with the given limits and features, for companies created with `{ planId }`. */
export const createPlan = (t: TestKernel, fields: Record<string, unknown>): Promise<number> => createPlanByApi(t, fields);

/** Creates a connection and returns its body, failing loudly otherwise. */
export async function createConnection(t: TestKernel, token: string, body: Record<string, unknown> = {}) {
  const res = await t.call("POST", "/whatsapp", { token, body: { name: "Principal", ...body } });
  if (res.status !== 200) throw new Error(`connection: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Record<string, any>;
}
