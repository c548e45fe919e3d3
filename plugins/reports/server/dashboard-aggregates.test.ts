import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCompanyWithAdmin, createUser } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { DashboardService } from "./dashboard.service.ts";
import { rangeOf } from "./report-range.ts";
import { at, type Pinned, pinnedTicket } from "./reports.fixtures.ts";

/*
 * GET /dashboard is aggregated by SQLite (dashboard-aggregates.ts); the JS figures
 * (dashboard-figures.ts, metrics.ts, pinned by metrics.test.ts) are the definition. Here the
 * route answers metrics.test.ts's hand-computed day, and equals the JS reference on a day of
 * generated tickets (bots, hand-backs, logs after the acceptance, ties, every status).
 */

let t: TestKernel;
let token: string;
let companyId: number;

/** A small deterministic generator (mulberry32): the same tickets on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** A message: the customer's, a bot's or automatic text (`bot`: from us, no user), an attendant's reply (their id) or internal note (`{ note: id }`). */
type Msg = ["customer" | "bot" | number | { note: number }, string];

const plus = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

beforeAll(async () => {
  t = await createTestKernel();
  const owner = await createCompanyWithAdmin(t, "Agregados");
  token = owner.token;
  companyId = owner.company.id;
  const ana = await createUser(t, companyId, { name: "Ana" });
  const bruno = await createUser(t, companyId, { name: "Bruno" });
  await createUser(t, companyId, { name: "Caio" });
  const conn = (await t.call("POST", "/whatsapp", { token, body: { name: "API", channel: "api", webhookUrl: "http://127.0.0.1:9/hook" } })).body as { token: string };
  let n = 0;
  const ticket = async (p: Pinned, openedBy?: number, messages: Msg[] = []) => {
    const { ticketId } = await pinnedTicket(t, conn.token, `55119${String(++n).padStart(8, "0")}`, p);
    if (openedBy) await t.kernel.database.client.execute({ sql: "UPDATE ticket_logs SET user_id = ? WHERE ticket_id = ? AND type = 'create'", args: [openedBy, ticketId] });
    // The messages at hand-chosen instants (the customer's "Olá" of pinnedTicket is of today: before every fixture day).
    for (const [who, createdAt] of messages) {
      const fromMe = who !== "customer";
      const userId = typeof who === "number" ? who : typeof who === "object" ? who.note : null;
      await t.kernel.database.client.execute({
        sql: "INSERT INTO messages (company_id, ticket_id, provider_id, body, from_me, user_id, is_private, created_at, updated_at) VALUES (?, ?, ?, 'x', ?, ?, ?, ?, ?)",
        args: [companyId, ticketId, `fixture-${ticketId}-${createdAt}-${String(fromMe)}`, fromMe ? 1 : 0, userId, typeof who === "object" ? 1 : 0, createdAt, createdAt],
      });
    }
  };
  // metrics.test.ts's day (2030-01-10), Ana and Bruno.
  const d = (hhmm: string) => at("10", hhmm);
  const A = ana.user.id;
  const B = bruno.user.id;
  // First responses (minutes): 3 (the automatic text at 10:02 is no reply), 10 (what the
  // customer told the bot and Ana's note do not count), 1 (Bruno wrote first: it counts from
  // the customer's message), none (not answered yet), none (pending), 20, 2.
  await ticket({ status: "closed", userId: A, createdAt: d("10:00"), acceptedAt: d("10:05"), closedAt: d("10:35"), rating: 10 }, undefined, [
    ["customer", d("10:01")],
    ["bot", d("10:02")],
    [A, d("10:04")],
  ]);
  await ticket(
    {
      status: "closed",
      userId: A,
      createdAt: d("10:00"),
      acceptedAt: d("10:12"),
      closedAt: d("11:12"),
      rating: 6,
      logs: [
        ["chatBot", d("10:00")],
        ["queue", d("10:02")],
      ],
    },
    undefined,
    [
      ["customer", d("10:00")],
      ["bot", d("10:01")],
      ["customer", d("10:03")],
      [{ note: A }, d("10:04")],
      [A, d("10:13")],
    ],
  );
  await ticket({ status: "nps", userId: B, createdAt: d("11:00"), acceptedAt: d("11:00"), closedAt: d("11:20") }, B, [
    [B, d("11:00")],
    ["customer", d("11:05")],
    [B, d("11:06")],
  ]);
  await ticket({ status: "open", userId: B, createdAt: d("12:00"), acceptedAt: d("12:15") }, undefined, [["customer", d("12:00")]]);
  await ticket({ status: "pending", createdAt: d("13:00") }, undefined, [
    ["customer", d("13:00")],
    [A, d("13:05")],
  ]);
  await ticket({ status: "group", userId: B, createdAt: d("13:00"), acceptedAt: d("13:01") }, undefined, [
    ["customer", d("13:00")],
    [B, d("13:20")],
  ]);
  await ticket({ status: "closed", userId: B, createdAt: d("14:00"), acceptedAt: d("14:02"), closedAt: d("14:10") }, undefined, [
    ["customer", d("14:00")],
    [B, d("14:02")],
  ]);
  // A generated day (2030-01-20): 40 tickets.
  const rnd = random(28);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  for (let i = 0; i < 40; i++) {
    const status = pick(["pending", "open", "closed", "closed", "nps", "group"] as const);
    const createdAt = plus(at("20", "08:00"), Math.floor(rnd() * 600));
    const accepted = status !== "pending" || rnd() < 0.3;
    const acceptedAt = accepted ? plus(createdAt, Math.floor(rnd() * 40)) : null;
    const closedAt = acceptedAt && (status === "closed" || status === "nps") ? plus(acceptedAt, Math.floor(rnd() * 90)) : null;
    const logs: [string, string][] = [];
    if (rnd() < 0.5) {
      const start = pick(["chatBot", "handOver"]);
      logs.push([start, createdAt]);
      const handed = rnd();
      // Handed to the queue before, at (a tie) or after the acceptance, or never.
      if (handed < 0.7) logs.push([pick(["queue", "redirect", "handBack"]), plus(createdAt, Math.floor(rnd() * 30))]);
      if (handed < 0.2 && acceptedAt) logs.push(["queue", acceptedAt]);
    }
    if (rnd() < 0.2) logs.push(["queue", plus(createdAt, -5)]);
    const rating = closedAt && rnd() < 0.6 ? Math.floor(rnd() * 11) : null;
    // Up to 6 messages around the ticket's life (before and after the queue entry, ties).
    const messages: Msg[] = [];
    for (let k = Math.floor(rnd() * 7); k > 0; k--) messages.push([pick(["customer", "customer", "bot", A, B, { note: A }] as const), plus(createdAt, Math.floor(rnd() * 60) - 5)]);
    await ticket({ status, userId: accepted ? pick([A, B, null]) : null, createdAt, acceptedAt, closedAt, rating }, rnd() < 0.2 ? A : undefined, messages);
  }
}, 120_000);
afterAll(() => t?.close());

