/**
 * Campaigns (plugins/campaigns, issue 25), in-process kernel with the background job runner on:
 *   (a) a 10,000-contact campaign with zero intervals on the API channel: messages stored
 *       (with their delivery outbox rows) per second until FINALIZADA, each target once;
 *       aim ≥ 500 msg/s. Meanwhile an attendant answers a customer on another API-channel
 *       connection every REPLY_EVERY_MS: the time from POST /messages/{ticketId} to the
 *       answer reaching that connection's webhook, p95; aim ≤ 100 ms.
 *   (b) pacing error: a campaign with messageInterval 1 s; the gaps between its stored
 *       messages against the configured gap; aim within 5 %.
 * Deliveries go to a loopback receiver (answers 200 at once).
 *   bun tests/bench/campaigns.ts
 * Overrides: BENCH_CAMPAIGN=10000 BENCH_PACED=8
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
import { contactListItems } from "../../plugins/campaigns/schema/tables.ts";
import { createCompanyWithAdmin } from "../support/fixtures.ts";
import { createTestKernel } from "../support/test-kernel.ts";
import { median, percentile } from "./support.ts";

const env = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
};
const TARGETS = env("BENCH_CAMPAIGN", 10_000);
const PACED = env("BENCH_PACED", 8);
const fmt = (n: number) => n.toLocaleString("en-US");

const REPLY_EVERY_MS = 100;
/** When each attendant's answer (its body, "resposta N") reached the other connection's webhook. */
const repliesAt = new Map<string, number>();
const receiver = createServer((req, res) => {
  if (req.url !== "/reply") {
    req.resume();
    req.on("end", () => res.writeHead(200).end("ok"));
    return;
  }
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const at = performance.now();
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      const text = String(body?.message?.body ?? "");
      const marker = /resposta \d+/.exec(text)?.[0];
      if (body?.event === "message.created" && body.message?.fromMe && marker && !repliesAt.has(marker)) repliesAt.set(marker, at);
    } catch {}
    res.writeHead(200).end("ok");
  });
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
const hook = `${base}/hook`;

