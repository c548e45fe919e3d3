import { and, eq } from "drizzle-orm";
import { nanoid } from "nanoid";
import type { Tx } from "../../../../core/db/database.ts";
import { users } from "../../../../core/db/tables.ts";
import { AppError } from "../../../../core/errors.ts";
import type { PluginContext } from "../../../../core/plugin/server-plugin.ts";
import type {} from "../../../connections/server/connections.contract.ts";
import type {} from "../../../contacts/server/contacts.contract.ts";
import { queuesView } from "../../schema/views.ts";
import { messages, ticketLogs, tickets } from "../../schema/tables.ts";
import { DELIVER_JOB } from "../delivery/deliver.ts";
import { isCompanyMediaUrl, mediaTypeOf } from "./media.ts";
import { resolveVariables } from "./message-variables.ts";
import { type OutboundSender, signaturePrefix } from "../delivery/messages-sender.ts";
import { attendedStatus, ensureQueue, ensureUser, liveTicketOf } from "../tickets/ticket-lifecycle.support.ts";
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
              .select({ name: users.name })
              .from(users)
              .where(and(eq(users.id, input.authorId), eq(users.companyId, companyId)))
              .limit(1)
          )[0] ?? null);
    let body = text;
    if (body) {
      const [queue] = ticket.queueId == null ? [] : await tx.select({ name: queuesView.name }).from(queuesView).where(eq(queuesView.id, ticket.queueId)).limit(1);
      body = resolveVariables(body, {
        contactName: contact.name,
        userName: author?.name ?? "",
        ticketId: ticket.id,
        queueName: queue?.name ?? "",
        connectionName: connection.name,
        now: new Date(),
      });
      if (input.sign && author && (await ctx.settings.companyOne(companyId, "sendSignMessage")) === "enabled") body = signaturePrefix(author.name) + body;
    }
    const media = input.media;
    const [message] = await tx
      .insert(messages)
      .values({
        companyId,
        ticketId: ticket.id,
        contactId: contact.id,
        whatsappId: ticket.whatsappId,
        // Our own id, as OutboundSender gives: a retried delivery carries the same one.
        providerId: `out-${nanoid()}`,
        body,
        fromMe: true,
        mediaType: media ? mediaTypeOf(media.mimetype) : "chat",
        mediaUrl: media?.url ?? null,
        ack: 0,
        userId: input.authorId,
        queueId: ticket.queueId,
        dataJson: media ? JSON.stringify({ mimetype: media.mimetype, fileName: media.fileName }) : null,
      })
      .returning();
    await tx
      .update(tickets)
      .set({ lastMessage: body || media?.fileName || "" })
      .where(eq(tickets.id, ticket.id));
    // The outbox row: committed with the message (and the caller's change) or not at all.
    await sender.delivery.enqueue(DELIVER_JOB, ticket, message!.id, tx);

    return {
      message: message!,
      ticket,
      async announce() {
        try {
          await sender.reader.announce(companyId, ticket.id);
          const [fresh] = await ctx.db.select().from(tickets).where(eq(tickets.id, ticket.id)).limit(1);
          if (fresh) await sender.announcer.message("create", message!, fresh);
        } catch (err) {
          // The message is stored and queued; a failed event only delays what screens show.
          ctx.log.error(`tickets: events of message ${message!.id} failed`, err);
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
  const live = await liveTicketOf(tx, companyId, contact.id, connection.id);
  if (live) return live;
  const wanted = input.openTicket;
  await ensureQueue(tx, companyId, wanted?.queueId);
  await ensureUser(tx, companyId, wanted?.userId);
  const status = wanted?.status === "open" ? attendedStatus(contact) : "closed";
  const [row] = await tx
    .insert(tickets)
    .values({
      companyId,
      contactId: contact.id,
      whatsappId: connection.id,
      channel: connection.channel,
      isGroup: contact.isGroup,
      status,
      userId: wanted?.userId ?? null,
      queueId: wanted?.queueId ?? null,
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
    { companyId, ticketId: row.id, type: status === "closed" ? "closed" : "open", userId: row.userId, queueId: row.queueId },
  ]);
  return row;
}
