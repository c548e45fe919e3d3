import { and, eq, inArray, sql } from "drizzle-orm";
import { nowIso, timeOrderedUuid } from "../../../../core/db/columns.ts";
import { preparedPer } from "../../../../core/db/prepared.ts";
import { users } from "../../../../core/db/tables.ts";
import type { SyncDb, WriteUnit } from "../../../../core/db/write-batch.ts";
import { AppError } from "../../../../core/errors.ts";
import type { PluginContext } from "../../../../core/plugin/server-plugin.ts";
import type {} from "../../../connections/server/connections.contract.ts";
import { LIVE_STATUSES, ticketLogs, tickets } from "../../schema/tables.ts";
import { queuesView } from "../../schema/views.ts";
import type { OutboundSender } from "../delivery/messages-sender.ts";
import { outboundDraft } from "../outbound/outbound-message.ts";
import { attendedStatus } from "../tickets/ticket-lifecycle.support.ts";
import { newTicketTimes } from "../tickets/ticket-times.ts";
import { viewInUnit } from "../tickets/tickets-view-query.ts";
import type { SendToContactInput, SendToContactScope, SendToContactStep, SentToContact, StepContact, TicketRow } from "../tickets.contract.ts";
import { isCompanyMediaUrl } from "./media.ts";

const p = sql.placeholder;

/** Built once per batcher connection: a burst of API sends builds no SQL per message. */
const statementsFor = preparedPer((db: SyncDb) => ({
  live: db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, p("companyId")), eq(tickets.contactId, p("contactId")), eq(tickets.whatsappId, p("whatsappId")), inArray(tickets.status, [...LIVE_STATUSES])))
    .limit(1)
    .prepare(),
  named: db
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, p("id")), eq(tickets.companyId, p("companyId")), eq(tickets.contactId, p("contactId")), eq(tickets.whatsappId, p("whatsappId"))))
    .limit(1)
    .prepare(),
  user: db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.id, p("id")), eq(users.companyId, p("companyId"))))
    .limit(1)
    .prepare(),
  queue: db
    .select({ id: queuesView.id })
    .from(queuesView)
    .where(and(eq(queuesView.id, p("id")), eq(queuesView.companyId, p("companyId"))))
    .limit(1)
    .prepare(),
  // Columns with a JS-side default (uuid, timestamps) are placeholders: a prepared insert would freeze them.
  create: db
    .insert(tickets)
    .values({
      uuid: p("uuid"),
      companyId: p("companyId"),
      contactId: p("contactId"),
      whatsappId: p("whatsappId"),
      channel: p("channel"),
      isGroup: p("isGroup"),
      status: p("status"),
      userId: p("userId"),
      queueId: p("queueId"),
      acceptedAt: p("acceptedAt"),
      closedAt: p("closedAt"),
      createdAt: p("now"),
      updatedAt: p("now"),
      activityAt: p("now"),
      agentActivityAt: p("now"),
    })
    .onConflictDoNothing()
    .returning()
    .prepare(),
  log: db
    .insert(ticketLogs)
    .values({ companyId: p("companyId"), ticketId: p("ticketId"), type: p("type"), userId: p("userId"), queueId: p("queueId"), createdAt: p("now") })
    .prepare(),
}));

/**
 * `tickets.sendToContactStep`: `tickets.sendToContact` for a write unit (`ctx.writes`), so a
 * caller's own writes (a contact found or created, an Idempotency-Key) share the unit, and
 * the unit shares the batch's group commit with others (the public messages API's hot path).
 * What cannot run inside a synchronous unit is read first: the connection and the company's
 * sendSignMessage. The same rules as the async service (ticket-lifecycle, signature,
 * variables, the delivery outbox row in the connection's lane), the same refusals.
 */
