import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCompanyWithAdmin } from "../support/fixtures.ts";
import { withoutKindOwners } from "../support/without-kind-owners.ts";
import { createTestKernel, type TestKernel } from "../support/test-kernel.ts";
import scratchBoard from "./scratch-board/server/index.ts";

/**
 * Proof of issue 12's "a feature is one folder" for plan flags: the scratch plugin's folder
 * declares `useScratchBoard`; the plans API answers and switches it and the kernel gates the
 * plugin's route by it, with no file outside that folder changed.
 */
let t: TestKernel;
let superToken: string;
beforeEach(async () => {
  t = await createTestKernel({ plugins: [...withoutKindOwners(), scratchBoard] });
  superToken = (await t.login()).token;
});
afterEach(() => t.close());

const plan1 = async () => (await t.call("GET", "/plans/all", { token: superToken })).body.find((p: { id: number }) => p.id === 1);

describe("a plugin's own plan feature", () => {
  it("appears on every plan with its declared default, and in the API docs", async () => {
    expect(await plan1()).toMatchObject({ useScratchBoard: false, useKanban: true });
    expect((await t.call("GET", "/plans/list")).body[0]).toHaveProperty("useScratchBoard", false);
    const doc = (await t.call("GET", "/openapi.json")).body;
    expect(doc.components.schemas.Plan.properties.useScratchBoard).toMatchObject({ type: "boolean" });
    expect(doc.components.schemas.PlanPatch.properties).toHaveProperty("useScratchBoard");
  });

  it("is switched by PUT /plans and gates the plugin's route at once", async () => {
    const board = () => t.call("GET", "/scratch-board", { token: superToken });
    expect((await board()).body).toEqual({ error: "ERR_PLAN_FEATURE_DISABLED", flag: "useScratchBoard" });

    const on = await t.call("PUT", "/plans/1", { token: superToken, body: { useScratchBoard: true } });
    expect(on.body).toMatchObject({ id: 1, useScratchBoard: true });
    expect(await board()).toMatchObject({ status: 200, body: { cards: [] } });
    expect((await t.call("GET", "/auth/me", { token: superToken })).body.company.plan).toMatchObject({ useScratchBoard: true });

    await t.call("PUT", "/plans/1", { token: superToken, body: { useScratchBoard: false } });
    expect((await board()).status).toBe(403);
  });

  it("is set when a plan is created, and follows the company's plan (security: another company's plan does not open it)", async () => {
    const created = await t.call("POST", "/plans", { token: superToken, body: { name: "Com quadro", useScratchBoard: true } });
    expect(created.body.useScratchBoard).toBe(true);
    const withBoard = await createCompanyWithAdmin(t, "Loja Quadro", { planId: created.body.id });
    const without = await createCompanyWithAdmin(t, "Loja Sem Quadro", { planId: 1 });
    expect((await t.call("GET", "/scratch-board", { token: withBoard.token })).status).toBe(200);
    expect((await t.call("GET", "/scratch-board", { token: without.token })).body.error).toBe("ERR_PLAN_FEATURE_DISABLED");
    const listPlan = await t.call("GET", `/companies/listPlan/${withBoard.company.id}`, { token: withBoard.token });
    expect(listPlan.body.plan).toMatchObject({ useScratchBoard: true });
  });
});
