import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { rangeOf } from "./report-range.ts";
import { at, pinnedTicket, reportWorld } from "./reports.fixtures.ts";
import { type ReportRow, TicketReportService } from "./ticket-report.service.ts";

/*
 * The reports through the real server on a fresh database, over fixture tickets whose times are
 * pinned (reports.fixtures.ts); every expected figure is computed by hand in the comments.
 */

let t: TestKernel;
let w: Awaited<ReturnType<typeof reportWorld>>;
let other: Awaited<ReturnType<typeof reportWorld>>;

beforeAll(async () => {
  t = await createTestKernel();
  w = await reportWorld(t, "Empresa A");
  // Another company with its own tickets on the same days: never counted for A.
  other = await reportWorld(t, "Empresa B");
  await pinnedTicket(t, other.conn.token, "5511900000099", {
    status: "closed",
    userId: other.ana.user.id,
    createdAt: at("10", "10:00"),
    acceptedAt: at("10", "10:00"),
    closedAt: at("10", "18:00"),
    rating: 0,
  });
}, 60_000);
afterAll(() => t?.close());

const day10 = "date_from=2030-01-10&date_to=2030-01-10";

describe("GET /dashboard", () => {
  it("answers every counter of the spec, computed by hand, for the company's tickets of the range", async () => {
    const res = await t.call("GET", `/dashboard?${day10}`, { token: w.token });
    expect(res.status).toBe(200);
    expect(res.body.from).toBe("2030-01-10");
    const c = res.body.counters;
    // Waits T1 5, T2 10 (bot 2 min excluded: 12 without), T3 15 → mean 10, median 10, p90 = 3rd = 15.
    expect(c.waitTime).toEqual({ count: 3, avg: 10, median: 10, p90: 15 });
    // Supports T1 30, T2 60 → mean 45, median 45, p90 = 2nd = 60.
    expect(c.supportTime).toEqual({ count: 2, avg: 45, median: 45, p90: 60 });
    // Its messages are the customers' "Olá" of today, before the pinned days: no first response (pinned in dashboard-aggregates.test.ts).
    expect(c.firstResponseTime).toEqual({ count: 0, avg: 0, median: 0, p90: 0 });
    expect({ ...c, waitTime: undefined, supportTime: undefined, firstResponseTime: undefined }).toEqual({
      supportHappening: 1,
      supportPending: 1,
      supportFinished: 2,
      supportGroups: 0,
      leads: 4,
      avgSupportTime: 45,
      avgWaitTime: 10,
      activeTickets: 0,
      passiveTickets: 4,
      // 10 a promoter, 6 a detractor.
      npsScore: 0,
      npsPromotersPerc: 50,
      npsDetractorsPerc: 50,
      npsPassivePerc: 0,
      tickets: 4,
      waitRating: 0,
      withoutRating: 0,
      withRating: 2,
      percRating: 100,
      waitTime: undefined,
      supportTime: undefined,
      firstResponseTime: undefined,
    });
  });

  it("answers one row per attendant: rating, tickets and times by hand", async () => {
    const rows = (await t.call("GET", `/dashboard?${day10}`, { token: w.token })).body.attendants;
    const byName = Object.fromEntries(rows.map((r: { name: string }) => [r.name, r]));
    // Ana: ratings 10 and 6 → 8; waits 5, 10 → 7.5; supports 30, 60 → 45.
    expect(byName.Ana).toMatchObject({ rating: 8, countRating: 2, tickets: 2, avgWaitTime: 7.5, avgSupportTime: 45, online: expect.any(Boolean) });
    expect(byName[w.user.name]).toMatchObject({ rating: 0, countRating: 0, tickets: 1, avgWaitTime: 15, avgSupportTime: 0 });
    expect(byName.Zé).toMatchObject({ tickets: 0 });
    expect(rows).toHaveLength(3);
  });

  it("takes the last `days` days, defaults to the month, and names a bad date", async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect((await t.call("GET", "/dashboard/", { token: w.token })).body).toMatchObject({ from: `${today.slice(0, 8)}01`, to: today });
    expect((await t.call("GET", "/dashboard?days=7", { token: w.token })).body.to).toBe(today);
    const bad = await t.call("GET", "/dashboard?date_from=ontem", { token: w.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("ERR_VALIDATION");
    expect((await t.call("GET", "/dashboard?date_from=2030-01-11&date_to=2030-01-10", { token: w.token })).status).toBe(400);
    expect((await t.call("GET", "/dashboard?date_from=2000-01-01&date_to=2030-01-10", { token: w.token })).status).toBe(400);
  });
});

describe("active and passive tickets", () => {
  it("a ticket an attendant opened (its create log names them) is active; the customer's are passive", async () => {
    // A closed ticket's contact, so the new one is the contact's only live ticket.
    const opened = await t.call("POST", "/tickets", { token: w.token, body: { contactId: w.tickets[0]!.contactId, status: "open", userId: w.user.id, whatsappId: w.conn.id } });
    expect(opened.status).toBe(200);
    const when = at("12", "09:00");
    const client = t.kernel.database.client;
    try {
      await client.execute({ sql: "UPDATE tickets SET created_at = ?, accepted_at = ? WHERE id = ?", args: [when, when, opened.body.id] });
      await client.execute({ sql: "UPDATE ticket_logs SET created_at = ? WHERE ticket_id = ? AND type = 'create'", args: [when, opened.body.id] });
      const c = (await t.call("GET", "/dashboard?date_from=2030-01-11&date_to=2030-01-12", { token: w.token })).body.counters;
      // T5 (the customer's, the 11th) and the opened one (the 12th).
      expect(c).toMatchObject({ tickets: 2, activeTickets: 1, passiveTickets: 1 });
    } finally {
      // Gone again: the panel's tests count the live tickets.
      await client.execute({ sql: "DELETE FROM tickets WHERE id = ?", args: [opened.body.id] });
    }
  });
});

describe("charts", () => {
  it("GET /dashboard/ticketsDay: tickets per day, every day of the range", async () => {
    const res = await t.call("GET", "/dashboard/ticketsDay?initialDate=2030-01-09&finalDate=2030-01-11&companyId=999", { token: w.token });
    expect(res.body).toEqual({
      data: [
        { date: "2030-01-09", total: 0 },
        { date: "2030-01-10", total: 4 },
        { date: "2030-01-11", total: 1 },
      ],
      count: 5,
    });
  });

  it("GET /dashboard/ticketsUsers: per attendant, most first", async () => {
    const res = await t.call("GET", "/dashboard/ticketsUsers?initialDate=2030-01-10T03:00:00.000Z&finalDate=2030-01-11", { token: w.token });
    expect(res.body.data).toEqual([
      { userId: w.ana.user.id, name: "Ana", total: 2 },
      { userId: w.user.id, name: w.user.name, total: 1 },
    ]);
  });
});

describe("GET /ticketreport/reports", () => {
  const q = (rest = "") => `/ticketreport/reports?dateFrom=2030-01-10&dateTo=2030-01-10${rest}`;

  it("answers the rows of §3 newest first with the total", async () => {
    const res = await t.call("GET", q(), { token: w.token });
    expect(res.status).toBe(200);
    expect(res.body.totalTickets).toEqual({ total: 4 });
    const [t1, t2, t3, t4] = w.tickets;
    // Created 13:00, 12:00, then T1 and T2 both at 10:00: the later id first.
    expect(res.body.tickets.map((r: { id: number }) => r.id)).toEqual([t4!.ticketId, t3!.ticketId, t2!.ticketId, t1!.ticketId]);
    const row = res.body.tickets[3];
    expect(row).toMatchObject({
      id: t1!.ticketId,
      userName: "Ana",
      contactName: "Carla Souza",
      status: "closed",
      supportTime: 30,
      NPS: 10,
      closedAt: at("10", "10:35"),
      lastMessage: "Olá",
    });
    expect(row.whatsappName).toMatch(/^API /);
    expect(Object.keys(row).sort()).toEqual(
      ["id", "uuid", "whatsappName", "contactName", "userName", "queueName", "queueColor", "status", "lastMessage", "createdAt", "closedAt", "supportTime", "NPS"].sort(),
    );
  });

  it("filters: users, status, onlyRated, connection, contact, search; pages", async () => {
    const ids = async (rest: string) => (await t.call("GET", q(rest), { token: w.token })).body.tickets.map((r: { id: number }) => r.id);
    const [t1, t2, t3, t4] = w.tickets.map((x) => x.ticketId);
    expect(await ids(`&users=[${w.ana.user.id}]`)).toEqual([t2, t1]);
    expect(await ids(`&status=${encodeURIComponent('["open","pending"]')}`)).toEqual([t4, t3]);
    expect(await ids("&onlyRated=true")).toEqual([t2, t1]);
    expect(await ids(`&whatsappId=${w.conn.id}`)).toEqual([t4, t3, t2, t1]);
    expect(await ids(`&whatsappId=[${other.conn.id}]`)).toEqual([]);
    expect(await ids(`&contactId=${w.tickets[0]!.contactId}`)).toEqual([t1]);
    expect(await ids("&searchParam=carla")).toEqual([t1]);
    expect(await ids("&searchParam=100%25")).toEqual([]);
    const page2 = await t.call("GET", q("&pageSize=2&page=2"), { token: w.token });
    expect(page2.body).toMatchObject({ totalTickets: { total: 4 } });
    expect(page2.body.tickets.map((r: { id: number }) => r.id)).toEqual([t2, t1]);
    expect((await t.call("GET", q("&users=nope"), { token: w.token })).status).toBe(400);
    expect((await t.call("GET", q("&pageSize=0"), { token: w.token })).status).toBe(400);
  });

  it("pageSize 9999999 (the web's export): the same rows, streamed", async () => {
    const small = await t.call("GET", q(), { token: w.token });
    const big = await t.call("GET", q("&pageSize=9999999"), { token: w.token });
    expect(big.status).toBe(200);
    expect(big.body).toEqual(small.body);
    // totalTickets whatever the page saw: past the last row, and filtered.
    const past = await t.call("GET", q("&pageSize=1001&page=2"), { token: w.token });
    expect(past.body).toEqual({ tickets: [], totalTickets: { total: 4 } });
    const rated = await t.call("GET", q("&pageSize=9999999&onlyRated=true"), { token: w.token });
    expect(rated.body.totalTickets).toEqual({ total: 2 });
  });

  it("a big page's total: the rows it read when it read them all from the first, a count when its limit stopped it", async () => {
    const report = new TicketReportService(t.kernel.db, undefined, { rows: 2, pageRows: 2 });
    const filter = { range: rangeOf({ from: "2030-01-10", to: "2030-01-11" }), whatsappIds: [], userIds: [], queueIds: [], statuses: [], onlyRated: false };
    const total = async (limit: number, offset: number) => {
      const tally = { rows: 0, total: null };
      for await (const _ of report.jsonChunks(w.company.id, filter, limit, offset, tally));
      return { tally: tally.rows, total: await report.totalAfter(w.company.id, filter, limit, offset, tally) };
    };
    expect(await total(100, 0)).toEqual({ tally: 5, total: 5 });
    expect(await total(3, 0)).toEqual({ tally: 3, total: 5 });
    expect(await total(100, 2)).toEqual({ tally: 3, total: 5 });
  });

  it("reads a big page in chunks by keyset, ties on the time included, never more than a chunk at once", async () => {
    const report = new TicketReportService(t.kernel.db, undefined, { rows: 3, pageRows: 3 });
    const filter = { range: rangeOf({ from: "2030-01-10", to: "2030-01-11" }), whatsappIds: [], userIds: [], queueIds: [], statuses: [], onlyRated: false };
    const chunks: number[][] = [];
    for await (const rows of report.chunks(w.company.id, filter, 100)) chunks.push(rows.map((r) => r.id));
    const [t1, t2, t3, t4, t5] = w.tickets.map((x) => x.ticketId);
    // T2 ends the first chunk, T1 (the same 10:00) starts the next.
    expect(chunks).toEqual([
      [t5, t4, t3],
      [t2, t1],
    ]);
    const limited: number[] = [];
    for await (const rows of report.chunks(w.company.id, filter, 4, 1)) limited.push(...rows.map((r) => r.id));
    expect(limited).toEqual([t4, t3, t2, t1]);
  });

  it("the file exports' cells come from SQLite chunk by chunk: the rows' values in the file's columns, as the row reads give them", async () => {
    const report = new TicketReportService(t.kernel.db, undefined, { rows: 2, pageRows: 2 });
    const filter = { range: rangeOf({ from: "2030-01-10", to: "2030-01-11" }), whatsappIds: [], userIds: [], queueIds: [], statuses: [], onlyRated: false };
    const rows: ReportRow[] = [];
    for await (const chunk of report.chunks(w.company.id, filter, 100)) rows.push(...chunk);
    const chunks: string[][][] = [];
    for await (const chunk of report.cellChunks(w.company.id, filter, 100)) chunks.push(chunk);
    expect(chunks.map((c) => c.length)).toEqual([2, 2, 1]);
    const text = (v: string | number | null) => (v === null ? "" : String(v));
    expect(chunks.flat()).toEqual(
      rows.map((r) => [r.id, r.userName, r.createdAt, r.closedAt, r.NPS, r.status, r.whatsappName, r.queueName, r.lastMessage, r.contactName, r.supportTime].map(text)),
    );
    // T2's 60 and T1's 30 minutes as the writer prints a number (not SQLite's 60.0).
    expect(chunks.flat().map((c) => c[10])).toEqual(["", "", "", "60", "30"]);
  });

  it("a chunk after the first starts at its cursor: the cursor's instant is its only upper bound, never the range's end too", () => {
    // With both, SQLite may bound the index range by the range's end and walk every row already
    // read again before each chunk (a 100,000-row export's chunks: quadratic, 3.6 s).
    const report = new TicketReportService(t.kernel.db);
    const range = rangeOf({ from: "2030-01-01", to: "2030-01-31" });
    const filter = { range, whatsappIds: [], userIds: [], queueIds: [], statuses: [], onlyRated: false };
    const { sql, params } = new SQLiteAsyncDialect().sqlToQuery(report.chunkQuery(w.company.id, filter, 500, 0, ["2030-01-20T10:00:00.000Z", 42]));
    expect(params).not.toContain(range.end);
    expect(params).toContain(range.start);
    expect(sql).toMatch(/"created_at" <= \?/);
    expect(new SQLiteAsyncDialect().sqlToQuery(report.chunkQuery(w.company.id, filter, 500, 0, null)).params).toContain(range.end);
  });

  it("the big page's JSON is written by SQLite chunk by chunk: the same rows, fields and order as the row reads", async () => {
    const report = new TicketReportService(t.kernel.db, undefined, { rows: 2, pageRows: 2 });
    const filter = { range: rangeOf({ from: "2030-01-10", to: "2030-01-11" }), whatsappIds: [], userIds: [], queueIds: [], statuses: [], onlyRated: false };
    for (const [limit, offset] of [
      [100, 0],
      [3, 1],
    ] as const) {
      const rows: unknown[] = [];
      for await (const chunk of report.chunks(w.company.id, filter, limit, offset)) rows.push(...chunk);
      const json: string[] = [];
      for await (const chunk of report.jsonChunks(w.company.id, filter, limit, offset)) json.push(new TextDecoder().decode(chunk));
      expect(json.length).toBe(Math.ceil(rows.length / 2));
      expect(JSON.parse(`[${json.join(",")}]`)).toEqual(rows);
      // Byte for byte but SQLite's whole minutes, a real (30.0: the same number).
      expect(json.join(",")).toBe(
        rows
          .map((r) => JSON.stringify(r))
          .join(",")
          .replace(/"supportTime":(\d+)}/g, '"supportTime":$1.0}'),
      );
    }
    // T1 and T2's support times (60 and 30 minutes) among them.
    const all: string[] = [];
    for await (const chunk of report.jsonChunks(w.company.id, filter, 100)) all.push(new TextDecoder().decode(chunk));
    expect(JSON.parse(`[${all.join(",")}]`).map((r: { supportTime: number | null }) => r.supportTime)).toEqual([null, null, null, 60, 30]);
  });

  it("GET /ticketreport/export/{format}: relatorio-de-atendimentos as xlsx and csv", async () => {
    const csv = await t.call("GET", "/ticketreport/export/csv?dateFrom=2030-01-10&dateTo=2030-01-10", { token: w.token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-disposition")).toContain("relatorio-de-atendimentos.csv");
    const lines = String(csv.body)
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r\n/);
    expect(lines).toHaveLength(5);
    expect(lines[0]).toContain("Ticket;Usuário");
    expect(lines[4]).toContain("Carla Souza");
    const xlsx = await t.call("GET", "/ticketreport/export/xlsx?dateFrom=2030-01-10&dateTo=2030-01-10", { token: w.token });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get("content-disposition")).toContain("relatorio-de-atendimentos.xlsx");
    expect(xlsx.headers.get("content-type")).toContain("spreadsheetml");
  });
});

