import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unzipEntries } from "../../../core/spreadsheet/testing/read-archives.ts";
import { createCompanyWithAdmin } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { defaultOfficeHours } from "../../office-hours/office-hours.contract.ts";
import { pinnedTicket } from "./reports.fixtures.ts";

/*
 * The business-hours view through the real server (`businessHours=true`), by hand. Zone
 * America/Sao_Paulo (UTC−3, `TZ`). Queue Vendas works Monday to Friday 09:00–18:00; a ticket
 * without a queue follows the company's week (the default: 08–12 and 13–18 every day).
 * 2030-01-11 is a Friday.
 * - B1 (Vendas): the customer writes Fri 17:30, accepted Mon 09:15, reply Mon 09:20, closed
 *   Mon 10:15. Wall clock: wait 3825 min, first response 3830, support 60. Business: wait
 *   30 (Fri 17:30–18:00) + 15 = 45, first response 30 + 20 = 50, support 60.
 * - B2 (no queue): writes Sat 11:00, accepted 14:00, reply 14:05, closed 18:30. Wall clock:
 *   wait 180, first response 185, support 270. Business (lunch 12–13 and after 18 out): wait
 *   120, first response 60 + 65 = 125, support 240.
 */

let t: TestKernel;
let token: string;
let queueId: number;
let connectionToken: string;
let adminId: number;
const zone = process.env.TZ;