const t = await createTestKernel({ env: { JOBS_POLL_MS: "20" } });
t.kernel.jobs.start();
try {
  const a = await createCompanyWithAdmin(t, "Bench");
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await t.call(method, path, { token: a.token, body });
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const connection = await call("POST", "/whatsapp", { name: "Ponte API", channel: "api", webhookUrl: hook });
  // The attendant's side: a customer's conversation on another connection, answered by the admin.
  const attended = await call("POST", "/whatsapp", { name: "Atendimento", channel: "api", webhookUrl: `${base}/reply` });
  const inbound = await t.call("POST", "/channels/api/inbound", {
    body: { id: "bench-in-1", number: "5521988887777", name: "Cliente", body: "Oi" },
    headers: { authorization: `Bearer ${attended.token}` },
  });
  if (inbound.status !== 200) throw new Error(`inbound: ${inbound.status} ${JSON.stringify(inbound.body)}`);
  const ticketId = inbound.body.ticketId as number;
  await call("PUT", `/tickets/${ticketId}`, { status: "open", userId: a.user.id });
  /** Answers every REPLY_EVERY_MS until `done()`; the latencies (ms) of those that arrived. */
  const answering = async (done: () => boolean) => {
    const sentAt = new Map<string, number>();
    for (let i = 0; !done(); i++) {
      const marker = `resposta ${i}`;
      sentAt.set(marker, performance.now());
      await call("POST", `/messages/${ticketId}`, { body: `Já vejo, ${marker}` });
      await new Promise((r) => setTimeout(r, REPLY_EVERY_MS));
    }
    await new Promise((r) => setTimeout(r, 2_000)); // the last answers' deliveries
    const latencies = [...sentAt].map(([marker, at]) => (repliesAt.get(marker) ?? Number.POSITIVE_INFINITY) - at);
    return latencies.sort((x, y) => x - y);
  };
  const always = { longerIntervalAfter: 0, greaterInterval: 0, sabado: true, domingo: true, startHour: "00:00", endHour: "24:00" };
  const sql = (text: string, args: (string | number)[] = []) => t.kernel.database.client.execute({ sql: text, args });

  /** A list of `n` numbers, bulk-inserted (the import is measured by its own bench). */
  const list = async (n: number, offset: number) => {
    const created = await call("POST", "/contact-lists", { name: `Lista ${offset}` });
    for (let start = 0; start < n; start += 500) {
      const rows = Array.from({ length: Math.min(500, n - start) }, (_, k) => ({
        companyId: a.company.id,
        contactListId: created.id as number,
        name: `Pessoa ${offset + start + k}`,
        number: `5511${String(900000000 + offset + start + k)}`,
      }));
      await t.kernel.db.insert(contactListItems).values(rows);
    }
    return created.id as number;
  };
  const run = async (listId: number, name: string) => {
    const c = await call("POST", "/campaigns", {
      name,
      whatsappId: connection.id,
      contactListId: listId,
      message1: "Oferta para {nome}",
      scheduledAt: new Date(Date.now() - 60_000).toISOString(),
    });
    const started = performance.now();
    for (;;) {
      const report = await call("GET", `/campaigns/${c.id}/report`);
      if (report.status === "FINALIZADA") return { id: c.id as number, seconds: (performance.now() - started) / 1000, report };
      // Polled like a report screen might, not faster: each poll counts every shipping row.
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  // (a) throughput
  await call("POST", "/campaign-settings", { settings: { ...always, messageInterval: 0 } });
  const bulkList = await list(TARGETS, 0);
  let bulkDone = false;
  const replies = answering(() => bulkDone);
  const bulk = await run(bulkList, "Bulk").finally(() => (bulkDone = true));
  const latencies = await replies;
  const sent = await sql("SELECT count(*) AS n, count(DISTINCT contact_id) AS d FROM campaign_shippings WHERE campaign_id = ? AND delivered_at IS NOT NULL", [bulk.id]);
  const messages = await sql("SELECT count(*) AS n FROM messages WHERE company_id = ? AND from_me = 1 AND ticket_id IN (SELECT id FROM tickets WHERE whatsapp_id = ?)", [
    a.company.id,
    connection.id,
  ]);
  const onceEach = Number(sent.rows[0]!.n) === TARGETS && Number(sent.rows[0]!.d) === TARGETS && Number(messages.rows[0]!.n) === TARGETS;

  // (b) pacing
  await call("POST", "/campaign-settings", { settings: { ...always, messageInterval: 1 } });
  const paced = await run(await list(PACED, 1_000_000), "Paced");
  const times = await sql("SELECT delivered_at FROM campaign_shippings WHERE campaign_id = ? ORDER BY delivered_at", [paced.id]);
  const at = times.rows.map((r) => Date.parse(String(r.delivered_at)));
  const gaps = at.slice(1).map((v, i) => v - at[i]!);
  const worst = Math.max(...gaps.map((g) => Math.abs(g - 1000) / 1000));

  console.log(`campaigns bench (load ${loadavg()[0]!.toFixed(1)})`);
  console.log(
    `  ${fmt(TARGETS)} targets, zero intervals: FINALIZADA in ${bulk.seconds.toFixed(2)} s = ${fmt(Math.round(TARGETS / bulk.seconds))} msg/s (aim ≥ 500); each once: ${onceEach ? "yes" : "NO"} (${fmt(Number(sent.rows[0]!.n))} rows sent to ${fmt(Number(sent.rows[0]!.d))} contacts, ${fmt(Number(messages.rows[0]!.n))} messages)`,
  );
  const lost = latencies.filter((l) => !Number.isFinite(l)).length;
  console.log(
    `  meanwhile ${latencies.length} attendant answers on another connection, POST to its webhook: p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms (aim ≤ 100 ms)${lost ? `, ${lost} not arrived` : ""}`,
  );
  console.log(`  messageInterval 1 s over ${PACED} messages: median gap ${median(gaps).toFixed(0)} ms, worst error ${(worst * 100).toFixed(1)} % (aim ≤ 5 %)`);
  if (!onceEach) process.exitCode = 1;
} finally {
  await t.close();
  receiver.closeAllConnections();
  receiver.close();
}
