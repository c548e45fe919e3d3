import { and, eq, inArray } from "drizzle-orm";
import { nowIso } from "../../../../core/db/columns.ts";
import type { UserRow } from "../../../../core/db/rows.ts";
import { AppError } from "../../../../core/errors.ts";
import type { PluginContext } from "../../../../core/plugin/server-plugin.ts";
import type {} from "../../../contacts/server/contacts.contract.ts";
import { LIVE_STATUSES as LIVE, messages, ticketLogs, tickets } from "../../schema/tables.ts";
import type { MessageView } from "../../shared/ticket-types.ts";
import { isCompanyMediaUrl, mimeOfName } from "./media.ts";
import type { OutboundSender } from "../delivery/messages-sender.ts";
import type { SendMessageInput } from "../tickets-internals.ts";
import type { MessageRow, TicketRow } from "../tickets.contract.ts";
import { newTicketTimes } from "../tickets/ticket-times.ts";

const parse = (text: string | null): Record<string, unknown> | undefined => {
  if (!text) return undefined;
  try {
    const v = JSON.parse(text);
    return v && typeof v === "object" ? v : undefined;
  } catch {
    return undefined;
  }
};

/**
 * POST /message/forward: copies one message (text, stored media or structured content)
 * into the live ticket of another contact on the same connection, creating that ticket
 * (open, for the forwarding attendant) when the contact has none. The web pauses 900 ms
 * between several forwards (spec 000 §9); each call forwards one message.
 */
export class Forwarder {
  constructor(
    private ctx: PluginContext,
    private sender: OutboundSender,
  ) {}

  async forward(user: UserRow, input: { messageId: number; contactId: number; signMessage: boolean }): Promise<MessageView> {
    const companyId = user.companyId;
    const [source] = await this.ctx.db
      .select({ message: messages, ticket: tickets })
      .from(messages)
      .innerJoin(tickets, eq(tickets.id, messages.ticketId))
      .where(and(eq(messages.companyId, companyId), eq(messages.id, input.messageId)))
      .limit(1);
    if (!source) throw new AppError("ERR_NOT_FOUND");
    if (!(await this.sender.reader.canOpen(user, source.ticket))) throw new AppError("ERR_NO_PERMISSION");
    if (source.message.isDeleted) throw new AppError("ERR_VALIDATION", { fields: { messageId: "Deleted message" } });
    if (source.message.isPrivate) throw new AppError("ERR_VALIDATION", { fields: { messageId: "Private message" } });
    const contact = await this.ctx.services.require("contacts.get")(companyId, input.contactId);
    if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND");

    const { ticket, created } = await this.liveTicket(user, source.ticket, contact.id, contact.isGroup);
    if (created) await this.sender.reader.announce(companyId, ticket.id).catch((err) => this.ctx.log.error("tickets: forward ticket event failed", err));
    const row = await this.sender.send({ companyId, ticketId: ticket.id, user, sign: input.signMessage, isForwarded: true, ...this.content(companyId, source.message) });
    return this.sender.views.one(companyId, row);
  }

  /** The content of the copy: the same text, the same stored file (not copied), the same structure. */
  private content(companyId: number, m: MessageRow): Pick<SendMessageInput, "body" | "storedMedia" | "mediaType" | "data" | "vCard"> {
    const data = parse(m.dataJson);
    if (m.mediaUrl && isCompanyMediaUrl(companyId, m.mediaUrl)) {
      const fileName = typeof data?.fileName === "string" ? data.fileName : (m.mediaUrl.split("/").pop() ?? "file");
      const mimetype = typeof data?.mimetype === "string" ? data.mimetype : mimeOfName(fileName);
      return { body: m.body, mediaType: m.mediaType, storedMedia: { url: m.mediaUrl, mimetype, fileName } };
    }
    if (m.mediaType === "contactMessage" && typeof data?.name === "string" && typeof data?.number === "string")
      return { body: "", vCard: { name: data.name, number: data.number } };
    if (m.mediaType !== "chat" && data) return { body: m.body, mediaType: m.mediaType, data };
    return { body: m.body };
  }

  /** The contact's live ticket on the source's connection, created open for `user` when missing (race-safe via the live-ticket index). */
  private async liveTicket(user: UserRow, source: TicketRow, contactId: number, isGroup: boolean): Promise<{ ticket: TicketRow; created: boolean }> {
    const now = nowIso();
    return this.ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(tickets)
        .values({
          companyId: user.companyId,
          contactId,
          whatsappId: source.whatsappId,
          channel: source.channel,
          isGroup,
          status: isGroup ? "group" : "open",
          userId: user.id,
          queueId: source.queueId,
          createdAt: now,
          updatedAt: now,
          ...newTicketTimes(isGroup ? "group" : "open", user.id, now),
        })
        .onConflictDoNothing()
        .returning();
      if (created) {
        await tx.insert(ticketLogs).values({ companyId: user.companyId, ticketId: created.id, type: "create", userId: user.id, queueId: created.queueId });
        return { ticket: created, created: true };
      }
      const [live] = await tx
        .select()
        .from(tickets)
        .where(and(eq(tickets.companyId, user.companyId), eq(tickets.contactId, contactId), eq(tickets.whatsappId, source.whatsappId), inArray(tickets.status, [...LIVE])))
        .limit(1);
      if (!live) throw new AppError("ERR_CREATING_TICKET");
      return { ticket: live, created: false };
    });
  }
}
