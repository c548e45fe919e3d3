/**
 * Runs the report's big page on the read pool's threads (Bun; vitest's Node has none, so there
 * the page is read by keyset on the main connection): big-page-threads.test.ts reads the JSON
 * line this prints.
 *   bun plugins/reports/server/testing/big-page-probe.ts
 */
import { createCompanyWithAdmin } from "../../../../tests/support/fixtures.ts";
import { createTestKernel } from "../../../../tests/support/test-kernel.ts";
import { type SQL, sql as q } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { rangeOf } from "../report-range.ts";
import { TicketReportService } from "../ticket-report.service.ts";

const t = await createTestKernel();
try {
  const { token, company } = await createCompanyWithAdmin(t, "Páginas");
  const conn = (await t.call("POST", "/whatsapp", { token, body: { name: "API", channel: "api", webhookUrl: "http://127.0.0.1:9/hook" } })).body as { id: number };
  const sql = (text: string, args: (string | number)[] = []) => t.kernel.database.client.execute({ sql: text, args });
  // 10,000 tickets over January 2030, every 4 minutes, some on the same instant (ties on the
  // time, the id decides), each with its own contact; a quote and an accent in names. Enough for
  // a whole page to be cut in halves (two chunks of PAGE_CHUNK at least).
  await sql(
    `INSERT INTO contacts (company_id, name, number, created_at, updated_at)
     SELECT ?, 'Cliente "' || value || '" ção', '5511' || (900000000 + value), '2030-01-01T00:00:00.000Z', '2030-01-01T00:00:00.000Z' FROM generate_series(1, 10000)`,
    [company.id],
  );
  await sql(
    `INSERT INTO tickets (uuid, company_id, status, contact_id, whatsapp_id, last_message, created_at, updated_at)
     SELECT 'big-' || c.id, ?, CASE c.id % 3 WHEN 0 THEN 'closed' ELSE 'pending' END, c.id, ?, 'mensagem ' || c.id,
       strftime('%Y-%m-%dT%H:%M:%fZ', '2030-01-01', '+' || ((c.id / 2) * 4) || ' minutes'), '2030-02-01T00:00:00.000Z'
     FROM contacts c WHERE c.company_id = ?`,
    [company.id, conn.id, company.id],
  );
  const threaded = t.kernel.database.reads.threaded;
  const range = "dateFrom=2030-01-01&dateTo=2030-01-31";
  const big = async (extra: string) => {
    const res = await t.call("GET", `/ticketreport/reports?${range}${extra}`, { token });
    return res.body as { tickets: { id: number; status: string }[]; totalTickets: { total: number } };
  };
  // The reference: pages of 1,000 (each one statement on the main connection's order).
  const pages: { id: number; status: string }[] = [];
  for (let page = 1; ; page++) {
    const { tickets } = await big(`&pageSize=1000&page=${page}`);
    pages.push(...tickets);
    if (tickets.length < 1000) break;
  }
  // How many chunk sequences each big page started (a chunk without a cursor): two when it was cut in halves.
  const reads = t.kernel.database.reads;
  const readAll = reads.all.bind(reads);
  const dialect = new SQLiteAsyncDialect();
  let walks = 0;
  reads.all = <T>(query: SQL) => {
    const text = dialect.sqlToQuery(query).sql;
    if (text.includes("group_concat(j, ',')") && !text.includes("not (")) walks++;
    return readAll<T>(query);
  };
  const walked = async (extra: string) => {
    walks = 0;
    const body = await big(extra);
    return { body, walks };
  };
  const { body: whole, walks: wholeWalks } = await walked("&pageSize=9999999");
  const { body: first9000, walks: first9000Walks } = await walked("&pageSize=9000");
  const first1500 = await big("&pageSize=1500");
  const second = await big("&pageSize=1500&page=2");
  const filtered = await big("&pageSize=9999999&status=closed");
  // Left after the first chunk (a download cancelled) while the older half reads ahead: both walks
  // stop and the two threads answer the next statements.
  const service = new TicketReportService(t.kernel.db, reads, { rows: 100, pageRows: 100 });
  const filter = { range: rangeOf({ from: "2030-01-01", to: "2030-01-31" }), whatsappIds: [], userIds: [], queueIds: [], statuses: [], onlyRated: false };
  for await (const _ of service.jsonChunks(company.id, filter, 9_999_999)) break;
  const afterCancel = await Promise.race([
    Promise.all([1, 2, 3, 4].map(() => reads.all<{ n: number }>(q`select count(*) as n from tickets_view`))).then((rows) => rows.length),
    new Promise((r) => setTimeout(() => r("stuck"), 5_000)),
  ]);
  console.log(
    JSON.stringify({
      afterCancel,
      threaded,
      total: whole.totalTickets.total,
      rows: whole.tickets.length,
      equal: JSON.stringify(whole.tickets) === JSON.stringify(pages),
      wholeWalks,
      first9000: JSON.stringify(first9000.tickets) === JSON.stringify(pages.slice(0, 9000)),
      first9000Walks,
      first9000Total: first9000.totalTickets.total,
      first1500: JSON.stringify(first1500.tickets) === JSON.stringify(pages.slice(0, 1500)),
      second: JSON.stringify(second.tickets) === JSON.stringify(pages.slice(1500, 3000)),
      filtered: filtered.tickets.length,
      filteredTotal: filtered.totalTickets.total,
      filteredEqual: JSON.stringify(filtered.tickets) === JSON.stringify(pages.filter((row) => row.status === "closed")),
    }),
  );
} finally {
  await t.close();
}
