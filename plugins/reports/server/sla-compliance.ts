import type { SlaTicketFacts } from "./sla-facts.ts";

/*
 * SLA per queue (issue 28 "Beyond the original"), pure: what "met" means, once. Each queue
 * may have a first-response target and a resolution target, in minutes.
 * - First response: the first human reply − the customer's first message since the ticket
 *   entered the queue (the README's first response). Met when it came within the target;
 *   missed when it came later, or has not come and the target already passed; tickets still
 *   inside their target with no reply yet are `running`, in neither count.
 * - Resolution: resolved (closed_at of a ticket closed or waiting for its rating) − the SLA
 *   clock's start (the queue entry; the acceptance when a bot gave it straight to an
 *   attendant): wait plus support. Met, missed and running as above.
 * - % met = met ÷ (met + missed), 2 decimals; null when neither has a ticket.
 * A ticket a bot still holds has no clock yet. Durations come from `elapsed`, so the
 * business-hours view (business-hours.ts) counts only the queue's open hours.
 */

export interface SlaTarget {
  queueId: number;
  firstResponseMinutes: number | null;
  resolutionMinutes: number | null;
}

export interface SlaFigure {
  targetMinutes: number;
  met: number;
  missed: number;
  /** Inside the target, not answered (or resolved) yet. */
  running: number;
  /** met ÷ (met + missed) in %, 2 decimals; null when both are 0. */
  perc: number | null;
}

export interface SlaQueueCompliance {
  queueId: number;
  firstResponse: SlaFigure | null;
  resolution: SlaFigure | null;
}

/** Seconds between two ISO instants for a queue's ticket (plain time, or its business hours). */
export type Elapsed = (queueId: number, from: string, to: string) => number;

export const plainElapsed: Elapsed = (_queueId, from, to) => Math.max(0, (Date.parse(to) - Date.parse(from)) / 1000);

const round2 = (n: number) => Math.round(n * 100) / 100;
const resolvedAt = (f: SlaTicketFacts) => ((f.status === "closed" || f.status === "nps") && f.closedAt ? f.closedAt : null);

/** One clock against a target: started at `from`, stopped at `to` (null: still running at `now`). */
function judge(figure: SlaFigure, queueId: number, from: string, to: string | null, now: string, elapsed: Elapsed): void {
  const limit = figure.targetMinutes * 60;
  if (to !== null) {
    if (elapsed(queueId, from, to) <= limit) figure.met++;
    else figure.missed++;
  } else if (elapsed(queueId, from, now) > limit) figure.missed++;
  else figure.running++;
}

const figure = (minutes: number | null): SlaFigure | null => (minutes === null ? null : { targetMinutes: minutes, met: 0, missed: 0, running: 0, perc: null });

/** The compliance of each queue with a target (in the targets' order), over the tickets' facts, as of `now`. */
export function slaCompliance(targets: readonly SlaTarget[], facts: readonly SlaTicketFacts[], now: string, elapsed: Elapsed = plainElapsed): SlaQueueCompliance[] {
  const out = new Map<number, SlaQueueCompliance>();
  for (const t of targets) {
    if (t.firstResponseMinutes === null && t.resolutionMinutes === null) continue;
    out.set(t.queueId, { queueId: t.queueId, firstResponse: figure(t.firstResponseMinutes), resolution: figure(t.resolutionMinutes) });
  }
  for (const f of facts) {
    const q = out.get(f.queueId);
    if (!q || f.since === null) continue;
    if (q.firstResponse && f.asked !== null) judge(q.firstResponse, f.queueId, f.asked, f.reply, now, elapsed);
    if (q.resolution) judge(q.resolution, f.queueId, f.since, resolvedAt(f), now, elapsed);
  }
  for (const q of out.values()) for (const fig of [q.firstResponse, q.resolution]) if (fig && fig.met + fig.missed) fig.perc = round2((fig.met * 100) / (fig.met + fig.missed));
  return [...out.values()];
}

/** A live ticket's first-response mark on the panel: `warning` from 80 % of the target elapsed with no human reply, `breached` past it. */
export type SlaMark = { state: "ok" | "warning" | "breached"; warnAt: string; dueAt: string };

/** The share of the target after which the panel warns. */
export const SLA_WARN_SHARE = 0.8;

/** The panel's mark for a ticket waiting for its first human reply since `asked` (plain time: the panel is about now). */
export function slaMark(asked: string, targetMinutes: number, now: string): SlaMark {
  const start = Date.parse(asked);
  const warnAt = start + targetMinutes * 60_000 * SLA_WARN_SHARE;
  const dueAt = start + targetMinutes * 60_000;
  const t = Date.parse(now);
  return { state: t >= dueAt ? "breached" : t >= warnAt ? "warning" : "ok", warnAt: new Date(warnAt).toISOString(), dueAt: new Date(dueAt).toISOString() };
}
