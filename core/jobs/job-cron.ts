import { Cron } from "croner";
import type { Logger } from "../log.ts";
import type { EnqueueOptions, JobHandler } from "./job-api.ts";

/** What a tick's job carries: the tick's time (ms), the same in every process. */
export interface TickPayload {
  at?: number;
}

interface CronSpec {
  name: string;
  pattern: string;
  /** The pattern without a timer: computes tick times. */
  times: Cron;
}

/**
 * Schedules as jobs. Each process's croner timer only enqueues the tick's job, deduplicated by
 * the schedule's name and the tick's time, so N processes make one row per tick and one of
 * them runs it (under a lease, like any job). The job's kind is the schedule's name, so a
 * schedule's ticks run one at a time in that kind's lane. A tick whose run comes after the
 * tick two later is due (a backlog after a slow run or downtime) is skipped: the newer tick does
 * the work, as croner's overlap protection used to skip ticks. A tick runs once: a failure is
 * logged (and kept as a failed row); the next tick tries again.
 */
export class CronTicks {
  private specs: CronSpec[] = [];
  private timers: Cron[] = [];

  constructor(
    private jobs: {
      define(kind: string, handler: JobHandler<TickPayload>): void;
      enqueue(kind: string, payload: unknown, options?: EnqueueOptions): Promise<void>;
    },
    private log: Logger,
  ) {}

  add(name: string, pattern: string, fn: () => Promise<void> | void): void {
    // No croner `name`: croner keeps names in one process-wide registry, so two kernels
    // in a process (tests, or a host embedding two) would collide. The name is for logs.
    const times = new Cron(pattern);
    this.jobs.define(name, async ({ payload }) => {
      if (typeof payload?.at === "number" && this.stale(times, payload.at)) return;
      await fn();
    });
    this.specs.push({ name, pattern, times });
  }

  /** The tick's job, as each process's timer enqueues it (tests call it to tick by hand). */
  tick(name: string, at: number): Promise<void> {
    return this.jobs.enqueue(name, { at } satisfies TickPayload, { dedupeKey: `${name}@${new Date(at).toISOString()}`, maxAttempts: 1 });
  }

  /** Starts the timers; built here, not in `add`: a Cron computes its next run when created, which the boot need not wait for. */
  start(): void {
    for (const { name, pattern, times } of this.specs) {
      const timer = new Cron(pattern, { protect: true }, async () => {
        // Croner fires at or just after the tick; the tick's own time is what every process agrees on.
        const at = times.previousRuns(1, new Date(Date.now() + 1))[0]?.getTime() ?? Date.now();
        await this.tick(name, at).catch((err) => this.log.error(`schedule ${name}: its tick was not enqueued`, err));
      });
      this.timers.push(timer);
    }
  }

  stop(): void {
    for (const t of this.timers.splice(0)) t.stop();
  }

  private stale(times: Cron, at: number): boolean {
    const later = times.nextRuns(2, new Date(at));
    return later.length === 2 && later[1]!.getTime() <= Date.now();
  }
}
