import { and, count, eq, sql } from "drizzle-orm";
import type { Db } from "../../../../core/db/database.ts";
import { AppError } from "../../../../core/errors.ts";
import { campaignShippings, contactListItems } from "../../schema/tables.ts";
import { INVALID_NUMBER, SUPPRESSED } from "../shipping/skip-codes.ts";
import type { CampaignViews } from "./campaign-views.ts";

/**
 * GET /campaigns/{id}/report (spec 002 §2.4): the campaign with its shipping counts. Before it
 * starts, `contacts` and `valid` count the list's items; once started, the shipping rows
 * (every target of the run; `valid` leaves out the numbers not on WhatsApp). Per variant: messages
 * sent, confirmation requests, messages read (the channel's ack) and contacts who replied after it.
 */
export class CampaignReports {
  constructor(
    private db: Db,
    private views: CampaignViews,
  ) {}

  async report(companyId: number, id: number) {
    const campaign = await this.views.one(companyId, id);
    if (!campaign) throw new AppError("ERR_NO_CAMPAIGN_FOUND");
    const n = (cond: unknown) => sql<number>`coalesce(sum(CASE WHEN ${cond} THEN 1 ELSE 0 END), 0)`;
    const [totals] = await this.db
      .select({
        contacts: count(),
        delivered: n(sql`${campaignShippings.deliveredAt} IS NOT NULL`),
        confirmationRequested: n(sql`${campaignShippings.confirmationRequestedAt} IS NOT NULL`),
        confirmed: n(sql`${campaignShippings.confirmedAt} IS NOT NULL`),
        failed: n(sql`${campaignShippings.failedAt} IS NOT NULL AND ${campaignShippings.error} NOT IN (${SUPPRESSED}, ${INVALID_NUMBER})`),
        invalid: n(sql`${campaignShippings.error} = ${INVALID_NUMBER}`),
        suppressed: n(sql`${campaignShippings.error} = ${SUPPRESSED}`),
      })
      .from(campaignShippings)
      .where(and(eq(campaignShippings.companyId, companyId), eq(campaignShippings.campaignId, id)));
    let contacts = Number(totals?.contacts ?? 0);
    let valid = contacts - Number(totals?.invalid ?? 0);
    if (!contacts && campaign.contactListId != null) {
      const [items] = await this.db
        .select({ all: count(), valid: n(sql`${contactListItems.isWhatsappValid} = 1`) })
        .from(contactListItems)
        .where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.contactListId, campaign.contactListId)));
      contacts = Number(items?.all ?? 0);
      valid = Number(items?.valid ?? 0);
    }
    const variants = await this.db
      .select({
        variant: campaignShippings.variant,
        sent: n(sql`${campaignShippings.deliveredAt} IS NOT NULL`),
        confirmationsRequested: n(sql`${campaignShippings.confirmationRequestedAt} IS NOT NULL`),
        read: n(sql`${campaignShippings.readAt} IS NOT NULL`),
        replied: n(sql`${campaignShippings.repliedAt} IS NOT NULL`),
      })
      .from(campaignShippings)
      .where(and(eq(campaignShippings.companyId, companyId), eq(campaignShippings.campaignId, id)))
      .groupBy(campaignShippings.variant)
      .orderBy(campaignShippings.variant);
    return {
      ...campaign,
      contacts,
      valid,
      delivered: Number(totals?.delivered ?? 0),
      confirmationRequested: Number(totals?.confirmationRequested ?? 0),
      confirmed: Number(totals?.confirmed ?? 0),
      failed: Number(totals?.failed ?? 0),
      invalid: Number(totals?.invalid ?? 0),
      suppressed: Number(totals?.suppressed ?? 0),
      variants: variants.map((v) => ({
        variant: v.variant,
        sent: Number(v.sent),
        confirmationsRequested: Number(v.confirmationsRequested),
        read: Number(v.read),
        replied: Number(v.replied),
      })),
    };
  }
}
