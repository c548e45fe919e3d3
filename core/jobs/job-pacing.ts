import type { SyncDb } from "../db/write-batch.ts";
import { runnerStatements } from "./job-statements.ts";
import type { ClaimedJob } from "./job-types.ts";

/** A lane's pacing, as a kind's `pace(payload)` answers it. */
export interface Pacing {
  /** Least time between the starts of two jobs of the lane, in ms. */
  minGapMs: number;
  /** A random extra of up to this many ms on each gap (so paced sends do not tick like a metronome). */
  jitterMs?: number;
}

/**
 * Inside the claim's write unit, decides which claimed jobs start now. A paced job that has
 * no slot yet reserves the lane's next one (`job_lanes.next_at`, shared by every process):
 * now when the lane's gap has passed, else later, and then it goes back to `pending` due at
 * that slot, holding it (`paced_at`), so it is not claimed again until then (no busy loop)
 * and the lane's later jobs reserve the slots after it (they keep their order). A job that
 * holds a slot starts when claimed. The same unit reads and moves the lane, so two processes
 * claiming together reserve different slots.
 * @returns the jobs to start now; the others are back in the table.
 */
export function paceClaimed(
  db: SyncDb,
  claimed: ClaimedJob[],
  pacingOf: (job: ClaimedJob) => Pacing | null,
  owner: string,
  now: number,
  random: () => number = Math.random,
): ClaimedJob[] {
  const s = runnerStatements(db);
  const nextAt = new Map<string, number>();
  const start: ClaimedJob[] = [];
  for (const job of claimed) {
    const pacing = job.row.pacedAt === null ? pacingOf(job) : null;
    if (!pacing) {
      start.push(job);
      continue;
    }
    const lane = job.lane;
    const next = nextAt.get(lane) ?? s.laneNext.get({ lane })?.nextAt ?? 0;
    const slot = Math.max(now, next);
    const gap = Math.max(0, pacing.minGapMs) + Math.max(0, pacing.jitterMs ?? 0) * random();
    nextAt.set(lane, slot + Math.ceil(gap));
    s.setLaneNext.run({ lane, nextAt: slot + Math.ceil(gap) });
    if (slot <= now) start.push(job);
    else s.putBack.run({ id: job.row.id, owner, dueAt: slot, pacedAt: slot });
  }
  return start;
}
