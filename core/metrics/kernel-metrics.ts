import { sql } from "drizzle-orm";
import type { Kernel } from "../kernel.ts";

/**
 * The kernel's own metrics and readiness: the database answers, the job queue's depth and lag
 * per kind (read at scrape time: one grouped query over the pending and running rows, which
 * `jobs_due_idx` leads with), and this process's sockets. Requests are counted in core/http/app.ts.
 */
export function registerKernelMetrics(kernel: Kernel): void {
  kernel.readiness.add("database", () => kernel.database.client.execute("SELECT 1"));

  // One query serves both job gauges of a scrape: the second reuses the first's rows.
  let reading: Promise<{ kind: string; status: string; n: number; oldest: number }[]> | null = null;
  const jobRows = () => {
    reading ??= kernel.db
      .all<{ kind: string; status: string; n: number; oldest: number }>(
        sql`SELECT kind, status, count(*) AS n, min(due_at) AS oldest FROM jobs WHERE status IN ('pending', 'running') GROUP BY kind, status`,
      )
      .finally(() => setTimeout(() => (reading = null), 0));
    return reading;
  };
  kernel.metrics.gauge("atende_jobs_queued", "Durable jobs waiting (pending) or held (running), by kind", async () =>
    (await jobRows()).map((r) => ({ labels: { kind: r.kind, status: r.status }, value: Number(r.n) })),
  );
  kernel.metrics.gauge("atende_jobs_lag_seconds", "How long the oldest due pending job of each kind has waited past its due time", async () => {
    const now = Date.now();
    return (await jobRows()).filter((r) => r.status === "pending").map((r) => ({ labels: { kind: r.kind }, value: Math.max(0, (now - Number(r.oldest)) / 1000) }));
  });

  // Handler runs in this process: summed over the processes, each job (and each cron tick) runs once.
  const runs = kernel.metrics.counter("atende_jobs_runs_total", "Job handlers run by this process, by kind and outcome (done, error)", ["kind", "outcome"]);
  kernel.jobs.onRun((kind, outcome) => runs.inc({ kind, outcome }));

  let sockets = 0;
  kernel.realtime.onConnection((socket) => {
    sockets++;
    socket.once("disconnect", () => void sockets--);
  });
  kernel.metrics.gauge("atende_realtime_sockets", "Socket.IO connections open on this process", () => [{ labels: {}, value: sockets }]);

  // How the write batcher groups writes and waits for the file's lock (several processes on one file).
  const w = kernel.database.writes.stats;
  kernel.metrics.gauge("atende_db_write_batches_total", "Write-batch transactions of this process", () => [{ labels: {}, value: w.batches }]);
  kernel.metrics.gauge("atende_db_write_units_total", "Write units those transactions ran", () => [{ labels: {}, value: w.units }]);
  kernel.metrics.gauge("atende_db_write_lock_wait_seconds_total", "Time the write batcher waited for SQLite's write lock held by another process", () => [
    { labels: {}, value: w.lockWaitMs / 1000 },
  ]);
  kernel.metrics.gauge("atende_db_write_hold_seconds_total", "Time the write batcher held SQLite's write lock (its transactions, BEGIN to COMMIT)", () => [
    { labels: {}, value: w.holdMs / 1000 },
  ]);
  kernel.metrics.gauge("atende_db_write_busy_total", "Write-batch BEGINs refused because another process held the write lock", () => [{ labels: {}, value: w.busyRetries }]);
  kernel.metrics.gauge("process_cpu_seconds_total", "User and system CPU time of this process, in seconds", () => {
    const u = process.cpuUsage();
    return [{ labels: {}, value: (u.user + u.system) / 1e6 }];
  });

  // Prometheus' usual name: tells the processes behind one port apart (WORKERS) and shows restarts.
  const started = (Date.now() - process.uptime() * 1000) / 1000;
  kernel.metrics.gauge("process_start_time_seconds", "Start time of this process since the Unix epoch, in seconds", () => [{ labels: {}, value: started }]);
}
