import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCompanyWithAdmin, createUser } from "../support/fixtures.ts";
import { withoutKindOwners } from "../support/without-kind-owners.ts";
import { createTestKernel, type TestKernel } from "../support/test-kernel.ts";
import scratchBoard from "./scratch-board/server/index.ts";

/**
 * Issue 24's "done means": the scratch plugin reports on the tickets plugin's published views
 * (./scratch-board/server/report.ts). Conversations go through the real HTTP API (the API
 * channel's inbound, PUT /tickets/{id}, the customer's rating answered to the bot), and the
 * report's figures are checked against the times the API answers on each ticket.
 */
let t: TestKernel;
let planId: number;
beforeEach(async () => {
  t = await createTestKernel({ plugins: [...withoutKindOwners(), scratchBoard] });
  const superToken = (await t.login()).token;
  planId = (await t.call("POST", "/plans", { token: superToken, body: { name: "Com quadro", useScratchBoard: true } })).body.id;
});
afterEach(() => t.close());

type Ticket = { id: number; createdAt: string; acceptedAt: string | null; closedAt: string | null };
const today = () => new Date().toISOString().slice(0, 10);
const seconds = (later: string, earlier: string) => (Date.parse(later) - Date.parse(earlier)) / 1000;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const pause = () => new Promise((r) => setTimeout(r, 15));

/** A company with the scratch plugin, an API-channel connection asking ratings, and a queue. */
async function store(name: string) {
  const a = await createCompanyWithAdmin(t, name, { planId });
  const call = async (method: string, path: string, body?: unknown, token = a.token) => {
    const res = await t.call(method, path, { token, body });
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body;
  };
  await call("PUT", "/settings/userRating", { value: "enabled" });
  const api = await call("POST", "/whatsapp", { name: "API", channel: "api", webhookUrl: "http://127.0.0.1:9/hook", ratingMessage: "De 0 a 10?", expiresTicketNPS: 30 });
  const queue = await call("POST", "/queue", {
    name: `Fila ${name}`,
    color: `#${Math.floor(Math.random() * 0xffffff)
      .toString(16)
      .padStart(6, "0")}`,
    greetingMessage: "",
  });
  let n = 0;
  const writes = async (number: string, body: string) => {
    const res = await t.call("POST", "/channels/api/inbound", {
      body: { id: `${name}-${++n}`, number, name: `Cliente ${number}`, body },
      headers: { authorization: `Bearer ${api.token}` },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.ticketId as number;
  };
  const put = (id: number, body: Record<string, unknown>) => call("PUT", `/tickets/${id}`, body);
  const ticket = async (id: number) => (await call("GET", `/tickets/${id}`)) as Ticket;
  const report = (query = "", token = a.token) => t.call("GET", `/scratch-board/report${query}`, { token });
  return { ...a, call, queue, writes, put, ticket, report };
}

describe("scratch plugin's report over tickets' read views: happy", () => {
  it("counts the day's tickets, accepted and resolved, with mean wait and support times, the ratings and the transfers", async () => {
    const s = await store("Loja A");
    // Rated: accepted, resolved with the rating, the customer answers 9 (the bot stores it and closes).
    const rated = await s.writes("5511900000001", "Oi");
    await pause();
    await s.put(rated, { status: "open", userId: s.user.id });
    await pause();
    expect(await s.put(rated, { status: "nps", sendFarewellMessage: false })).toMatchObject({ status: "nps" });
    await s.writes("5511900000001", "9");
    while ((await t.kernel.jobs.runDue()) > 0) {}
    expect(await s.ticket(rated)).toMatchObject({ status: "closed", userRating: { score: 9 } });
    // Transferred to an attendant (accepted by the transfer), then resolved without rating.
    const other = await createUser(t, s.company.id, { profile: "admin" });
    const transferred = await s.writes("5511900000002", "Olá");
    await pause();
    await s.put(transferred, { queueId: s.queue.id, userId: other.user.id });
    await pause();
    await s.put(transferred, { status: "closed", sendRating: false, sendFarewellMessage: false });
    // Accepted, still open; and one still waiting.
    const open = await s.writes("5511900000003", "Bom dia");
    await pause();
    await s.put(open, { status: "open", userId: s.user.id });
    await s.writes("5511900000004", "Alguém?");

    const answered = await Promise.all([rated, transferred, open].map((id) => s.ticket(id)));
    const res = await s.report(`?from=${today()}&to=${today()}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ from: today(), to: today(), ratings: { count: 1, mean: 9 }, transfers: 1 });
    expect(res.body.days).toHaveLength(1);
    const [day] = res.body.days;
    expect(day).toMatchObject({ day: today(), tickets: 4, accepted: 3, closed: 2 });
    expect(day.meanWaitSeconds).toBeCloseTo(mean(answered.map((x) => seconds(x.acceptedAt!, x.createdAt))), 2);
    expect(day.meanSupportSeconds).toBeCloseTo(mean(answered.filter((x) => x.closedAt).map((x) => seconds(x.closedAt!, x.acceptedAt!))), 2);
    expect(day.meanWaitSeconds).toBeGreaterThan(0);
    // The default range (the first of the month to today) holds today.
    expect((await s.report()).body.days).toEqual(res.body.days);
    // A range without tickets.
    expect((await s.report("?from=2020-01-01&to=2020-01-31")).body).toMatchObject({ days: [], ratings: { count: 0, mean: null }, transfers: 0 });
  });
});

describe("scratch plugin's report: errors and security", () => {
  it("bad dates are field errors, never a 5xx", async () => {
    const s = await store("Loja Datas");
    for (const q of ["?from=2026-13-01", "?to=ontem", "?from=2026-02-30", "?from=2026-03-10&to=2026-03-01"]) {
      const res = await s.report(q);
      expect(res.status, q).toBe(400);
      expect(res.body.error).toBe("ERR_VALIDATION");
    }
  });

  it("a company sees only its own tickets, ratings and logs through the views; plain users and plans without the flag are refused", async () => {
    const a = await store("Loja A");
    const b = await store("Loja B");
    const mine = await a.writes("5511900000010", "Oi");
    await a.put(mine, { status: "open", userId: a.user.id });
    await a.put(mine, { queueId: a.queue.id });
    const theirs = await b.writes("5511900000010", "Oi");
    await b.put(theirs, { status: "open", userId: b.user.id });
    await b.put(theirs, { status: "closed", sendRating: false, sendFarewellMessage: false });

    const range = `?from=${today()}&to=${today()}`;
    expect((await a.report(range)).body).toMatchObject({ days: [{ tickets: 1, accepted: 1, closed: 0 }], transfers: 1 });
    expect((await b.report(range)).body).toMatchObject({ days: [{ tickets: 1, accepted: 1, closed: 1 }], transfers: 0 });

    const plain = await createUser(t, a.company.id);
    expect((await a.report(range, plain.token)).status).toBe(403);
    const off = await createCompanyWithAdmin(t, "Loja Sem Quadro", { planId: 1 });
    expect((await a.report(range, off.token)).body).toMatchObject({ error: "ERR_PLAN_FEATURE_DISABLED" });
  });
});
