import { nowIso } from "../../../../core/db/columns.ts";

/**
 * The expiry clocks a change of status restarts (issue 14, `tickets.activity_at` and
 * `agent_activity_at`): a ticket just accepted, transferred, reopened or sent to rating is
 * not idle, whatever the age of its last message; a warning sent before is forgotten.
 * Merged into every status-changing patch.
 */
export function restartedClocks(now = nowIso()): { activityAt: string; agentActivityAt: string; warnedAt: null } {
  return { activityAt: now, agentActivityAt: now, warnedAt: null };
}

/** NPS answers 0..10 shown as the spec's 1..5 rating (0-1 → 1, 2-3 → 2, … 8-10 → 5). */
export function ratingOfScore(score: number): number {
  return Math.min(5, Math.floor(score / 2) + 1);
}
