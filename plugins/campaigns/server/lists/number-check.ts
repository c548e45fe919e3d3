import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../../core/db/database.ts";
import type { PluginJobs } from "../../../../core/jobs/job-api.ts";
import type { Logger } from "../../../../core/log.ts";
import type { Services } from "../../../../core/plugin/services.ts";
import "../../../contacts/server/contacts.contract.ts";
import { contactListItems } from "../../schema/tables.ts";
import type { CampaignFeeds } from "../campaigns.realtime.ts";

/**
 * Offered by the whatsapp plugin (declared in the contacts contract), which this plugin does
 * not depend on: optional, as in the messages-api plugin. Its "channels." prefix names the
 * role, not the channels plugin.
 */
const CHECK_NUMBER = "channels.checkNumber" as const;

interface CheckPayload {
  companyId: number;
  contactListId: number;
  /** Items after this id (a whole list, chunk by chunk)… */
  afterId: number;
  /** …or only this one (an item created or changed by hand). */
  itemId?: number;
  /** The connection whose session is asked (the import's chosen one); none: the company's first. */
  whatsappId?: number;
}

/** Items asked per job: WhatsApp answers one number at a time, so a job stays short. */
const CHUNK = 50;

/**
 * `isWhatsappValid` per list item, asked of the live channel that can tell: the WhatsApp
 * plugin's optional `channels.checkNumber` (the chosen connection's session, else the company's
 * first connected one: onWhatsApp). Run as
 * background jobs after an item is saved or a list imported (a lane per company, so one
 * session is not flooded); "nobody can tell" (no session, no answer) leaves the items as they
 * are (valid) and stops the chain. Campaigns skip items marked invalid and count them.
 */
export class NumberChecks {
  constructor(private deps: { db: Db; jobs: PluginJobs; services: Services; feeds: CampaignFeeds; log: Logger }) {}

  define(): void {
    this.deps.jobs.define<CheckPayload>("checkNumbers", (job) => this.run(job.payload), { lane: (p) => `numbers:${p.companyId}` });
  }

  /** Asks for a check of a whole list, or of one item (through `whatsappId`'s session when given); nothing when no channel can tell. */
  async request(companyId: number, contactListId: number, options: { itemId?: number; whatsappId?: number; tx?: DbOrTx } = {}): Promise<void> {
    if (!this.deps.services.get(CHECK_NUMBER)) return;
    const { itemId, whatsappId, tx } = options;
    await this.deps.jobs.enqueue("checkNumbers", { companyId, contactListId, afterId: 0, itemId, whatsappId } satisfies CheckPayload, { companyId, tx });
  }

  private async run(p: CheckPayload): Promise<void> {
    const check = this.deps.services.get(CHECK_NUMBER);
    if (!check) return;
    const rows = await this.deps.db
      .select({ id: contactListItems.id, number: contactListItems.number, valid: contactListItems.isWhatsappValid })
      .from(contactListItems)
      .where(
        and(
          eq(contactListItems.companyId, p.companyId),
          eq(contactListItems.contactListId, p.contactListId),
          p.itemId != null ? eq(contactListItems.id, p.itemId) : gt(contactListItems.id, p.afterId),
        ),
      )
      .orderBy(asc(contactListItems.id))
      .limit(CHUNK);
    const valid: number[] = [];
    const invalid: number[] = [];
    for (const row of rows) {
      const found = await check(p.companyId, row.number, p.whatsappId);
      if (found === undefined) return this.deps.log.info(`campaigns: no channel of company ${p.companyId} can check numbers now; list ${p.contactListId} left as it is`);
      const now = found !== null;
      if (now !== row.valid) (now ? valid : invalid).push(row.id);
    }
    for (const [ids, value] of [
      [valid, true],
      [invalid, false],
    ] as const) {
      if (!ids.length) continue;
      const changed = await this.deps.db.update(contactListItems).set({ isWhatsappValid: value }).where(inArray(contactListItems.id, ids)).returning();
      for (const item of changed) this.deps.feeds.item(p.companyId, "update", item);
    }
    if (p.itemId == null && rows.length === CHUNK) {
      await this.deps.jobs.enqueue("checkNumbers", { ...p, afterId: rows[rows.length - 1]!.id } satisfies CheckPayload, { companyId: p.companyId });
    }
  }
}
