import { and, eq } from "drizzle-orm";
import { jobs } from "../../core/db/tables.ts";
import type { BotWorld } from "../../plugins/automation/server/automation.fixtures.ts";

/** Lets the flows' debounced answers (`flows.answer` jobs) run now, as if their window had closed, and what follows them. */
export async function closeDebounceWindows(w: BotWorld): Promise<void> {
  await w.t.kernel.db
    .update(jobs)
    .set({ dueAt: Date.now() - 1 })
    .where(and(eq(jobs.status, "pending"), eq(jobs.kind, "flows.answer")));
  await w.settle();
}

/** Pending `flows.answer` jobs (debounce windows still open). */
export async function openWindows(w: BotWorld): Promise<number> {
  const rows = await w.t.kernel.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.status, "pending"), eq(jobs.kind, "flows.answer")));
  return rows.length;
}
