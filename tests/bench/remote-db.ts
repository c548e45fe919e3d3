/**
 * The server on a libSQL server (sqld on loopback) instead of the embedded file (issue 30):
 *   (a) inbound: BENCH_INBOUND messages through the API channel, BENCH_CONCURRENCY at a time:
 *       msg/s and the longest event-loop stall seen meanwhile (a blocked loop answers nobody);
 *   (b) a scheduled burst: BENCH_DUE schedules due at once, sent and delivered (the API
 *       channel's webhook outbox), timed until every delivery is done, jobs run by polling;
 *   (c) the round trip: median of 200 `SELECT 1` through the client.
 * An in-process kernel (createTestKernel) with DATABASE_URL pointing at the sqld.
 *   bun tests/bench/remote-db.ts          (BENCH_COUNT=1: requests per item, by SQL text)
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
import { createClient } from "@libsql/client";
import { createCompanyWithAdmin } from "../support/fixtures.ts";
import { startSqld } from "../support/sqld.ts";
import { createTestKernel } from "../support/test-kernel.ts";
import { median, ms } from "./support.ts";
import "../../plugins/schedules/server/schedules.contract.ts";

const INBOUND = Number(process.env.BENCH_INBOUND ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const DUE = Number(process.env.BENCH_DUE ?? 20);

/** The longest gap between 5 ms ticks of a timer: how long the event loop was blocked at most. */
function stallMeter() {
  let last = performance.now();
  let worst = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last - 5);
    last = now;
  }, 5);
  return {
    reset: () => ((worst = 0), (last = performance.now())),
    get worst() {
      return worst;
    },
    stop: () => clearInterval(timer),
  };
}

/**
 * BENCH_COUNT=1: counts the requests the server gets by SQL text (client statements, and each
 * transaction's statements and batches), to find the hot paths' N+1 reads. Printed per phase.
 */
const counts = new Map<string, number>();
async function countRequests(url: string) {
  const probe = createClient({ url });
  const tx = await probe.transaction("read");
  // A transaction's execute is its batch of one: count the outer call only.
  let depth = 0;
  const patch = (proto: Record<string, unknown>) => {
    for (const name of ["execute", "batch"]) {
      const original = proto[name] as (...args: unknown[]) => unknown;
      proto[name] = function (this: unknown, ...args: unknown[]) {
        const first = Array.isArray(args[0]) ? args[0][0] : args[0];
        const text = typeof first === "string" ? first : String((first as { sql?: string })?.sql);
        const key = `${name === "batch" ? `batch(${(args[0] as unknown[]).length}) ` : ""}${text.replace(/\s+/g, " ").slice(0, 150)}`;
        if (depth === 0) counts.set(key, (counts.get(key) ?? 0) + 1);
        depth++;
        try {
          const out = original.apply(this, args);
          return out;
        } finally {
          depth--;
        }
      };
    }
  };
  patch(Object.getPrototypeOf(probe));
  patch(Object.getPrototypeOf(tx));
  tx.close();
  probe.close();
}
function printCounts(title: string, per: number) {
  const rows = [...counts].sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((n, [, c]) => n + c, 0);
  console.log(`  requests to the server during ${title}: ${(total / per).toFixed(1)} per item; the top ones:`);
  for (const [text, n] of rows.slice(0, 15)) console.log(`    ${(n / per).toFixed(2).padStart(7)}  ${text}`);
  counts.clear();
}
const COUNT = process.env.BENCH_COUNT === "1";

