import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestKernel, type TestKernel } from "../../tests/support/test-kernel.ts";
import { companies, plans } from "../db/tables.ts";
import { definePlugin } from "./manifest.ts";
import { PlanLimits } from "./plan-limits.ts";
import { defineServerPlugin } from "./server-plugin.ts";

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
});

describe("one PlanLimits for the whole kernel", () => {
  it("every plugin's ctx.planLimits is the kernel's own object (so one override reaches every check)", async () => {
    const seen: PlanLimits[] = [];
    const capture = (id: string) => defineServerPlugin({ manifest: definePlugin({ id }), setup: (ctx) => void seen.push(ctx.planLimits) });
    const k = await createTestKernel({ plugins: [capture("first"), capture("second")] });
    try {
      expect(seen).toHaveLength(2);
      for (const given of seen) expect(given).toBe(k.kernel.planLimits);
    } finally {
      await k.close();
    }
  });

  it("the users, connections and queues limit checks ask that object (the real plugins, through HTTP)", async () => {
    // With every plugin loaded. Meta's linking check needs a Graph stand-in: its own test
    // (plugins/meta/server/linking.test.ts, the connection limit) spies on the same object.
    const k = await createTestKernel();
    try {
      const asked = vi.spyOn(k.kernel.planLimits, "forCompany");
      const { token, user } = await k.login();
      const creates: [string, string, Record<string, unknown>][] = [
        ["users", "/users", { name: "Pessoa", email: `pessoa-${Date.now()}@limites.test`, password: "Secret123" }],
        ["connections", "/whatsapp", { name: "Canal" }],
        ["queues", "/queue", { name: "Fila", color: "#abc" }],
      ];
      for (const [check, path, body] of creates) {
        asked.mockClear();
        const res = await k.call("POST", path, { token, body });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(
          asked.mock.calls.map(([companyId]) => companyId),
          `the ${check} check`,
        ).toContain(user.companyId);
      }
    } finally {
      await k.close();
    }
  });
});
