import type { PluginJobs } from "../../../../core/jobs/jobs.ts";
import type { CardsService } from "./cards.service.ts";

/** The paced job kind, stored by the kernel as "scratch-board.remind". */
export const REMIND_JOB = "remind";

/** A reminder about a card; `gapMs` is the company's pace, read when the reminder was enqueued. */
export interface RemindPayload {
  companyId: number;
  cardId: number;
  gapMs: number;
}

/**
 * Issue 24's paced job kind, as a campaign would pace its sends: a company's reminders run
 * in their own lane, one at a time and at least `gapMs` (plus up to 10% jitter) apart, a pace
 * the kernel keeps in the database, so it holds across restarts and processes. Each reminder
 * stamps its card again (the bus event and the screens' update tell it ran).
 */
export function defineReminders(jobs: PluginJobs, cards: CardsService): void {
  jobs.define<RemindPayload>(REMIND_JOB, ({ payload }) => cards.stamp(payload.companyId, payload.cardId), {
    lane: (p) => `company:${p.companyId}`,
    pace: (p) => ({ minGapMs: p.gapMs, jitterMs: p.gapMs / 10 }),
  });
}
