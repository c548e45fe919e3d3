import { and, eq, isNotNull, isNull, or } from "drizzle-orm";
import { nowIso } from "../../../../core/db/columns.ts";
import type { Db } from "../../../../core/db/database.ts";
import type { PluginJobs } from "../../../../core/jobs/job-api.ts";
import type { Logger } from "../../../../core/log.ts";
import type { Services } from "../../../../core/plugin/services.ts";
import type { InboundStored } from "../../../tickets/server/bot.contract.ts";
import { campaignSettings, campaignShippings, campaignSuppressions } from "../../schema/tables.ts";
import { contactsView } from "../../schema/views.ts";
import { type CampaignSettingsStore, CampaignSettingsShape, SETTINGS_DEFAULTS } from "../settings/campaign-settings.ts";
import { isStopWord } from "./stop-words.ts";

import { SUPPRESSED } from "../shipping/skip-codes.ts";

interface ReplyPayload {
  suppressionId: number;
  companyId: number;
  contactId: number;
  whatsappId: number;
}

export interface OptOutDeps {
  db: Db;
  jobs: PluginJobs;
  services: Services;
  settings: CampaignSettingsStore;
  log: Logger;
}

/**
 * Opt-out (issue 25, beyond the spec): a contact a campaign reached who answers one of the
 * company's stop words (campaign setting `stopWords`, compared folded) is put on the
 * suppression list, the rows still waiting for them are skipped (`SUPPRESSED`), and they get
 * one confirmation (`optOutReply`), stored and delivered by the `optOutReply` job.
 */
export class OptOut {
  constructor(private deps: OptOutDeps) {}

  define(): void {
    this.deps.jobs.define<ReplyPayload>("optOutReply", (job) => this.reply(job.payload), { lane: (p) => `connection:${p.whatsappId}` });
  }

  /**
   * The after-inbound step (priority observe, before the confirmation step; never claims).
   * Cheap for ordinary messages: the body is checked first, the settings and tables only
   * for a message that could be a stop word.
   */
  step(stored: InboundStored): undefined {
    const { message, ticket, db } = stored;
    if (message.fromMe || !message.body || message.body.length > 60 || ticket.whatsappId == null || stored.contact.isGroup) return undefined;
    const companyId = ticket.companyId;
    const setting = db
      .select({ value: campaignSettings.value })
      .from(campaignSettings)
      .where(and(eq(campaignSettings.companyId, companyId), eq(campaignSettings.key, "stopWords")))
      .get();
    const words = (setting && CampaignSettingsShape.shape.stopWords.safeParse(safeJson(setting.value)).data) || SETTINGS_DEFAULTS.stopWords;
    if (!isStopWord(message.body, words)) return undefined;
    // Only a contact a campaign reached opts out of campaigns; "parar" said to support is just a message.
    const reached = db
      .select({ id: campaignShippings.id })
      .from(campaignShippings)
      .where(
        and(
          eq(campaignShippings.contactId, stored.contact.id),
          eq(campaignShippings.companyId, companyId),
          or(isNotNull(campaignShippings.deliveredAt), isNotNull(campaignShippings.confirmationRequestedAt)),
        ),
      )
      .limit(1)
      .get();
    if (!reached) return undefined;
    const contact = db
      .select({ number: contactsView.number })
      .from(contactsView)
      .where(and(eq(contactsView.id, stored.contact.id), eq(contactsView.companyId, companyId)))
      .get();
    if (!contact) return undefined;
    const added = db
      .insert(campaignSuppressions)
      .values({ companyId, number: contact.number, contactId: stored.contact.id, source: "reply" })
      .onConflictDoNothing()
      .returning({ id: campaignSuppressions.id })
      .get();
    if (!added) return undefined; // already on the list: one confirmation was enough
    // What still waited for this contact (a running campaign, a confirmation) is skipped.
    db.update(campaignShippings)
      .set({ failedAt: nowIso(), error: SUPPRESSED })
      .where(
        and(eq(campaignShippings.companyId, companyId), eq(campaignShippings.number, contact.number), isNull(campaignShippings.deliveredAt), isNull(campaignShippings.failedAt)),
      )
      .run();
    const payload: ReplyPayload = { suppressionId: added.id, companyId, contactId: stored.contact.id, whatsappId: ticket.whatsappId };
    this.deps.jobs.enqueueSync(db, "optOutReply", payload, { companyId, dedupeKey: `optOutReply:${added.id}` });
    return undefined;
  }

  /** The one confirmation: claimed by `repliedAt` in the transaction that stores it, so a job run twice sends once. */
  private async reply(p: ReplyPayload): Promise<void> {
    const { optOutReply } = await this.deps.settings.values(p.companyId);
    const sendToContact = this.deps.services.require("tickets.sendToContact");
    const sent = await this.deps.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(campaignSuppressions)
        .set({ repliedAt: nowIso() })
        .where(and(eq(campaignSuppressions.id, p.suppressionId), isNull(campaignSuppressions.repliedAt)))
        .returning({ id: campaignSuppressions.id });
      if (!claimed) return null; // replied already, or removed from the list since
      return sendToContact(
        { companyId: p.companyId, contactId: p.contactId, whatsappId: p.whatsappId, body: optOutReply, authorId: null, sign: false, openTicket: null, media: null },
        tx,
      );
    });
    await sent?.announce();
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