const dashboard = async (query: string) => {
  const res = await t.call("GET", `/dashboard?${query}`, { token });
  expect(res.status).toBe(200);
  return res.body as { counters: Record<string, unknown>; attendants: Record<string, unknown>[] };
};

describe("GET /dashboard aggregated by SQLite", () => {
  it("answers metrics.test.ts's hand-computed day", async () => {
    const { counters: c, attendants } = await dashboard("date_from=2030-01-10&date_to=2030-01-10");
    // Waits: 5, 10, 0, 15, 1, 2 → mean 33/6 = 5.5, median (2+5)/2 = 3.5, p90 = 6th = 15.
    expect(c.waitTime).toEqual({ count: 6, avg: 5.5, median: 3.5, p90: 15 });
    // Supports: 30, 60, 20, 8 → mean 29.5, median 25, p90 = 4th = 60.
    expect(c.supportTime).toEqual({ count: 4, avg: 29.5, median: 25, p90: 60 });
    expect(c).toMatchObject({
      supportHappening: 1,
      supportPending: 1,
      supportFinished: 4,
      supportGroups: 1,
      leads: 7,
      activeTickets: 1,
      passiveTickets: 6,
      tickets: 7,
      withRating: 2,
      waitRating: 1,
      withoutRating: 1,
      percRating: 50,
      npsScore: 0,
      npsPromotersPerc: 50,
      npsDetractorsPerc: 50,
      npsPassivePerc: 0,
    });
    const rows = attendants.map(({ supportTime, waitTime, firstResponseTime, online, id, ...r }) => r).filter((r) => ["Ana", "Bruno", "Caio"].includes(String(r.name)));
    expect(rows).toEqual([
      // Ana: ratings 10 and 6 → 8; waits 5, 10 → 7.5; supports 30, 60 → 45.
      { name: "Ana", rating: 8, countRating: 2, tickets: 2, avgWaitTime: 7.5, avgSupportTime: 45 },
      // Bruno: waits 0, 15, 1, 2 → 4.5 (median (1+2)/2 = 1.5, p90 = 4th = 15); supports 20, 8 → 14.
      { name: "Bruno", rating: 0, countRating: 0, tickets: 4, avgWaitTime: 4.5, avgSupportTime: 14 },
      { name: "Caio", rating: 0, countRating: 0, tickets: 0, avgWaitTime: 0, avgSupportTime: 0 },
    ]);
    expect(attendants.find((a) => a.name === "Bruno")!.waitTime).toEqual({ count: 4, avg: 4.5, median: 1.5, p90: 15 });
    // First responses: 3, 10, 1, 20, 2 → mean 36/5 = 7.2, median 3, p90 = 5th = 20.
    expect(c.firstResponseTime).toEqual({ count: 5, avg: 7.2, median: 3, p90: 20 });
    // Ana: 3, 10 → 6.5, median 6.5, p90 = 2nd = 10. Bruno: 1, 20, 2 → 23/3, median 2, p90 = 3rd = 20.
    expect(attendants.find((a) => a.name === "Ana")!.firstResponseTime).toEqual({ count: 2, avg: 6.5, median: 6.5, p90: 10 });
    expect(attendants.find((a) => a.name === "Bruno")!.firstResponseTime).toEqual({ count: 3, avg: 7.67, median: 2, p90: 20 });
  });

  it("equals the JS reference on generated tickets, day by day and over the month", async () => {
    const service = new DashboardService(t.kernel.db);
    for (const [from, to] of [
      ["2030-01-10", "2030-01-10"],
      ["2030-01-20", "2030-01-20"],
      ["2030-01-01", "2030-01-31"],
      ["2030-02-01", "2030-02-02"],
    ] as const) {
      const body = await dashboard(`date_from=${from}&date_to=${to}`);
      const reference = await service.reference(companyId, rangeOf({ from, to }));
      expect({ from, to, ...body }).toEqual({ from, to, ...reference });
    }
  });

  it("counts a contact once when its tickets fall in both halves of the range (the halves run apart)", async () => {
    const [first] = (await t.kernel.database.client.execute({ sql: "SELECT contact_id, whatsapp_id FROM tickets WHERE company_id = ? ORDER BY id LIMIT 1", args: [companyId] }))
      .rows;
    await t.kernel.database.client.execute({
      sql: "INSERT INTO tickets (uuid, company_id, status, contact_id, whatsapp_id, created_at, updated_at) VALUES ('again-later', ?, 'closed', ?, ?, ?, ?)",
      args: [companyId, first!.contact_id, first!.whatsapp_id, "2030-02-05T10:00:00.000Z", "2030-02-05T10:00:00.000Z"],
    });
    const { counters } = await dashboard("date_from=2030-01-10&date_to=2030-02-05");
    const reference = await new DashboardService(t.kernel.db).reference(companyId, rangeOf({ from: "2030-01-10", to: "2030-02-05" }));
    expect(counters.leads).toBe(reference.counters.leads);
    expect(counters.leads).toBe(Number(counters.tickets) - 1);
  });
});
