import { inArray } from "drizzle-orm";
import { TICKET_LOG_TYPES, TICKET_STATUSES, ticketLogs, ticketNotes, ticketRatings, tickets, ticketTags } from "../../../plugins/tickets/schema/tables.ts";
import { jsonList } from "../raw-sql.ts";
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
      for (const [contactId, whatsappId] of await ctx.raw.values(
        "SELECT contact_id, whatsapp_id FROM tickets WHERE company_id = ? AND contact_id IN (SELECT value FROM json_each(?)) AND status IN ('pending', 'open', 'group', 'nps', 'lgpd')",
        [companyId, jsonList([...new Set(contactIds)])],
      ))
        live.add(`${contactId}:${whatsappId}`);
    const uuids = rows.map((r) => str(r.uuid).toLowerCase()).filter((u) => UUID.test(u));
    const taken = new Set<string>();
    if (uuids.length)
      for (const [uuid] of await ctx.raw.values("SELECT uuid FROM tickets WHERE uuid IN (SELECT value FROM json_each(?))", [jsonList(uuids)])) taken.add(String(uuid));
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
            ...(UUID.test(uuid) && !taken.has(uuid.toLowerCase()) ? { uuid: uuid.toLowerCase() } : {}),
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

/**
 * A ticket's times (`TicketTraking`: one row per cycle of a ticket that was reopened), merged:
 * accepted when first started, closed when last finished (kept only on a ticket that is not
 * live: ours is null while live), rating asked when any cycle asked. Rows of one ticket in
 * other pages or runs merge the same way (the earliest and latest win in SQL). `queuedAt`,
 * `chatbotAt` and `ratingAt` have no column here.
 */
export const ticketTrackingStep: Step = {
  table: "TicketTraking",
  known: ["id", "ticketId", "companyId", "whatsappId", "userId", "queueId", "queuedAt", "startedAt", "finishedAt", "closedAt", "ratingAt", "rated", "chatbotAt", ...TIMESTAMPS],
  required: ["id", "ticketId"],
  scope: `"ticketId" IN (SELECT "id" FROM "Tickets" WHERE "companyId" = $company)`,
  key: ["id"],
  mapped: true,
  refs: { ticketId: "Tickets" },
  async map(rows, ctx) {
    const merged = new Map<number, { acceptedAt: string | null; closedAt: string | null; rated: boolean }>();
    const out = rows.map((r): Outcome => {
      const ticketId = ctx.ref("Tickets", r.ticketId);
      if (!ticketId) return { source: Number(r.id), skip: "its ticket was not imported" };
      const acceptedAt = iso(r.startedAt);
      const closedAt = iso(r.closedAt) ?? iso(r.finishedAt);
      const m = merged.get(ticketId) ?? { acceptedAt: null, closedAt: null, rated: false };
      if (acceptedAt && (!m.acceptedAt || acceptedAt < m.acceptedAt)) m.acceptedAt = acceptedAt;
      if (closedAt && (!m.closedAt || closedAt > m.closedAt)) m.closedAt = closedAt;
      m.rated ||= bool(r.rated);
      merged.set(ticketId, m);
      return { source: Number(r.id), update: { table: tickets, id: ticketId, values: {} } };
    });
    const last = out.findLast((o) => "update" in o);
    if (last)
      last.after = async () => {
        for (const [id, m] of merged)
          await ctx.raw.execute(
            `UPDATE tickets SET
               accepted_at = CASE WHEN ?1 IS NOT NULL AND (accepted_at IS NULL OR ?1 < accepted_at) THEN ?1 ELSE accepted_at END,
               closed_at = CASE WHEN ?2 IS NOT NULL AND status NOT IN ('pending', 'open', 'group', 'lgpd') AND (closed_at IS NULL OR ?2 > closed_at) THEN ?2 ELSE closed_at END,
               rating_asked = CASE WHEN ?3 = 1 THEN 1 ELSE rating_asked END
             WHERE id = ?4`,
            [m.acceptedAt, m.closedAt, m.rated ? 1 : 0, id],
          );
      };
    return out;
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
      else if (ticket.rated !== null) out.push({ source: Number(r.id), skip: "the ticket already has a rating", permanent: true });
      else if (rate < 1 || rate > 5) out.push({ source: Number(r.id), skip: "rate outside 1 to 5", permanent: true });
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
      else if (!(TICKET_LOG_TYPES as readonly string[]).includes(type)) out.push({ source: Number(r.id), skip: `log type "${type.slice(0, 40)}" unknown here`, permanent: true });
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
