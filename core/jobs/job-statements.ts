import { and, eq, inArray, sql } from "drizzle-orm";
import { preparedPer } from "../db/prepared.ts";
import { jobLanes, jobs } from "../db/tables.ts";
import type { SyncDb } from "../db/write-batch.ts";

const p = sql.placeholder;

/** A JSON array placeholder read as a set: one prepared statement serves any number of values. */
const setOf = (name: string) => sql`(SELECT value FROM json_each(${p(name)}))`;
/** Lanes this process runs already (JSON array): a claim leaves their rows to a later claim. */
const notBusy = sql`lane NOT IN ${setOf("busy")}`;

/**
 * The rows a claim takes, oldest due first: due pending jobs any process may run, due pending
 * jobs of the resources this process holds (`held`, JSON array of affinity keys), and running
 * jobs whose lease lapsed (their runner died), leaving out lanes this process is busy with
 * (`busy`). Each is its own ordered range of `jobs_due_idx` (status, affinity, due_at), read up
 * to `limit` rows and merged: one `OR` over them made SQLite read every due row and sort them
 * all, which under a backlog of 20,000 replies cost 2 ms per claim while holding the writer. A
 * process holding no resource reads nothing of the rows pinned to another's (they sit in
 * their own ranges of the index). The unpinned range orders by (due_at, lane, id), the index's
 * own order (no sort): a lane's rows keep their (due_at, id) order, ties across lanes are free.
 */
export const CLAIMABLE_JOBS = sql`(
  SELECT id FROM (
    SELECT id, due_at FROM (SELECT id, due_at FROM jobs WHERE status = 'pending' AND affinity IS NULL AND due_at <= ${p("now")} AND ${notBusy} ORDER BY due_at, lane, id LIMIT ${p("limit")})
    UNION ALL
    SELECT id, due_at FROM (SELECT id, due_at FROM jobs WHERE status = 'pending' AND affinity IN ${setOf("held")} AND due_at <= ${p("now")} AND ${notBusy} ORDER BY due_at, id LIMIT ${p("limit")})
    UNION ALL
    SELECT id, due_at FROM (SELECT id, due_at FROM jobs WHERE status = 'running' AND lease_until < ${p("now")} AND (affinity IS NULL OR affinity IN ${setOf("held")}) AND ${notBusy} ORDER BY due_at, id LIMIT ${p("limit")})
  ) ORDER BY due_at, id LIMIT ${p("limit")}
)`;

/** What a claim answers of each row. */
export interface ClaimedRow {
  id: number;
  kind: string;
  companyId: number | null;
  payload: string;
  attempts: number;
  maxAttempts: number;
  dueAt: number;
  lane: string | null;
  affinity: string | null;
  pacedAt: number | null;
}

/**
 * The runner's own statements, built once per write-batcher handle: every job costs a claim
 * (shared by up to `limit` jobs) and an outcome write. They run as write units, so the
 * outcomes of jobs finishing together, the enqueues of producers and the inbound messages
 * share commits instead of paying one each (a commit cost more than these statements).
 */
/**
 * The next due rows of ONE lane (`jobs_lane_idx`): a lane that just ran its last job here takes
 * its own followers with one index seek, instead of the claim scanning past them (they sit in
 * the due range behind rows of lanes busy here) once per job of a long lane.
 */
const LANE_FOLLOWERS = sql`(SELECT id FROM jobs WHERE lane = ${p("lane")} AND status = 'pending' AND due_at <= ${p("now")} AND (affinity IS NULL OR affinity IN ${setOf("held")}) ORDER BY due_at, id LIMIT ${p("limit")})`;

export const runnerStatements = preparedPer((db: SyncDb) => {
  const mine = and(eq(jobs.id, p("id")), eq(jobs.leaseOwner, p("owner")));
  const claimedColumns = {
    id: jobs.id,
    kind: jobs.kind,
    companyId: jobs.companyId,
    payload: jobs.payload,
    attempts: jobs.attempts,
    maxAttempts: jobs.maxAttempts,
    dueAt: jobs.dueAt,
    lane: jobs.lane,
    affinity: jobs.affinity,
    pacedAt: jobs.pacedAt,
  };
  const leased = {
    status: "running" as const,
    leaseUntil: sql`${p("leaseUntil")}`,
    leaseOwner: sql`${p("owner")}`,
    attempts: sql`${jobs.attempts} + 1`,
    updatedAt: sql`${p("at")}`,
  };
  const mineIn = sql`${jobs.leaseOwner} = ${p("owner")} AND ${jobs.status} = 'running' AND ${jobs.id} IN ${setOf("ids")}`;
  return {
    claim: db.update(jobs).set(leased).where(inArray(jobs.id, CLAIMABLE_JOBS)).returning(claimedColumns).prepare(),
    /** The claim of one lane's next rows (LANE_FOLLOWERS). */
    claimLane: db.update(jobs).set(leased).where(inArray(jobs.id, LANE_FOLLOWERS)).returning(claimedColumns).prepare(),
    done: db
      .update(jobs)
      .set({ status: "done", leaseUntil: null, lastError: null, updatedAt: sql`${p("now")}` })
      .where(mine)
      .prepare(),
    failed: db
      .update(jobs)
      .set({ status: sql`${p("status")}`, dueAt: sql`${p("dueAt")}`, leaseUntil: null, pacedAt: null, lastError: sql`${p("error")}`, updatedAt: sql`${p("now")}` })
      .where(mine)
      .prepare(),
    /** Extends the leases of the jobs this process holds (`ids`); answers those still ours. */
    renew: db
      .update(jobs)
      .set({ leaseUntil: sql`${p("leaseUntil")}` })
      .where(mineIn)
      .returning({ id: jobs.id })
      .prepare(),
    /**
     * Gives claimed jobs back unstarted (a paced lane's slot is later, a resource was let go,
     * the runner stops): pending again at `dueAt`, the claim's attempt not counted.
     */
    putBack: db
      .update(jobs)
      .set({ status: "pending", dueAt: sql`${p("dueAt")}`, pacedAt: sql`${p("pacedAt")}`, leaseUntil: null, leaseOwner: null, attempts: sql`max(${jobs.attempts} - 1, 0)` })
      .where(mine)
      .prepare(),
    laneNext: db
      .select({ nextAt: jobLanes.nextAt })
      .from(jobLanes)
      .where(eq(jobLanes.lane, p("lane")))
      .prepare(),
    setLaneNext: db
      .insert(jobLanes)
      .values({ lane: sql`${p("lane")}`, nextAt: sql`${p("nextAt")}` })
      .onConflictDoUpdate({ target: jobLanes.lane, set: { nextAt: sql`excluded.next_at` } })
      .prepare(),
  };
});

/**
 * The sweep's deletes, a bounded batch each: rows of one status whose last due time is older
 * than `before` (a finished row's due time is its last attempt's), read from `jobs_due_idx`.
 */
export const sweepStatements = preparedPer((db: SyncDb) => ({
  jobs: db
    .delete(jobs)
    .where(inArray(jobs.id, sql`(SELECT id FROM jobs WHERE status = ${p("status")} AND due_at < ${p("before")} LIMIT ${p("batch")})`))
    .prepare(),
  lanes: db
    .delete(jobLanes)
    .where(inArray(jobLanes.lane, sql`(SELECT lane FROM job_lanes WHERE next_at < ${p("before")} LIMIT ${p("batch")})`))
    .prepare(),
}));
