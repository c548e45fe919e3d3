import type { Socket } from "socket.io-client";
import { afterAll, beforeAll } from "vitest";
import { serveNode } from "../../../../core/runtime/serve-node.ts";
import { connectCompany } from "../../../../tests/runtime/realtime-client.ts";
import type { TestKernel } from "../../../../tests/support/test-kernel.ts";
import { ticketCompany, type TicketCompany } from "../tickets/tickets-list.fixtures.ts";
import { ticketsKernel } from "../testing/tickets.fixtures.ts";

export type Heard = { event: string; payload: any }[];

export interface SocketWorld {
  /** The kernel, listening on a real port (set in beforeAll). */
  t: TestKernel;
  /** A company with two queues, attendants and tickets (tickets-list.fixtures.ts). */
  w: TicketCompany;
  /** Connects a real Socket.IO client for `token` and records every event it hears. */
  listen(token: string): Promise<{ socket: Socket; heard: Heard }>;
  /** Ticket events about ticket `id` that a socket heard. */
  ticketEvents(heard: Heard, id: number): any[];
}

/** Lets events already emitted reach the sockets. */
export const settle = () => new Promise((r) => setTimeout(r, 250));

/**
 * Registers beforeAll/afterAll for socket tests of ticket rooms: a fresh tickets kernel served
 * over real HTTP, the ticket company, and clients closed at the end.
 * @example const world = socketWorld(); it("...", async () => { const { heard } = await world.listen(token); });
 */
export function socketWorld(): SocketWorld {
  let server: { port: number; close(): void };
  const sockets: Socket[] = [];
  const world = {
    listen: async (token: string) => {
      const socket = await connectCompany(`http://127.0.0.1:${server.port}`, world.w.companyId, token, ["websocket"]);
      sockets.push(socket);
      const heard: Heard = [];
      socket.onAny((event: string, payload: unknown) => heard.push({ event, payload }));
      return { socket, heard };
    },
    ticketEvents: (h: Heard, id: number) =>
      h.filter((e) => e.event === `company-${world.w.companyId}-ticket` && (e.payload.ticket?.id === id || e.payload.ticketId === id)).map((e) => e.payload),
  } as SocketWorld;
  beforeAll(async () => {
    world.t = await ticketsKernel();
    server = await serveNode(world.t.kernel, 0, "127.0.0.1");
    world.w = await ticketCompany(world.t);
  });
  afterAll(async () => {
    for (const s of sockets.splice(0)) s.close();
    await world.t.close();
    server.close();
  });
  return world;
}
