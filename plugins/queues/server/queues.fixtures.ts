import { eq } from "drizzle-orm";
import { companies, plans } from "../../../core/db/tables.ts";
import type { TestKernel } from "../../../tests/support/test-kernel.ts";

let n = 0;

/** A valid POST /queue body with a colour no other test queue uses. */
export function validQueue(fields: Record<string, unknown> = {}) {
  n += 1;
  return { name: `Fila ${n}`, color: `#${(0x100000 + n).toString(16)}`, greetingMessage: `Bem-vindo à fila ${n}`, ...fields };
}

/** Gives the company a plan allowing `queues` queues (0 = unlimited). */
export async function limitQueues(t: TestKernel, companyId: number, queues: number) {
  n += 1;
  const [plan] = await t.kernel.db
    .insert(plans)
    .values({ name: `Plano filas ${n}`, users: 0, connections: 1, queues })
    .returning();
  await t.kernel.db.update(companies).set({ planId: plan!.id }).where(eq(companies.id, companyId));
}

/** Creates a queue through the API and returns its body. */
export async function createQueue(t: TestKernel, token: string, fields: Record<string, unknown> = {}) {
  const res = await t.call("POST", "/queue", { token, body: validQueue(fields) });
  if (res.status !== 200) throw new Error(`POST /queue: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