const sqld = await startSqld();
if (COUNT) await countRequests(sqld.url);
const bootStart = performance.now();
const t = await createTestKernel({ env: { DATABASE_URL: sqld.url } });
const boot = performance.now() - bootStart;
const stall = stallMeter();
let delivered = 0;
const hook = createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    delivered++;
    res.writeHead(200).end("ok");
  });
});
await new Promise<void>((r) => hook.listen(0, "127.0.0.1", r));
try {
  const trips: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now();
    await t.kernel.database.client.execute("SELECT 1");
    trips.push(performance.now() - t0);
  }
  const a = await createCompanyWithAdmin(t, "Remote");
  const webhookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
  const conn = await t.call("POST", "/whatsapp", { token: a.token, body: { name: "API", channel: "api", webhookUrl } });
  if (conn.status !== 200) throw new Error(`connection: ${JSON.stringify(conn.body)}`);
  const api = conn.body as { id: number; token: string };

  // (a) inbound
  counts.clear();
  stall.reset();
  let next = 0;
  const inStart = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < INBOUND) {
        const i = next++;
        const r = await t.call("POST", "/channels/api/inbound", {
          headers: { authorization: `Bearer ${api.token}` },
          body: { id: `in-${i}`, number: `5511${String(900000000 + (i % 50))}`, name: `C ${i % 50}`, body: `hello ${i}` },
        });
        if (r.status !== 200) throw new Error(`inbound ${r.status} ${JSON.stringify(r.body)}`);
      }
    }),
  );
  const inSeconds = (performance.now() - inStart) / 1000;
  const inStall = stall.worst;
  if (COUNT) printCounts("the inbound burst", INBOUND);

  // (b) scheduled burst, delivered through the outbox by the polling job runner
  while ((await t.kernel.jobs.runDue()) > 0) {}
  delivered = 0;
  const contacts = await t.call("GET", "/contacts/", { token: a.token });
  const contactIds = ((contacts.body as { contacts: { id: number }[] }).contacts ?? []).map((c) => c.id);
  const due = new Date(Date.now() + 1500).toISOString();
  for (let i = 0; i < DUE; i++) {
    const r = await t.call("POST", "/schedules", {
      token: a.token,
      body: { body: `agendada ${i}`, sendAt: due, contactId: contactIds[i % contactIds.length], whatsappId: api.id },
    });
    if (r.status !== 200) throw new Error(`schedule ${r.status} ${JSON.stringify(r.body)}`);
  }
  await new Promise((r) => setTimeout(r, Math.max(0, Date.parse(due) - Date.now())));
  stall.reset();
  const sendDue = t.kernel.services.require("schedules.sendDue");
  const dueStart = performance.now();
  await sendDue();
  while (delivered < DUE && performance.now() - dueStart < 60_000) {
    if ((await t.kernel.jobs.runDue()) === 0) await new Promise((r) => setTimeout(r, 20));
  }
  const dueSeconds = (performance.now() - dueStart) / 1000;
  if (COUNT) printCounts("the scheduled burst", DUE);
  if (COUNT) {
    for (let i = 0; i < 20; i++) await t.call("GET", "/tickets?status=pending&showAll=true", { token: a.token });
    printCounts("GET /tickets (20 calls)", 20);
    const ticketId = (await t.call("GET", "/tickets?status=pending&showAll=true", { token: a.token })).body as { tickets: { id: number }[] };
    counts.clear();
    for (let i = 0; i < 20; i++) await t.call("GET", `/messages/${ticketId.tickets[0]?.id}`, { token: a.token });
    printCounts("GET /messages/:ticketId (20 calls)", 20);
  }

  console.log(`remote database bench (sqld on loopback; load ${loadavg()[0]!.toFixed(1)})`);
  console.log(`  round trip: median ${ms(median(trips))} per statement; boot with migrations ${ms(boot)}`);
  console.log(
    `  inbound: ${INBOUND} messages, ${CONCURRENCY} at a time, in ${inSeconds.toFixed(2)} s (${Math.round(INBOUND / inSeconds)} msg/s); longest event-loop stall ${ms(inStall)}`,
  );
  console.log(`  scheduled burst: ${delivered} of ${DUE} due at once delivered in ${dueSeconds.toFixed(2)} s; longest event-loop stall ${ms(stall.worst)}`);
} finally {
  stall.stop();
  hook.close();
  await t.close();
  await sqld.stop();
}
