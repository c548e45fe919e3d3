import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestKernel, type TestKernel } from "../../tests/support/test-kernel.ts";
import { companies, plans } from "../db/tables.ts";
import { PlanLimits } from "./plan-limits.ts";

let t: TestKernel;
let companyId: number;
beforeAll(async () => {
  t = await createTestKernel({ plugins: [] });
  const [plan] = await t.kernel.db.insert(plans).values({ name: "Três", users: 3, connections: 2, queues: 5 }).returning();
  const [company] = await t.kernel.db.insert(companies).values({ name: "Limitada", planId: plan!.id }).returning();
  companyId = company!.id;
});
afterAll(() => t.close());

describe("plan limits", () => {
  it("answers the company's plan, and none (0) for a company without a plan or that does not exist", async () => {
    const limits = new PlanLimits(t.kernel.db);
    expect(await limits.forCompany(companyId)).toEqual({ users: 3, connections: 2, queues: 5 });
    const [bare] = await t.kernel.db.insert(companies).values({ name: "Sem Plano" }).returning();
    expect(await limits.forCompany(bare!.id)).toEqual({ users: 0, connections: 0, queues: 0 });
    expect(await limits.forCompany(999_999)).toEqual({ users: 0, connections: 0, queues: 0 });
  });

  it("overrides replace only the fields they answer, in registration order, and null leaves the plan's", async () => {
    const limits = new PlanLimits(t.kernel.db);
    limits.override(async (id) => (id === companyId ? { users: 6, connections: undefined } : null));
    limits.override(async () => null);
    expect(await limits.forCompany(companyId)).toEqual({ users: 6, connections: 2, queues: 5 });
    limits.override(async () => ({ users: 1 }));
    expect((await limits.forCompany(companyId)).users).toBe(1);
  });

  it("reads inside the caller's transaction, overrides included", async () => {
    const limits = new PlanLimits(t.kernel.db);
    let seen: unknown = null;
    limits.override(async (_id, db) => {
      seen = db;
      return null;
    });
    let inside = 0;
    let sameTx = false;
    // Rolled back on purpose: the change is seen only inside the transaction.
    await t.kernel.db
      .transaction(async (tx) => {
        await tx.update(plans).set({ users: 9 }).where(eq(plans.name, "Três"));
        inside = (await limits.forCompany(companyId, tx)).users;
        sameTx = seen === tx;
        tx.rollback();
      })
      .catch(() => {});
    expect(inside).toBe(9);
    expect(sameTx).toBe(true);
    expect((await limits.forCompany(companyId)).users).toBe(3);
  });

  it("the kernel gives every plugin the same instance", () => {
    expect(t.kernel.planLimits).toBeInstanceOf(PlanLimits);
  });
});
