import { and, eq, inArray, sql } from "drizzle-orm";
import { TICKET_LOG_TYPES, TICKET_STATUSES, ticketLogs, ticketNotes, ticketRatings, tickets, ticketTags } from "../../../plugins/tickets/schema/tables.ts";
import type { Outcome, Step } from "../step.ts";
import { bool, int, iso, isoOrNow, oneOf, str } from "./values.ts";

const TIMESTAMPS = ["createdAt", "updatedAt"];
const LIVE = new Set(["pending", "open", "group", "nps", "lgpd"]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Tickets, keeping their uuid (old links still open them). A ticket needs its contact and
 * connection. Ours allow one live ticket per contact and connection: a second live one in the
 * source comes in closed.
 */
export const ticketsStep: Step = {
  table: "Tickets",
  known: [
    "id",
    "status",
    "lastMessage",
    "contactId",
    "userId",
    "whatsappId",
    "isGroup",
    "unreadMessages",
    "queueId",
    "companyId",
    "uuid",
    "channel",
    "chatbot",
    "isBot",
    "queueOptionId",
    "amountUsedBotQueues",
    "fromMe",
    "lgpdAcceptedAt",
    "imported",
    ...TIMESTAMPS,
  ],
  required: ["id", "contactId", "whatsappId", "companyId"],
  scope: `"companyId" = $company`,
  key: ["id"],
  mapped: true,
  refs: { contactId: "Contacts", whatsappId: "Whatsapps", userId: "Users", queueId: "Queues" },
  async map(rows, ctx) {
    const companyId = ctx.companyId!;
    const contactIds = rows.map((r) => ctx.ref("Contacts", r.contactId)).filter((id): id is number => id !== undefined);
    const live = new Set<string>();
    if (contactIds.length)
      for (const t of await ctx.tx
        .select({ contactId: tickets.contactId, whatsappId: tickets.whatsappId })
        .from(tickets)
        .where(and(eq(tickets.companyId, companyId), inArray(tickets.contactId, contactIds), sql`${tickets.status} IN ('pending', 'open', 'group', 'nps', 'lgpd')`)))
        live.add(`${t.contactId}:${t.whatsappId}`);
    const uuids = rows.map((r) => str(r.uuid)).filter((u) => UUID.test(u));
    const taken = new Set(uuids.length ? (await ctx.tx.select({ uuid: tickets.uuid }).from(tickets).where(inArray(tickets.uuid, uuids))).map((t) => t.uuid) : []);
    const out: Outcome[] = [];
    for (const r of rows) {
      const contactId = ctx.ref("Contacts", r.contactId);
      const whatsappId = ctx.ref("Whatsapps", r.whatsappId);
      if (!contactId) {
        out.push({ source: Number(r.id), skip: "its contact was not imported" });
        continue;
      }
      if (!whatsappId) {
        out.push({ source: Number(r.id), skip: "its connection was not imported (or it has none)" });
        continue;
      }
      let status = oneOf(r.status, TICKET_STATUSES, "closed");
      const pair = `${contactId}:${whatsappId}`;
      if (LIVE.has(status)) {
        if (live.has(pair)) status = "closed";
        else live.add(pair);
      }
      const uuid = str(r.uuid);
      const updatedAt = isoOrNow(r.updatedAt);
      out.push({
        source: Number(r.id),
        insert: {
          table: tickets,
          values: {
            id: await ctx.newId(tickets),
            ...(UUID.test(uuid) && !taken.has(uuid) ? { uuid: uuid.toLowerCase() } : {}),
            companyId,
            status,
            contactId,
            whatsappId,
            userId: ctx.ref("Users", r.userId) ?? null,
            queueId: ctx.ref("Queues", r.queueId) ?? null,
            channel: str(r.channel, "whatsapp"),
            lastMessage: str(r.lastMessage),
            unreadMessages: int(r.unreadMessages),
            isGroup: bool(r.isGroup),
            activityAt: updatedAt,
            agentActivityAt: updatedAt,
            createdAt: isoOrNow(r.createdAt),
            updatedAt,
          },
        },
      });
    }
    return out;
  },
};

/** A ticket's times (`TicketTraking`): accepted when first started, closed when finished. */
export const ticketTrackingStep: Step = {
  table: "TicketTraking",
  known: ["id", "ticketId", "companyId", "whatsappId", "userId", "queueId", "queuedAt", "startedAt", "finishedAt", "closedAt", "ratingAt", "rated", "chatbotAt", ...TIMESTAMPS],
  required: ["id", "ticketId"],
  scope: `"ticketId" IN (SELECT "id" FROM "Tickets" WHERE "companyId" = $company)`,
  key: ["id"],
  mapped: true,
  refs: { ticketId: "Tickets" },
  async map(rows, ctx) {
    return rows.map((r): Outcome => {
      const ticketId = ctx.ref("Tickets", r.ticketId);
      if (!ticketId) return { source: Number(r.id), skip: "its ticket was not imported" };
      const acceptedAt = iso(r.startedAt);
      const closedAt = iso(r.closedAt) ?? iso(r.finishedAt);
      return {
        source: Number(r.id),
        update: {
          table: tickets,
          id: ticketId,
          values: { ...(acceptedAt ? { acceptedAt } : {}), ...(closedAt ? { closedAt } : {}), ...(bool(r.rated) ? { ratingAsked: true } : {}) },
        },
      };
    });
  },
};

/**
 * Ratings (`UserRatings.rate`, 1 to 5) become NPS answers (0 to 10) that the list shows as the
 * same 1 to 5: 1, 3, 5, 7 and 10 (ticket-clocks.ts, ratingOfScore).
 */
export const ratingsStep: Step = {
  table: "UserRatings",
  known: ["id", "ticketId", "companyId", "userId", "rate", ...TIMESTAMPS],
  required: ["id", "ticketId", "rate"],
  scope: `"ticketId" IN (SELECT "id" FROM "Tickets" WHERE "companyId" = $company)`,
  key: ["id"],
  mapped: true,
  refs: { ticketId: "Tickets", userId: "Users" },
  async map(rows, ctx) {
    const ids = rows.map((r) => ctx.ref("Tickets", r.ticketId)).filter((id): id is number => id !== undefined);
    const info = new Map(
      ids.length
        ? (
            await ctx.tx
              .select({ id: tickets.id, queueId: tickets.queueId, whatsappId: tickets.whatsappId, rated: tickets.userRating })
              .from(tickets)
              .where(inArray(tickets.id, ids))
          ).map((t) => [t.id, t])
        : [],
    );
    const out: Outcome[] = [];
    for (const r of rows) {
      const ticketId = ctx.ref("Tickets", r.ticketId);
      const ticket = ticketId ? info.get(ticketId) : undefined;
      const rate = int(r.rate);
      if (!ticketId || !ticket) out.push({ source: Number(r.id), skip: "its ticket was not imported" });
      else if (ticket.rated !== null) out.push({ source: Number(r.id), skip: "the ticket already has a rating" });
      else if (rate < 1 || rate > 5) out.push({ source: Number(r.id), skip: "rate outside 1 to 5" });
      else {
        const score = rate >= 5 ? 10 : 2 * rate - 1;
        ticket.rated = score;
        out.push({
          source: Number(r.id),
          insert: {
            table: ticketRatings,
            values: {
              id: await ctx.newId(ticketRatings),
              companyId: ctx.companyId!,
              ticketId,
              userId: ctx.ref("Users", r.userId) ?? null,
              queueId: ticket.queueId,
              whatsappId: ticket.whatsappId,
              rate: score,
              createdAt: isoOrNow(r.createdAt),
            },
          },
          changes: [{ table: tickets, id: ticketId, values: { userRating: score, ratingAsked: true } }],
        });
      }
    }
    return out;
  },
};

/** The ticket log ("view log"); a type we do not know is skipped and counted. */
export const ticketLogsStep: Step = {
  table: "LogTickets",
  known: ["id", "userId", "ticketId", "queueId", "type", ...TIMESTAMPS],
  required: ["id", "ticketId", "type"],
  scope: `"ticketId" IN (SELECT "id" FROM "Tickets" WHERE "companyId" = $company)`,
  key: ["id"],
  mapped: true,
  refs: { ticketId: "Tickets", userId: "Users", queueId: "Queues" },
  async map(rows, ctx) {
    const out: Outcome[] = [];
    for (const r of rows) {
      const ticketId = ctx.ref("Tickets", r.ticketId);
      const type = str(r.type);
      if (!ticketId) out.push({ source: Number(r.id), skip: "its ticket was not imported" });
      else if (!(TICKET_LOG_TYPES as readonly string[]).includes(type)) out.push({ source: Number(r.id), skip: `log type "${type.slice(0, 40)}" unknown here` });
      else
        out.push({
          source: Number(r.id),
          insert: {
            table: ticketLogs,
            values: {
              id: await ctx.newId(ticketLogs),
              companyId: ctx.companyId!,
              ticketId,
              type: type as (typeof TICKET_LOG_TYPES)[number],
              userId: ctx.ref("Users", r.userId) ?? null,
              queueId: ctx.ref("Queues", r.queueId) ?? null,
              createdAt: isoOrNow(r.createdAt),
            },
          },
        });
    }
    return out;
  },
};

/** Internal notes on a ticket (a note without a ticket has no home here). */
export const ticketNotesStep: Step = {
  table: "TicketNotes",
  known: ["id", "note", "userId", "contactId", "ticketId", ...TIMESTAMPS],
  required: ["id", "note", "contactId"],
  scope: `"contactId" IN (SELECT "id" FROM "Contacts" WHERE "companyId" = $company)`,
  key: ["id"],
  mapped: true,
  refs: { ticketId: "Tickets", contactId: "Contacts", userId: "Users" },
  async map(rows, ctx) {
    const out: Outcome[] = [];
    for (const r of rows) {
      const ticketId = ctx.ref("Tickets", r.ticketId);
      const contactId = ctx.ref("Contacts", r.contactId);
      if (!ticketId || !contactId) out.push({ source: Number(r.id), skip: "its ticket or contact was not imported" });
      else
        out.push({
          source: Number(r.id),
          insert: {
            table: ticketNotes,
            values: {
              id: await ctx.newId(ticketNotes),
              companyId: ctx.companyId!,
              ticketId,
              contactId,
              userId: ctx.ref("Users", r.userId) ?? null,
              note: str(r.note),
              createdAt: isoOrNow(r.createdAt),
              updatedAt: isoOrNow(r.updatedAt),
            },
          },
        });
    }
    return out;
  },
};

/** Tags on tickets, kanban lanes included (a link). */
export const ticketTagsStep: Step = {
  table: "TicketTags",
  known: ["ticketId", "tagId", ...TIMESTAMPS],
  required: ["ticketId", "tagId"],
  scope: `"tagId" IN (SELECT "id" FROM "Tags" WHERE "companyId" = $company)`,
  key: ["ticketId", "tagId"],
  mapped: false,
  refs: { ticketId: "Tickets", tagId: "Tags" },
  async map(rows, ctx) {
    return rows.map((r): Outcome => {
      const ticketId = ctx.ref("Tickets", r.ticketId);
      const tagId = ctx.ref("Tags", r.tagId);
      if (!ticketId || !tagId) return { source: null, skip: "its ticket or tag was not imported" };
      return { source: null, insert: { table: ticketTags, values: { companyId: ctx.companyId!, ticketId, tagId, createdAt: isoOrNow(r.createdAt) } } };
    });
  },
};