beforeAll(async () => {
  process.env.TZ = "America/Sao_Paulo";
  t = await createTestKernel();
  const owner = await createCompanyWithAdmin(t, "Horário");
  token = owner.token;
  const A = owner.user.id;
  const schedules = defaultOfficeHours().map((d) =>
    d.weekdayEn === "saturday" || d.weekdayEn === "sunday"
      ? { ...d, startTimeA: "", endTimeA: "", startTimeB: "", endTimeB: "" }
      : { ...d, startTimeA: "09:00", endTimeA: "18:00", startTimeB: "", endTimeB: "" },
  );
  const queue = await t.call("POST", "/queue", { token, body: { name: "Vendas", color: "#aa0000", schedules } });
  expect(queue.status).toBe(200);
  queueId = queue.body.id;
  const conn = (await t.call("POST", "/whatsapp", { token, body: { name: "API", channel: "api", webhookUrl: "http://127.0.0.1:9/hook" } })).body;
  connectionToken = conn.token;
  adminId = A;
  const client = t.kernel.database.client;
  const ticket = async (number: string, queue: number | null, c: string, a: string, reply: string, closed: string) => {
    const { ticketId } = await pinnedTicket(t, conn.token, number, { status: "closed", userId: A, createdAt: c, acceptedAt: a, closedAt: closed });
    await client.execute({ sql: "UPDATE tickets SET queue_id = ? WHERE id = ?", args: [queue, ticketId] });
    for (const [fromMe, at] of [
      [0, c],
      [1, reply],
    ] as const)
      await client.execute({
        sql: "INSERT INTO messages (company_id, ticket_id, provider_id, body, from_me, user_id, is_private, created_at, updated_at) VALUES (?, ?, ?, 'x', ?, ?, 0, ?, ?)",
        args: [owner.company.id, ticketId, `bh-${ticketId}-${fromMe}`, fromMe, fromMe ? A : null, at, at],
      });
  };
  await ticket("5511700000001", queueId, "2030-01-11T20:30:00.000Z", "2030-01-14T12:15:00.000Z", "2030-01-14T12:20:00.000Z", "2030-01-14T13:15:00.000Z");
  await ticket("5511700000002", null, "2030-01-12T14:00:00.000Z", "2030-01-12T17:00:00.000Z", "2030-01-12T17:05:00.000Z", "2030-01-12T21:30:00.000Z");
}, 60_000);
afterAll(async () => {
  await t?.close();
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

const range = "date_from=2030-01-11&date_to=2030-01-12";

describe("businessHours=true", () => {
  it("GET /dashboard counts wait, support and first response inside the office hours", async () => {
    const plain = (await t.call("GET", `/dashboard?${range}`, { token })).body.counters;
    expect(plain.waitTime).toEqual({ count: 2, avg: 2002.5, median: 2002.5, p90: 3825 });
    const res = await t.call("GET", `/dashboard?${range}&businessHours=true`, { token });
    expect(res.status).toBe(200);
    const c = res.body.counters;
    expect(c.waitTime).toEqual({ count: 2, avg: 82.5, median: 82.5, p90: 120 });
    expect(c.supportTime).toEqual({ count: 2, avg: 150, median: 150, p90: 240 });
    expect(c.firstResponseTime).toEqual({ count: 2, avg: 87.5, median: 87.5, p90: 125 });
    expect([c.avgWaitTime, c.avgSupportTime, c.tickets]).toEqual([82.5, 150, 2]);
    const admin = res.body.attendants.find((a: { tickets: number }) => a.tickets === 2);
    expect([admin.avgWaitTime, admin.avgSupportTime, admin.firstResponseTime.avg]).toEqual([82.5, 150, 87.5]);
  });

  it("the report page's support time and the SLA's % met use the same clock", async () => {
    const rows = async (flag: string) =>
      Object.fromEntries(
        (await t.call("GET", `/ticketreport/reports?dateFrom=2030-01-11&dateTo=2030-01-12${flag}`, { token })).body.tickets.map(
          (r: { queueName: string | null; supportTime: number }) => [r.queueName ?? "none", r.supportTime],
        ),
      );
    expect(await rows("")).toEqual({ Vendas: 60, none: 270 });
    expect(await rows("&businessHours=true")).toEqual({ Vendas: 60, none: 240 });
    await t.call("PUT", "/reports/sla", { token, body: { targets: [{ queueId, firstResponseMinutes: 60, resolutionMinutes: null }] } });
    const sla = async (flag: string) => (await t.call("GET", `/reports/sla/compliance?${range}${flag}`, { token })).body;
    // 3830 wall-clock minutes: missed; 50 business minutes: met.
    expect((await sla("")).queues[0].firstResponse).toMatchObject({ met: 0, missed: 1, perc: 0 });
    expect(await sla("&businessHours=true")).toMatchObject({ businessHours: true, queues: [{ firstResponse: { met: 1, missed: 0, perc: 100 } }] });
  });

  it("the .csv/.xlsx export and the 9,999,999 page count the support time in office hours too", async () => {
    const supportCells = async (flag: string) =>
      String((await t.call("GET", `/ticketreport/export/csv?dateFrom=2030-01-11&dateTo=2030-01-12${flag}`, { token })).body)
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n")
        .slice(1)
        .map((line) => line.split(";").at(-1));
    // Newest first: B2 (no queue) then B1 (Vendas).
    expect(await supportCells("")).toEqual(["270", "60"]);
    expect(await supportCells("&businessHours=true")).toEqual(["240", "60"]);
    const xlsx = await t.call("GET", "/ticketreport/export/xlsx?dateFrom=2030-01-11&dateTo=2030-01-12&businessHours=true", { token });
    expect(xlsx.status).toBe(200);
    const big = await t.call("GET", "/ticketreport/reports?dateFrom=2030-01-11&dateTo=2030-01-12&pageSize=9999999&businessHours=true", { token });
    expect(big.body.tickets.map((r: { supportTime: number }) => r.supportTime)).toEqual([240, 60]);
    expect(big.body.totalTickets).toEqual({ total: 2 });
  });

  it("the further reports and their PDF/zip count the support time in office hours", async () => {
    // B3, a group conversation in Vendas: accepted Fri 17:50, closed Mon 09:10 (local). Wall clock
    // 3800 min (≥ 1440 bucket); business 10 (Fri 17:50–18:00) + 10 (Mon 09:00–09:10) = 20 ([15, 60)).
    const { ticketId } = await pinnedTicket(t, connectionToken, "5511700000003", {
      status: "closed",
      userId: adminId,
      createdAt: "2030-01-18T20:50:00.000Z",
      acceptedAt: "2030-01-18T20:50:00.000Z",
      closedAt: "2030-01-21T12:10:00.000Z",
    });
    await t.kernel.database.client.execute({ sql: "UPDATE tickets SET queue_id = ?, is_group = 1 WHERE id = ?", args: [queueId, ticketId] });
    const week = "date_from=2030-01-18&date_to=2030-01-21";
    const duration = async (flag: string) => (await t.call("GET", `/reports/ticket-duration?${week}${flag}`, { token })).body.rows;
    expect(await duration("")).toEqual([{ queueId, queueName: "Vendas", buckets: [0, 0, 0, 0, 1], total: 1 }]);
    expect(await duration("&businessHours=true")).toEqual([{ queueId, queueName: "Vendas", buckets: [0, 1, 0, 0, 0], total: 1 }]);
    const groups = async (flag: string) =>
      (await t.call("GET", `/reports/group-attendance?${week}${flag}`, { token })).body.rows.map((r: { avgSupportMinutes: number }) => r.avgSupportMinutes);
    expect(await groups("")).toEqual([3800]);
    expect(await groups("&businessHours=true")).toEqual([20]);
    const zip = await t.kernel.app.request(
      `/reports/ticket-duration/export/zip?${week}&businessHours=true`,
      { headers: { authorization: `Bearer ${token}` } },
      { remoteAddress: "127.0.0.1" },
    );
    expect(zip.status).toBe(200);
    const csv = new TextDecoder().decode(unzipEntries(new Uint8Array(await zip.arrayBuffer())).get("duracao-por-fila.csv"));
    expect(csv.split("\r\n")[1]).toBe("Vendas;0;1;0;0;0;1");
    const pdf = await t.call("GET", `/reports/group-attendance/export/pdf?${week}&businessHours=true`, { token });
    expect(pdf.status).toBe(200);
    expect((await t.call("GET", `/reports/survey-results?${week}&businessHours=true`, { token })).status).toBe(200);
  });

  it("refuses a flag that is not true or false", async () => {
    const res = await t.call("GET", `/dashboard?${range}&businessHours=sim`, { token });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("ERR_VALIDATION");
  });
});
