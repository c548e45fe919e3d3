import type { WriteBatcher } from "../db/write-batch.ts";
import { sweepStatements } from "./job-statements.ts";

/** How long finished rows stay, in hours (config `JOBS_RETENTION_HOURS`, `JOBS_FAILED_RETENTION_HOURS`). */
export interface JobRetention {
  doneHours: number;
  /** 0 keeps failed rows forever. */
  failedHours: number;
}

/** Rows per delete, and deletes per sweep: each is its own write unit, so other writes go between them. */
const BATCH = 500;
const MAX_BATCHES = 40;
/** A pacing row idle this long is dropped (its lane starts afresh, which a day-old gap allows anyway). */
const LANE_IDLE_MS = 86_400_000;

/**
 * Deletes `done` rows older than the retention, `failed` rows older than theirs, and idle
 * pacing rows, in bounded batches. A swept row's dedupe key is free again: keys guard against
 * doubles for as long as their row is kept (producers that retry with one key do so within
 * minutes, not days). Answers how many rows went.
 */
export async function sweepJobs(writes: WriteBatcher, retention: JobRetention, now = Date.now()): Promise<number> {
  let total = 0;
  const sweep = async (remove: (batch: number) => Promise<number>) => {
    for (let i = 0; i < MAX_BATCHES; i++) {
      const n = await remove(BATCH);
      total += n;
      if (n < BATCH) return;
    }
  };
  await sweep((batch) => deleteBatch(writes, "done", now - retention.doneHours * 3_600_000, batch));
  if (retention.failedHours > 0) await sweep((batch) => deleteBatch(writes, "failed", now - retention.failedHours * 3_600_000, batch));
  await sweep((batch) => writes.run(({ db }) => changes(sweepStatements(db).lanes.run({ before: now - LANE_IDLE_MS, batch }))));
  return total;
}

function deleteBatch(writes: WriteBatcher, status: "done" | "failed", before: number, batch: number): Promise<number> {
  return writes.run(({ db }) => changes(sweepStatements(db).jobs.run({ status, before, batch })));
}

/** The driver's run result carries the changed rows' count. */
const changes = (result: unknown): number => Number((result as { changes?: number | bigint } | undefined)?.changes ?? 0);
