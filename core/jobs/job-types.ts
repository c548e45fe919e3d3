import type { ClaimedRow } from "./job-statements.ts";

/**
 * A claimed row with its payload read once (lane, pacing and handler all need it; a payload
 * that does not parse fails the job when it runs) and where it stands in this process.
 */
export interface ClaimedJob {
  row: ClaimedRow;
  read: { payload: unknown } | { error: unknown };
  /** The lane it runs in here: the row's, or its kind's for rows older than lanes. */
  lane: string;
  /** Its handler has returned (or thrown): the lease no longer matters. */
  finished?: boolean;
  /** A renewal found the lease gone: another process may run it. */
  lost?: boolean;
}

export function claimedJob(row: ClaimedRow): ClaimedJob {
  const lane = row.lane || row.kind;
  try {
    return { row, lane, read: { payload: JSON.parse(row.payload) } };
  } catch (error) {
    return { row, lane, read: { error } };
  }
}