export function createSendToContactStep(ctx: PluginContext, sender: OutboundSender) {
  return async (scope: SendToContactScope): Promise<SendToContactStep> => {
    const { companyId } = scope;
    const connection = scope.whatsappId ? await ctx.services.require("connections.get")(companyId, scope.whatsappId) : await ctx.services.require("connections.default")(companyId);
    if (!connection) throw new AppError(scope.whatsappId ? "ERR_NO_WAPP_FOUND" : "ERR_NO_DEF_WAPP_FOUND");
    const signing = scope.sign ? (await ctx.settings.companyOne(companyId, "sendSignMessage")) === "enabled" : false;

    return (unit: WriteUnit, contact: StepContact, input: SendToContactInput): SentToContact => {
      if (input.companyId !== companyId || contact.id !== input.contactId || (input.whatsappId ?? connection.id) !== connection.id || (input.sign && !scope.sign)) {
        throw new Error("tickets.sendToContactStep: the input is not of the scope the step was prepared for");
      }
      if (input.media && !isCompanyMediaUrl(companyId, input.media.url)) throw new AppError("ERR_VALIDATION", { fields: { mediaPath: "Invalid media URL" } });
      const text = input.body.trim();
      if (!text && !input.media) throw new AppError("ERR_VALIDATION", { fields: { body: "Required" } });

      const s = statementsFor(unit.db);
      const { ticket, created } = ticketFor(s, companyId, contact, connection, input);
      const author = input.authorId == null ? null : (s.user.get({ id: input.authorId, companyId }) ?? null);
      const draft = outboundDraft(text, {
        content: input.media ? { kind: "file", ...input.media } : { kind: "text" },
        author,
        variables: true,
        sign: input.sign,
      });
      // The message, lastMessage and its delivery outbox row: committed with the caller's unit or not at all.
      const message = sender.outbound.inUnit(unit.db, ticket, draft, { contact: contact.name, connection: connection.name, signing });
      if (!message) throw new AppError("ERR_VALIDATION", { fields: { body: "Required" } });
      // The ticket as it commits and its view, read inside the unit: the announcement needs no query of its own.
      const read = viewInUnit(unit.db, companyId, ticket.id, created);
      if (!read) throw new AppError("ERR_NO_TICKET_FOUND");

      return {
        message,
        ticket: read.row,
        async announce() {
          try {
            const known = await sender.reader.announceRow(read.row, undefined, read.view);
            await sender.announcer.message("create", message, read.row, true, known ?? undefined);
          } catch (err) {
            // The message is stored and queued; a failed event only delays what screens show.
            ctx.log.error(`tickets: events of message ${message.id} failed`, err);
          }
        },
      };
    };
  };
}

type Statements = ReturnType<typeof statementsFor>;

/** `ticketFor` of send-to-contact.ts inside a unit: the named ticket, the live one, or a new one with its logs. */
function ticketFor(
  s: Statements,
  companyId: number,
  contact: StepContact,
  connection: { id: number; channel: string },
  input: SendToContactInput,
): { ticket: TicketRow; created: boolean } {
  const key = { companyId, contactId: contact.id, whatsappId: connection.id };
  if (input.ticketId != null) {
    const named = s.named.get({ ...key, id: input.ticketId });
    if (!named) throw new AppError("ERR_NO_TICKET_FOUND");
    return { ticket: named, created: false };
  }
  const live = s.live.get(key);
  if (live) return { ticket: live, created: false };
  const wanted = input.openTicket;
  if (wanted?.queueId != null && !s.queue.get({ id: wanted.queueId, companyId })) throw new AppError("ERR_VALIDATION", { fields: { queueId: "Selecione uma fila" } });
  // A pending ticket waits for an attendant to accept it: it has none (as send-to-contact.ts).
  const userId = wanted?.status === "pending" ? null : (wanted?.userId ?? null);
  if (userId != null && !s.user.get({ id: userId, companyId })) throw new AppError("ERR_NO_USER_FOUND");
  const status = wanted?.status === "open" ? attendedStatus(contact) : wanted?.status === "pending" ? "pending" : "closed";
  const queueId = wanted?.queueId ?? null;
  const now = nowIso();
  const times = newTicketTimes(status, userId, now);
  const row = s.create.get({
    ...key,
    uuid: timeOrderedUuid(),
    channel: connection.channel,
    isGroup: contact.isGroup,
    status,
    userId,
    queueId,
    acceptedAt: times.acceptedAt ?? null,
    closedAt: times.closedAt ?? null,
    now,
  });
  if (!row) {
    // A live ticket created meanwhile (the partial unique index refused this one).
    const raced = s.live.get(key);
    if (!raced) throw new AppError("ERR_CREATING_TICKET");
    return { ticket: raced, created: false };
  }
  s.log.run({ companyId, ticketId: row.id, type: "create", userId: input.authorId, queueId, now });
  s.log.run({ companyId, ticketId: row.id, type: status === "closed" ? "closed" : status === "pending" ? "pending" : "open", userId, queueId, now });
  return { ticket: row, created: true };
}
