import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { COUNTER_LINKS, type LinkedCounter, linkFilter, reportLink } from "../shared/dashboard-links.ts";
import { reportWorld } from "./reports.fixtures.ts";

/*
 * Each dashboard number links to /reports filtered to exactly its tickets: the link's filters,
 * read back as the report page reads them and sent as the page sends them, make
 * GET /ticketreport/reports count the card's number (reportWorld: five tickets, every status).
 */

let t: TestKernel;
let w: Awaited<ReturnType<typeof reportWorld>>;

beforeAll(async () => {
  t = await createTestKernel();
  w = await reportWorld(t, "Links");
}, 60_000);
afterAll(() => t?.close());

/** The report's total for a link, with the filters the report page sends (JSON arrays). */
async function linkedTotal(link: string): Promise<number> {
  const f = linkFilter(link.slice(link.indexOf("?")));
  const q = new URLSearchParams({ dateFrom: f.dateFrom!, dateTo: f.dateTo!, pageSize: "5" });
  if (f.status) q.set("status", JSON.stringify(f.status));
  if (f.users) q.set("users", JSON.stringify(f.users));
  if (f.onlyRated) q.set("onlyRated", "true");
  const res = await t.call("GET", `/ticketreport/reports?${q}`, { token: w.token });
  expect(res.status).toBe(200);
  return res.body.totalTickets.total;
}

describe("the dashboard's links", () => {
  for (const range of [
    { from: "2030-01-10", to: "2030-01-10" },
    { from: "2030-01-10", to: "2030-01-11" },
  ])
    it(`every linked counter equals its report's count (${range.from}..${range.to})`, async () => {
      const d = (await t.call("GET", `/dashboard?date_from=${range.from}&date_to=${range.to}`, { token: w.token })).body;
      for (const counter of Object.keys(COUNTER_LINKS) as LinkedCounter[]) {
        expect(await linkedTotal(reportLink(range, COUNTER_LINKS[counter])), counter).toBe(d.counters[counter]);
      }
      for (const a of d.attendants) expect(await linkedTotal(reportLink(range, { users: [a.id] })), a.name).toBe(a.tickets);
      // Not all zero: the comparison means something.
      expect([d.counters.tickets, d.counters.supportFinished, d.counters.supportPending, d.counters.withRating].every((n: number) => n > 0)).toBe(true);
    });

  it("reads back only well-formed filters", () => {
    expect(linkFilter("?dateFrom=2030-01-10&dateTo=x&status=closed,bogus&users=7,a,-1&onlyRated=yes")).toEqual({ dateFrom: "2030-01-10", status: ["closed"], users: [7] });
  });
});