describe("GET /dashboard/attendants/export/{format}", () => {
  it("the attendants tab as a file, one line per attendant", async () => {
    const csv = await t.call("GET", `/dashboard/attendants/export/csv?${day10}`, { token: w.token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-disposition")).toContain("atendentes.csv");
    const lines = String(csv.body)
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r\n/);
    // Header, then Admin, Ana, Zé by name; Ana: 8, 2 ratings, 2 tickets, waits 7.5 / 7.5 / 10, supports 45 / 45 / 60.
    expect(lines).toHaveLength(4);
    expect(lines.find((l) => l.startsWith("Ana;"))).toMatch(/^Ana;8;2;2;7\.5;7\.5;10;45;45;60;/);
    expect((await t.call("GET", "/dashboard/attendants/export/xlsx", { token: w.token })).headers.get("content-type")).toContain("spreadsheetml");
    expect((await t.call("GET", "/dashboard/attendants/export/pdf", { token: w.token })).status).toBe(400);
  });
});

describe("permissions and tenancy", () => {
  it("a profile user without showDashboard gets 403 on the dashboard and reports; with it, 200", async () => {
    for (const path of [
      `/dashboard?${day10}`,
      "/dashboard/ticketsDay",
      "/dashboard/ticketsUsers",
      "/ticketreport/reports",
      "/ticketreport/export/csv",
      "/dashboard/attendants/export/csv",
    ]) {
      const res = await t.call("GET", path, { token: w.plain.token });
      expect(res.status, path).toBe(403);
      expect(res.body.error).toBe("ERR_REPORTS_FORBIDDEN");
      expect((await t.call("GET", path, { token: w.ana.token })).status, path).toBe(200);
    }
  });

  it("a profile user without allowRealTime gets 403 on the panel; an admin always sees it", async () => {
    for (const path of ["/dashboard/moments", "/usersMoments"]) {
      expect((await t.call("GET", path, { token: w.plain.token })).status, path).toBe(403);
      expect((await t.call("GET", path, { token: w.token })).status, path).toBe(200);
      expect((await t.call("GET", path, { token: w.ana.token })).status, path).toBe(200);
    }
  });

  it("another company's tickets are never counted", async () => {
    const b = (await t.call("GET", `/dashboard?${day10}`, { token: other.token })).body.counters;
    // B: its own five-ticket world plus the 0-rated ticket on the 10th.
    expect(b.tickets).toBe(5);
    expect(b.withRating).toBe(3);
    const a = (await t.call("GET", `/ticketreport/reports?dateFrom=2030-01-10&dateTo=2030-01-11&pageSize=9999999`, { token: w.token })).body;
    expect(a.totalTickets.total).toBe(5);
    expect(a.tickets.every((r: { whatsappName: string }) => r.whatsappName !== null)).toBe(true);
    const ids = new Set(w.tickets.map((x) => x.ticketId));
    expect(a.tickets.every((r: { id: number }) => ids.has(r.id))).toBe(true);
  });
});

describe("the real-time panel", () => {
  it("GET /dashboard/moments: the live tickets, admin may open any", async () => {
    const res = await t.call("GET", "/dashboard/moments", { token: w.token });
    const ids = res.body.map((r: { id: number }) => r.id).sort();
    const [, , t3, t4, t5] = w.tickets.map((x) => x.ticketId);
    expect(ids).toEqual([t3, t4, t5].sort());
    expect(res.body.every((r: { canOpen: boolean }) => r.canOpen)).toBe(true);
    const pending = await t.call("GET", "/dashboard/moments?status=pending", { token: w.token });
    expect(pending.body.map((r: { id: number }) => r.id).sort()).toEqual([t4, t5].sort());
  });

  it("GET /usersMoments: Pendentes first, then per attendant", async () => {
    const res = await t.call("GET", "/usersMoments", { token: w.token });
    expect(res.body[0].user).toBeNull();
    expect(res.body[0].tickets).toHaveLength(2);
    expect(res.body[1]).toMatchObject({ user: { id: w.user.id, name: w.user.name } });
    expect(res.body[1].tickets.map((r: { id: number }) => r.id)).toEqual([w.tickets[2]!.ticketId]);
  });
});
