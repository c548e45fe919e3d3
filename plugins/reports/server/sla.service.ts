import type { Db } from "../../../core/db/database.ts";
import type { Range } from "./report-range.ts";
import { type Elapsed, plainElapsed, type SlaMark, type SlaQueueCompliance, slaCompliance, slaMark } from "./sla-compliance.ts";
import { type SlaTicket, slaFactsOfRange, slaFactsOfTickets } from "./sla-facts.ts";
import type { SlaTargetsService } from "./sla-targets.service.ts";

/** Builds the clock a report counts with: plain time, or a company's queues' business hours (business-hours.ts). */
export type ElapsedFor = (companyId: number) => Promise<Elapsed>;

/*
 * The SLA figures (sla-compliance.ts) for the dashboard and the panel: the company's targets,
 * the tickets' facts (sla-facts.ts), and the clock.
 */
export class SlaService {
  constructor(
    private readonly db: Db,
    readonly targets: SlaTargetsService,
  ) {}

  /** % met per queue with a target over the tickets created in the range, as of `now`. */
  async compliance(companyId: number, range: Range, opts: { elapsed?: Elapsed; now?: Date } = {}): Promise<SlaQueueCompliance[]> {
    const targets = await this.targets.targets(companyId);
    if (!targets.length) return [];
    const facts = await slaFactsOfRange(this.db, companyId, range);
    return slaCompliance(targets, facts, (opts.now ?? new Date()).toISOString(), opts.elapsed ?? plainElapsed);
  }

  /** The panel's marks: for each ticket of a queue with a first-response target that waits for its first human reply. */
  async marks(companyId: number, tickets: readonly SlaTicket[], now: Date = new Date()): Promise<Map<number, SlaMark>> {
    const out = new Map<number, SlaMark>();
    const targets = new Map((await this.targets.targets(companyId)).filter((t) => t.firstResponseMinutes !== null).map((t) => [t.queueId, t.firstResponseMinutes!]));
    const watched = tickets.filter((t) => targets.has(t.queueId));
    if (!watched.length) return out;
    for (const f of await slaFactsOfTickets(this.db, companyId, watched)) {
      if (f.asked === null || f.reply !== null) continue;
      out.set(f.id, slaMark(f.asked, targets.get(f.queueId)!, now.toISOString()));
    }
    return out;
  }
}
