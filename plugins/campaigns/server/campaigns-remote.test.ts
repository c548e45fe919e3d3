import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type RunningSqld, startSqld } from "../../../tests/support/sqld.ts";
import { type CampaignWorld, campaignWorld } from "./campaigns.fixtures.ts";

/*
 * Campaign shipping on a libSQL server, where a write unit runs again from its start each time
 * it needs an answer, replayed from what the server did (core/db/remote-units.ts): the unit
 * must issue the same statements on every run.
 */
let sqld: RunningSqld;
let cw: CampaignWorld | null = null;
beforeAll(async () => {
  sqld = await startSqld();
}, 30_000);
afterAll(() => sqld?.stop());
afterEach(async () => {
  vi.restoreAllMocks();
  await cw?.w.close();
  cw = null;
});

/** No shipping job failed, each of `numbers` got one message, and the report agrees. */
async function expectShipped(campaignId: number, numbers: string[], report: Record<string, unknown>) {
  const errors = await cw!.w.t.kernel.database.client.execute("SELECT last_error FROM jobs WHERE kind = 'campaigns.ship' AND last_error IS NOT NULL");
  expect(errors.rows.map((r) => r.last_error)).toEqual([]);
  const got = cw!.received().map((g) => g.number);
  expect(got.sort()).toEqual([...numbers].sort());
  expect((await cw!.call("GET", `/campaigns/${campaignId}/report`)).body).toMatchObject({ status: "FINALIZADA", ...report });
}

describe("campaign shipping on a libSQL server", () => {
  it("sends each target once; a refused row is undone alone inside its batch (the row's savepoint)", async () => {
    cw = await campaignWorld({ DATABASE_URL: sqld.url });
    const list = await cw.bulkList(10);
    await cw.w.t.kernel.database.client.execute({ sql: "UPDATE contact_list_items SET number = 'sem numero' WHERE contact_list_id = ? AND name = 'Pessoa 5'", args: [list.id] });
    const c = await cw.campaign({ contactListId: list.id, message1: "Promo" });
    await cw.w.settle();
    await expectShipped(
      c.id,
      list.numbers.filter((_, i) => i !== 4),
      { delivered: 9, failed: 1 },
    );
  }, 60_000);

  it("a batch cut by time is cut at the same row on every run of its unit, however slow the runs get", async () => {
    cw = await campaignWorld({ DATABASE_URL: sqld.url });
    const list = await cw.bulkList(30);
    // A loaded machine: every fifth reading of the clock comes after a 50 ms hiccup, so two runs
    // of the same unit see different times at the same row.
    const real = performance.now.bind(performance);
    let readings = 0;
    let skew = 0;
    vi.spyOn(performance, "now").mockImplementation(() => real() + (++readings % 5 === 0 ? (skew += 50) : skew));
    const c = await cw.campaign({ contactListId: list.id, message1: "Promo" });
    await cw.w.settle();
    await cw.dueAllNow();
    await cw.w.settle();
    await expectShipped(c.id, list.numbers, { delivered: 30 });
  }, 120_000);
});
