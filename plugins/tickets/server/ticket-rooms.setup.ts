import { and, eq } from "drizzle-orm";
import { users } from "../../../core/db/tables.ts";
import type { PluginContext } from "../../../core/plugin/server-plugin.ts";
import { tickets } from "../schema/tables.ts";
import { roomsOfUser } from "./ticket-rooms.ts";
import type { TicketViews } from "./tickets-views.ts";
import { ticketRoom } from "./tickets.events.ts";

type Ack = ((ok: boolean) => void) | undefined;
const ack = (cb: unknown, ok: boolean) => {
  if (typeof cb === "function") (cb as NonNullable<Ack>)(ok);
};

/**
 * Socket side of the ticket rooms (ticket-rooms.ts): at connection each socket joins the
 * rooms its user may see; "joinTicket" / "leaveTicket" with a ticket uuid (or id) join
 * the room of one open chat, only when the user may open that ticket. The client's
 * "joinTickets" / "leaveTickets" (status rooms) and "joinNotification" are accepted and
 * need nothing: the visibility rooms already scope every ticket event.
 */
export function registerTicketRooms(ctx: PluginContext, views: TicketViews): void {
  ctx.realtime.onConnection((socket, who) => {
    const ready = (async () => {
      const [user] = await ctx.db.select().from(users).where(eq(users.id, who.id)).limit(1);
      if (!user || user.companyId !== who.companyId) return null;
      await socket.join(roomsOfUser(user, await views.queueIdsOf(user.id)));
      return user;
    })().catch((err) => {
      ctx.log.error("tickets: joining rooms failed", err);
      return null;
    });

    const findTicket = async (ref: unknown) => {
      const cond = typeof ref === "number" || (typeof ref === "string" && /^\d+$/.test(ref)) ? eq(tickets.id, Number(ref)) : typeof ref === "string" && ref.length <= 64 ? eq(tickets.uuid, ref) : null;
      if (!cond) return null;
      const [row] = await ctx.db.select().from(tickets).where(and(cond, eq(tickets.companyId, who.companyId))).limit(1);
      return row ?? null;
    };

    socket.on("joinTicket", async (ref: unknown, cb?: unknown) => {
      try {
        const user = await ready;
        const ticket = await findTicket(ref);
        const ok = !!user && !!ticket && (await views.canOpen(user, ticket));
        if (ok) await socket.join(ticketRoom(ticket!.uuid));
        ack(cb, ok);
      } catch (err) {
        ctx.log.error("tickets: joinTicket failed", err);
        ack(cb, false);
      }
    });
    socket.on("leaveTicket", async (ref: unknown, cb?: unknown) => {
      const ticket = await findTicket(ref).catch(() => null);
      if (ticket) await socket.leave(ticketRoom(ticket.uuid));
      ack(cb, true);
    });
    for (const event of ["joinTickets", "leaveTickets", "joinNotification"]) socket.on(event, (_status: unknown, cb?: unknown) => ack(cb, true));
  });
}
