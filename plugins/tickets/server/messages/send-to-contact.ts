import { and, eq } from "drizzle-orm";
import { nowIso } from "../../../../core/db/columns.ts";
import type { Tx } from "../../../../core/db/database.ts";
import { users } from "../../../../core/db/tables.ts";
import { AppError } from "../../../../core/errors.ts";
import type { PluginContext } from "../../../../core/plugin/server-plugin.ts";
import type {} from "../../../connections/server/connections.contract.ts";
import type {} from "../../../contacts/server/contacts.contract.ts";
import { ticketLogs, tickets } from "../../schema/tables.ts";
import { isCompanyMediaUrl } from "./media.ts";
import type { OutboundSender } from "../delivery/messages-sender.ts";
import { outboundDraft } from "../outbound/outbound-message.ts";
import { attendedStatus, ensureQueue, ensureUser, liveTicketOf } from "../tickets/ticket-lifecycle.support.ts";
import { newTicketTimes } from "../tickets/ticket-times.ts";
import type { SendToContactInput, SentToContact, TicketRow } from "../tickets.contract.ts";

type Contact = { id: number; name: string; isGroup: boolean };

/**
 * `tickets.sendToContact`: an outbound message to a contact, written inside the caller's
 * transaction (the schedules plugin marks its schedule sent in the same one, so a crash
 * never sends twice and never loses a send). Reads that do not change inside the
 * transaction (contact, connection, settings) happen through the services; every write,
 * and every read that decides a write, goes through `tx`.
 */
export function createSendToContact(ctx: PluginContext, sender: OutboundSender) {
  return async (input: SendToContactInput, tx: Tx): Promise<SentToContact> => {
    const { companyId } = input;
    const contact = await ctx.services.require("contacts.get")(companyId, input.contactId);
    if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND");
    const connection = input.whatsappId ? await ctx.services.require("connections.get")(companyId, input.whatsappId) : await ctx.services.require("connections.default")(companyId);
    if (!connection) throw new AppError(input.whatsappId ? "ERR_NO_WAPP_FOUND" : "ERR_NO_DEF_WAPP_FOUND");
    if (input.media && !isCompanyMediaUrl(companyId, input.media.url)) throw new AppError("ERR_VALIDATION", { fields: { mediaPath: "Invalid media URL" } });
    const text = input.body.trim();
    if (!text && !input.media) throw new AppError("ERR_VALIDATION", { fields: { body: "Required" } });

    const ticket = await ticketFor(tx, companyId, contact, connection, input);
    const author =
      input.authorId == null
        ? null
        : ((
            await tx
              .select({ id: users.id, name: users.name })
              .from(users)
              .where(and(eq(users.id, input.authorId), eq(users.companyId, companyId)))
              .limit(1)
          )[0] ?? null);
    const draft = outboundDraft(text, {
      content: input.media ? { kind: "file", ...input.media } : { kind: "text" },
      author,
      variables: true,
      sign: input.sign,
    });
    const before = await sender.outbound.before(companyId, ticket, [draft], { contact: contact.name, connection: connection.name });
    // The message, lastMessage and its delivery outbox row: committed with the caller's change or not at all.
    const message = await sender.outbound.inTx(tx, ticket, draft, before);
    if (!message) throw new AppError("ERR_VALIDATION", { fields: { body: "Required" } });

    return {
      message,
      ticket,
      async announce() {
        try {
          await sender.reader.announce(companyId, ticket.id);
          const [fresh] = await ctx.db.select().from(tickets).where(eq(tickets.id, ticket.id)).limit(1);
          if (fresh) await sender.announcer.message("create", message, fresh);
        } catch (err) {
          // The message is stored and queued; a failed event only delays what screens show.
          ctx.log.error(`tickets: events of message ${message.id} failed`, err);
        }
      },
    };
  };
}

/**
 * The contact's live ticket on the connection, as it is (never taken from the attendant who
 * has it); else a new one as `openTicket` says, with its logs. A concurrent first message
 * that created the live ticket meanwhile is found by the partial unique index's refusal.
 */
async function ticketFor(tx: Tx, companyId: number, contact: Contact, connection: { id: number; channel: string }, input: SendToContactInput): Promise<TicketRow> {
  if (input.ticketId != null) {
    const [named] = await tx
      .select()
      .from(tickets)
      .where(and(eq(tickets.id, input.ticketId), eq(tickets.companyId, companyId), eq(tickets.contactId, contact.id), eq(tickets.whatsappId, connection.id)))
      .limit(1);
    if (!named) throw new AppError("ERR_NO_TICKET_FOUND");
    return named;
  }
  const live = await liveTicketOf(tx, companyId, contact.id, connection.id);
  if (live) return live;
  const wanted = input.openTicket;
  // A pending ticket waits for an attendant to accept it: it has none.
  const userId = wanted?.status === "pending" ? null : (wanted?.userId ?? null);
  await ensureQueue(tx, companyId, wanted?.queueId);
  await ensureUser(tx, companyId, userId);
  const status = wanted?.status === "open" ? attendedStatus(contact) : wanted?.status === "pending" ? "pending" : "closed";
  const now = nowIso();
  const [row] = await tx
    .insert(tickets)
    .values({
      companyId,
      contactId: contact.id,
      whatsappId: connection.id,
      channel: connection.channel,
      isGroup: contact.isGroup,
      status,
      userId,
      queueId: wanted?.queueId ?? null,
      createdAt: now,
      updatedAt: now,
      ...newTicketTimes(status, userId, now),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    const raced = await liveTicketOf(tx, companyId, contact.id, connection.id);
    if (!raced) throw new AppError("ERR_CREATING_TICKET");
    return raced;
  }
  await tx.insert(ticketLogs).values([
    { companyId, ticketId: row.id, type: "create", userId: input.authorId, queueId: row.queueId },
    { companyId, ticketId: row.id, type: status === "closed" ? "closed" : status === "pending" ? "pending" : "open", userId: row.userId, queueId: row.queueId },
  ]);
  return row;
}
