import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { jobLanes, jobs } from "../../core/db/tables.ts";
import { createCompanyWithAdmin } from "../support/fixtures.ts";
import { withoutKindOwners } from "../support/without-kind-owners.ts";
import { createTestKernel, type TestKernel } from "../support/test-kernel.ts";
import type { RemindPayload } from "./scratch-board/server/reminders.ts";
import scratchBoard from "./scratch-board/server/index.ts";

/**
 * Issue 24's "done means": the scratch plugin declares a paced job kind (./scratch-board/server/reminders.ts)
 * with nothing outside its folder, and the kernel paces it per company lane, durably.
 */
let t: TestKernel;
let companyId: number;
let cardId: number;
beforeEach(async () => {
  t = await createTestKernel({ plugins: [...withoutKindOwners(), scratchBoard] });
  const superToken = (await t.login()).token;
  const plan = await t.call("POST", "/plans", { token: superToken, body: { name: "Com quadro", useScratchBoard: true } });
  const a = await createCompanyWithAdmin(t, "Loja A", { planId: plan.body.id });
  companyId = a.company.id;
  cardId = (await t.call("POST", "/scratch-board", { token: a.token, body: { title: "Lembrar" } })).body.id;
  await t.kernel.jobs.runDue();
});
afterEach(() => t.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const remind = (payload: RemindPayload) => t.kernel.jobs.enqueue("scratch-board.remind", payload, { companyId: payload.companyId });

describe("scratch plugin: a paced job kind", () => {
  it("runs a company's reminders one at a time, the company's gap apart; a waiting reminder sits in the table until its slot", async () => {
    const stamped: number[] = [];
    t.kernel.bus.on("scratch-board.card.stamped", () => void stamped.push(Date.now()));
    for (let i = 0; i < 3; i++) await remind({ companyId, cardId, gapMs: 200 });
    expect(await t.kernel.jobs.runDue()).toBe(1);
    const waiting = await t.kernel.db.select().from(jobs).where(eq(jobs.status, "pending"));
    expect(waiting).toHaveLength(2);
    expect(waiting.every((j) => j.lane === `scratch-board.remind:company:${companyId}` && j.pacedAt === j.dueAt)).toBe(true);
    const [lane] = await t.kernel.db.select().from(jobLanes);
    expect(lane!.lane).toBe(`scratch-board.remind:company:${companyId}`);
    expect(await t.kernel.jobs.runDue()).toBe(0);
    const end = Date.now() + 5_000;
    while (stamped.length < 3 && Date.now() < end) {
      await t.kernel.jobs.runDue();
      await sleep(5);
    }
    expect(stamped).toHaveLength(3);
    for (let i = 1; i < 3; i++) expect(stamped[i]! - stamped[i - 1]!).toBeGreaterThanOrEqual(190);
  });

  it("keeps the pace across a restart: the lane's next start is in the database", async () => {
    await remind({ companyId, cardId, gapMs: 60_000 });
    expect(await t.kernel.jobs.runDue()).toBe(1);
    await t.kernel.stop();
    // The restarted server (afterEach closes it and removes the folder).
    t = await createTestKernel({ plugins: [...withoutKindOwners(), scratchBoard], dataDir: t.dataDir });
    await remind({ companyId, cardId, gapMs: 60_000 });
    expect(await t.kernel.jobs.runDue()).toBe(0);
    const [waiting] = await t.kernel.db.select().from(jobs).where(eq(jobs.status, "pending"));
    expect(waiting!.dueAt).toBeGreaterThan(Date.now() + 50_000);
  });
});
