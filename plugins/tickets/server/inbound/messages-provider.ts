import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../../../../core/db/database.ts";
import type { SettingsService } from "../../../../core/settings/settings.ts";
import { messages, tickets } from "../../schema/tables.ts";
import type { MessageAck } from "../../shared/ticket-types.ts";
import type { ProviderMessage, ProviderMessageRef } from "../../../channels/channel-driver.contract.ts";
import type {} from "../../../channels/inbound.contract.ts";
import type { MessageAnnouncer } from "../messages/messages-events.ts";
import type { MessageRow, TicketRow } from "../tickets.contract.ts";

/**
 * What a provider reports later about a stored message: acks, the customer's edits and
 * deletions. Each is addressed by (company, connection, provider id); an unknown message
 * answers false so drivers can ignore reports about history they never stored.
 */
export class ProviderUpdates {
  constructor(
    private db: Db,
    private settings: SettingsService,
    private announcer: MessageAnnouncer,
  ) {}

  /** Raises the ack; a lower or equal one (a late "delivered" after "read") changes nothing. */
  async ack(ref: ProviderMessageRef, ack: MessageAck): Promise<boolean> {
    const value = Number(ack);
    if (!Number.isInteger(value) || value < 0 || value > 5) return false;
    const found = await this.find(ref);
    if (!found) return false;
    const [raised] = await this.db
      .update(messages)
      .set({ ack: value })
      .where(and(eq(messages.id, found.message.id), lt(messages.ack, value)))
      .returning();
    if (raised) {
      await this.announcer.message("update", raised, found.ticket, false);
      await this.announcer.acked(raised, found.ticket.whatsappId);
    }
    return true;
  }

  async edited(ref: ProviderMessageRef, body: string): Promise<boolean> {
    const found = await this.find(ref);
    if (!found) return false;
    const [row] = await this.db.update(messages).set({ body, isEdited: true }).where(eq(messages.id, found.message.id)).returning();
    await this.announcer.message("update", row!, found.ticket);
    return true;
  }

  /** The text is erased only when the company's lgpdDeleteMessage setting asks for it. */
  async deleted(ref: ProviderMessageRef): Promise<boolean> {
    const found = await this.find(ref);
    if (!found) return false;
    const erase = (await this.settings.companyOne(ref.companyId, "lgpdDeleteMessage")) === "enabled";
    const [row] = await this.db
      .update(messages)
      .set({ isDeleted: true, deletedBy: "contact", ...(erase ? { body: "", mediaUrl: null, dataJson: null } : {}) })
      .where(eq(messages.id, found.message.id))
      .returning();
    await this.announcer.message("update", row!, found.ticket);
    return true;
  }

  /**
   * The provider changed what a stored message shows without anyone editing it (a poll's
   * vote counts): new body and data, no "edited" mark; emits appMessage update.
   */
  async refreshed(ref: ProviderMessageRef, body: string, data: unknown): Promise<boolean> {
    const found = await this.find(ref);
    if (!found) return false;
    const [row] = await this.db
      .update(messages)
      .set({ body, dataJson: JSON.stringify(data) })
      .where(eq(messages.id, found.message.id))
      .returning();
    await this.announcer.message("update", row!, found.ticket);
    return true;
  }

  /** A stored message by its provider id, for a driver that must re-send it (WhatsApp retry receipts). */
  async lookup(ref: ProviderMessageRef): Promise<ProviderMessage | null> {
    const found = await this.find(ref);
    if (!found) return null;
    const { body, mediaType, fromMe, isDeleted } = found.message;
    return { body, mediaType, fromMe, isDeleted };
  }

  private async find(ref: ProviderMessageRef): Promise<{ message: MessageRow; ticket: TicketRow } | null> {
    const [row] = await this.db
      .select({ message: messages, ticket: tickets })
      .from(messages)
      .innerJoin(tickets, eq(tickets.id, messages.ticketId))
      .where(and(eq(messages.companyId, ref.companyId), eq(messages.whatsappId, ref.whatsappId), eq(messages.providerId, String(ref.providerId ?? "").trim())))
      .limit(1);
    return row ?? null;
  }
}
