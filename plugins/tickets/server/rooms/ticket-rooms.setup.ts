import { and, eq } from "drizzle-orm";
import { users } from "../../../../core/db/tables.ts";
import type { PluginContext } from "../../../../core/plugin/server-plugin.ts";
import { tickets } from "../../schema/tables.ts";
import { roomsOfUser } from "./ticket-rooms.ts";
import type { TicketViews } from "../tickets/tickets-views.ts";
import { ticketRoom } from "./tickets.events.ts";

type Ack = ((ok: boolean) => void) | undefined;
const ack = (cb: unknown, ok: boolean) => {
  if (typeof cb === "function") (cb as NonNullable<Ack>)(ok);
};

const TICKET_ROOM_PREFIX = ticketRoom("");
/** The ticket uuid of an open chat's room (ticketRoom), or null for any other room. */
const uuidOfTicketRoom = (room: string): string | null => (room.startsWith(TICKET_ROOM_PREFIX) ? room.slice(TICKET_ROOM_PREFIX.length) : null);

/**
 * Socket side of the ticket rooms (ticket-rooms.ts). A room policy puts each socket in the
 * rooms its user may see, from the user's current row and queues, and runs again when the
 * kernel is told their rights changed: the open chats joined stay only while the user may
 * still open them. "joinTicket" / "leaveTicket" with a ticket uuid (or id) join the room
 * of one open chat, only when the user (read now, not at connection) may open that ticket;
 * a change of the ticket that takes it out of the user's sight takes the socket out of the
 * room (TicketViews.announceMoved, announceDeleted).
 * The client's "joinTickets" / "leaveTickets" (status rooms) and "joinNotification" are
 * accepted and need nothing: the visibility rooms already scope every ticket event.
 */
export function registerTicketRooms(ctx: PluginContext, views: TicketViews): void {
  const findTicket = async (companyId: number, ref: unknown) => {
    const cond =
      typeof ref === "number" || (typeof ref === "string" && /^\d+$/.test(ref))
        ? eq(tickets.id, Number(ref))
        : typeof ref === "string" && ref.length <= 64
          ? eq(tickets.uuid, ref)
          : null;
    if (!cond) return null;
    const [row] = await ctx.db
      .select()
      .from(tickets)
      .where(and(cond, eq(tickets.companyId, companyId)))
      .limit(1);
    return row ?? null;
  };

  ctx.realtime.roomPolicy(async (user, joined) => {
    const rooms = roomsOfUser(user, await views.queueIdsOf(user.id));
    for (const room of joined) {
      const uuid = uuidOfTicketRoom(room);
      const ticket = uuid ? await findTicket(user.companyId, uuid) : null;
      if (ticket && (await views.canOpen(user, ticket))) rooms.push(room);
    }
    return rooms;
  });

  ctx.realtime.onConnection((socket, who) => {
    socket.on("joinTicket", async (ref: unknown, cb?: unknown) => {
      try {
        // The user as they are now: rights may have changed since the socket connected.
        const [user] = await ctx.db.select().from(users).where(eq(users.id, who.id)).limit(1);
        const ticket = await findTicket(who.companyId, ref);
        let ok = !!user && user.companyId === who.companyId && !!ticket && (await views.canOpen(user, ticket));
        if (ok) {
          const room = ticketRoom(ticket!.uuid);
          await socket.join(room);
          // A transfer or close that committed after the read above found the socket not yet in
          // the room (TicketViews.announceMoved): the ticket is read again now that it is.
          const now = await findTicket(who.companyId, ticket!.id);
          ok = !!now && (await views.canOpen(user!, now));
          if (!ok) await socket.leave(room);
        }
        ack(cb, ok);
      } catch (err) {
        ctx.log.error("tickets: joinTicket failed", err);
        ack(cb, false);
      }
    });
    socket.on("leaveTicket", async (ref: unknown, cb?: unknown) => {
      const ticket = await findTicket(who.companyId, ref).catch(() => null);
      if (ticket) await socket.leave(ticketRoom(ticket.uuid));
      ack(cb, true);
    });
    for (const event of ["joinTickets", "leaveTickets", "joinNotification"]) socket.on(event, (_status: unknown, cb?: unknown) => ack(cb, true));
  });
}
