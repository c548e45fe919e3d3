/**
 * The cost of one inbound message with the inbound automation on, in process: statements
 * and CPU time per message, for the intake (POST /channels/api/inbound) and for the jobs
 * that follow it (the bot's step, its deliveries and webhooks, answered 200 by a loopback
 * receiver). A micro-benchmark to judge changes by; the conversations bench is the figure.
 *   bun tests/bench/bot-turn.ts
 * Overrides: BENCH_CUSTOMERS=300 (new conversations; each gets a greeting + 2-queue menu)
 *            BENCH_TOP=25 (statements listed, most run first)
 */
import { loadDriver } from "../../core/db/statement-cache.ts";
import { botWorld } from "../../plugins/automation/server/automation.fixtures.ts";
import { report } from "./support.ts";

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 300);
const TOP = Number(process.env.BENCH_TOP ?? 25);

/** Counts statement runs and prepares per SQL text, through the embedded driver's own classes. */
function countStatements() {
  const Driver = loadDriver();
  if (!Driver) throw new Error("the embedded libSQL driver is not available");
  const runs = new Map<string, number>();
  const builds = new Map<string, number>();
  let on = false;
  const bump = (map: Map<string, number>, sql: string) => on && map.set(sql, (map.get(sql) ?? 0) + 1);
  const probe = new Driver(":memory:");
  const statementProto = Object.getPrototypeOf(probe.prepare("SELECT 1")) as Record<string, (...args: unknown[]) => unknown>;
  probe.close();
  // Inside the statement cache (installed with the kernel, after this): names each statement.
  const sqlOf = new WeakMap<object, string>();
  const prepare = Driver.prototype.prepare;
  Driver.prototype.prepare = function (this: never, sql: string) {
    const stmt = prepare.call(this, sql);
    sqlOf.set(stmt as object, sql);
    return stmt;
  };
  for (const method of ["run", "get", "all"]) {
    const original = statementProto[method]!;
    statementProto[method] = function (this: object, ...args: unknown[]) {
      bump(runs, sqlOf.get(this) ?? "?");
      return original.apply(this, args);
    };
  }
  const exec = Driver.prototype.exec;
  Driver.prototype.exec = function (this: never, sql: string) {
    bump(runs, sql);
    return exec.call(this, sql);
  };
  return {
    /** Around the statement cache, once the kernel installed it: each call is SQL built (or looked up) again. */
    countBuilds() {
      const cached = Driver.prototype.prepare;
      Driver.prototype.prepare = function (this: never, sql: string) {
        bump(builds, sql);
        return cached.call(this, sql);
      };
    },
    start() {
      runs.clear();
      builds.clear();
      on = true;
    },
    stop() {
      on = false;
      return { runs: new Map(runs), builds: new Map(builds) };
    },
  };
}

const counter = countStatements();
const w = await botWorld();
counter.countBuilds();
try {
  const queues = [await w.queue(), await w.queue()];
  await w.connect({ greetingMessage: "Olá {{firstName}}!", queueIds: queues.map((q) => q.id) });
  // Warm-up: statements prepared, caches filled.
  for (let i = 0; i < 20; i++) await w.says("oi", `warm-${i}`, `55118${String(i).padStart(8, "0")}`);
  await w.settle();

  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const received = w.receiver.received.length;
  counter.start();
  let started = cpu();
  for (let i = 0; i < CUSTOMERS; i++) await w.says("oi", `bench-${i}`, `55117${String(i).padStart(8, "0")}`);
  const intakeMs = cpu() - started;
  const intake = counter.stop();
  counter.start();
  started = cpu();
  await w.settle();
  const jobsMs = cpu() - started;
  const turns = counter.stop();
  const webhooks = w.receiver.received.length - received;
  const events = new Map<string, number>();
  for (const r of w.receiver.received.slice(received)) events.set(r.body?.event, (events.get(r.body?.event) ?? 0) + 1);

  const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  const per = (n: number) => (n / CUSTOMERS).toFixed(1);
  const list = (title: string, m: Map<string, number>) => {
    console.log(`\n${title} (per message, most first):`);
    for (const [sql, n] of [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`  ${per(n).padStart(5)}  ${sql.replace(/\s+/g, " ").slice(0, 160)}`);
  };
  list("intake: statements run", intake.runs);
  list("jobs: statements run", turns.runs);
  list("jobs: statements built (prepare calls: SQL built or looked up per call)", turns.builds);
  console.log(`\nwebhooks: ${[...events].map(([e, n]) => `${e} ${per(n)}`).join(", ")}\n`);
  report("bot-turn", {
    customers: CUSTOMERS,
    webhooksPerMessage: per(webhooks),
    intakeStatements: per(total(intake.runs)),
    intakeBuilt: per(total(intake.builds)),
    intakeCpuUs: ((intakeMs * 1000) / CUSTOMERS).toFixed(0),
    jobStatements: per(total(turns.runs)),
    jobBuilt: per(total(turns.builds)),
    jobCpuUs: ((jobsMs * 1000) / CUSTOMERS).toFixed(0),
  });
} finally {
  await w.close();
}
