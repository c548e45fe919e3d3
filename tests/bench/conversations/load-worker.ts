/**
 * The load side of the conversations benchmark, in its own process (the load must not
 * share the server's event loop): runs the requests of a job file against a loopback
 * server with `concurrency` requests in flight, then prints one JSON line of figures.
 *   bun tests/bench/conversations/load-worker.ts <job.json>
 * Job: { base, concurrency, maxSeconds?, requests: [{ method, path, token, body?, label? }] }, or
 * `sessions` (lists of requests) instead of `requests`: each of `concurrency` loops then runs
 * whole sessions, one request after another (one user clicking through the web app). Figures
 * come per `label` too. Bounded: at most MAX_REQUESTS requests; no new request after maxSeconds
 * (at most MAX_SECONDS); each request times out after 30 s.
 */
import { readFileSync } from "node:fs";
import { percentile } from "../support.ts";

export interface LoadRequest {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  token: string;
  body?: unknown;
  /** Groups the figures (byLabel); unlabelled requests count in the totals only. */
  label?: string;
}
export interface LoadJob {
  base: string;
  concurrency: number;
  /** Stop starting requests after this many seconds (a slow endpoint must not stall the run). */
  maxSeconds?: number;
  requests?: LoadRequest[];
  /** Sequences run one request at a time each, `concurrency` sessions at once. */
  sessions?: LoadRequest[][];
}
export interface LabelFigures {
  ok: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
}
export interface LoadResult {
  ok: number;
  errors: number;
  /** Requests never sent because the time budget ran out. */
  skipped: number;
  statuses: Record<string, number>;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** The first answer's `count` field, when it has one (the ticket list's total). */
  count: number | null;
  firstError: string | null;
  byLabel: Record<string, LabelFigures>;
}

const MAX_REQUESTS = 100_000;
const MAX_SECONDS = 600;

const job = JSON.parse(readFileSync(process.argv[2]!, "utf8")) as LoadJob;
if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(job.base)) throw new Error("load-worker: the base URL must be http://127.0.0.1:<port>");
if (!(job.concurrency >= 1 && job.concurrency <= 256)) throw new Error("load-worker: concurrency must be 1..256");
const sessions = job.sessions ?? [];
const total = (job.requests?.length ?? 0) + sessions.reduce((n, s) => n + s.length, 0);
if (total > MAX_REQUESTS) throw new Error(`load-worker: at most ${MAX_REQUESTS} requests`);

const latencies: number[] = [];
const labelled = new Map<string, { latencies: number[]; errors: number }>();
let sent = 0;
const statuses: Record<string, number> = {};
let errors = 0;
let next = 0;
let count: number | null = null;
let firstError: string | null = null;
const started = performance.now();
const deadline = started + Math.min(job.maxSeconds ?? MAX_SECONDS, MAX_SECONDS) * 1000;

/** Bodies up to this size are looked at for a list's `count` (a list page is a few kB; an export is megabytes and has none). */
const COUNT_MAX_BYTES = 1024 * 1024;

async function one(req: LoadRequest) {
  sent += 1;
  const byLabel = req.label === undefined ? null : (labelled.get(req.label) ?? labelled.set(req.label, { latencies: [], errors: 0 }).get(req.label)!);
  const headers: Record<string, string> = { authorization: `Bearer ${req.token}`, accept: "application/json" };
  if (req.body !== undefined) headers["content-type"] = "application/json";
  const t = performance.now();
  try {
    const res = await fetch(job.base + req.path, {
      method: req.method,
      headers,
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      signal: AbortSignal.timeout(30_000),
    });
    // The latency ends with the body's last byte; reading it as text (a UTF-16 copy, megabytes
    // for an export) is this client's work after that, done only when something is read from it.
    const body = await res.arrayBuffer();
    const elapsed = performance.now() - t;
    const text = () => new TextDecoder().decode(body);
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    if (res.status === 200) {
      latencies.push(elapsed);
      byLabel?.latencies.push(elapsed);
      if (count === null && body.byteLength < COUNT_MAX_BYTES) {
        const json = text();
        if (json.includes('"count"')) count = (JSON.parse(json) as { count?: number }).count ?? null;
      }
    } else {
      errors += 1;
      if (byLabel) byLabel.errors += 1;
      firstError ??= `${req.method} ${req.path}: ${res.status} ${text().slice(0, 300)}`;
    }
  } catch (err) {
    errors += 1;
    if (byLabel) byLabel.errors += 1;
    statuses.network = (statuses.network ?? 0) + 1;
    firstError ??= `${req.method} ${req.path}: ${(err as Error).message}`;
  }
}

const requests = job.requests ?? [];
async function loop() {
  while (next < requests.length && performance.now() < deadline) await one(requests[next++]!);
}

let nextSession = 0;
async function sessionLoop() {
  while (nextSession < sessions.length && performance.now() < deadline) {
    for (const req of sessions[nextSession++]!) {
      if (performance.now() >= deadline) break;
      await one(req);
    }
  }
}

await Promise.all(Array.from({ length: job.concurrency }, sessions.length ? sessionLoop : loop));
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const result: LoadResult = {
  ok: latencies.length,
  errors,
  skipped: total - sent,
  statuses,
  seconds,
  rps: latencies.length / seconds,
  p50: percentile(latencies, 50),
  p95: percentile(latencies, 95),
  p99: percentile(latencies, 99),
  count,
  firstError,
  byLabel: Object.fromEntries(
    [...labelled].map(([label, l]) => {
      const sorted = l.latencies.sort((a, b) => a - b);
      return [label, { ok: sorted.length, errors: l.errors, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) }];
    }),
  ),
};
console.log(JSON.stringify(result));
