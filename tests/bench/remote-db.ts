/**
 * The server on a libSQL server (sqld on loopback) instead of the embedded file (issue 30):
 *   (a) inbound: BENCH_INBOUND messages through the API channel, BENCH_CONCURRENCY at a time:
 *       msg/s and the longest event-loop stall seen meanwhile (a blocked loop answers nobody);
 *   (b) a scheduled burst: BENCH_DUE schedules due at once, sent and delivered (the API
 *       channel's webhook outbox), timed until every delivery is done, jobs run by polling;
 *   (c) the round trip: median of 200 `SELECT 1` through the client.
 * An in-process kernel (createTestKernel) with DATABASE_URL pointing at the sqld.
 *   bun tests/bench/remote-db.ts
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
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

const sqld = await startSqld();
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

  // (b) scheduled burst, delivered through the outbox by the polling job runner
  while ((await t.kernel.jobs.runDue()) > 0) {}
  delivered = 0;
  const contacts = await t.call("GET", "/contacts/", { token: a.token });
  const contactIds = ((contacts.body as { contacts: { id: number }[] }).contacts ?? []).map((c) => c.id);
  const due = new Date(Date.now() + 1500).toISOString();
  for (let i = 0; i < DUE; i++) {
    const r = await t.call("POST", "/schedules", { token: a.token, body: { body: `agendada ${i}`, sendAt: due, contactId: contactIds[i % contactIds.length], whatsappId: api.id } });
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

  console.log(`remote database bench (sqld on loopback; load ${loadavg()[0]!.toFixed(1)})`);
  console.log(`  round trip: median ${ms(median(trips))} per statement; boot with migrations ${ms(boot)}`);
  console.log(`  inbound: ${INBOUND} messages, ${CONCURRENCY} at a time, in ${inSeconds.toFixed(2)} s (${Math.round(INBOUND / inSeconds)} msg/s); longest event-loop stall ${ms(inStall)}`);
  console.log(`  scheduled burst: ${delivered} of ${DUE} due at once delivered in ${dueSeconds.toFixed(2)} s; longest event-loop stall ${ms(stall.worst)}`);
} finally {
  stall.stop();
  hook.close();
  await t.close();
  await sqld.stop();
}
