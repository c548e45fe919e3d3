import { Server as Engine } from "@socket.io/bun-engine";
import type { Kernel } from "../kernel.ts";

/**
 * Bun: one `Bun.serve` on one port. `/socket.io/` goes to the Socket.IO engine for
 * Bun, everything else to the Hono app (with the peer address for rate limiting).
 */
export function serveBun(kernel: Kernel, port: number, hostname: string) {
  // The engine answers the polling handshake itself, before Socket.IO's own `cors` option is
  // consulted: without CORS here a web app served from FRONTEND_URL never connects.
  const origin = kernel.config.FRONTEND_URL;
  const engine = new Engine({
    path: "/socket.io/",
    maxHttpBufferSize: 1e6,
    pingInterval: 25_000,
    pingTimeout: 20_000,
    ...(origin ? { cors: { origin, credentials: true } } : {}),
  });
  kernel.realtime.io.bind(engine);
  const { websocket } = engine.handler();
  const server = Bun.serve({
    port,
    hostname,
    idleTimeout: 30,
    // Bun's default today, stated so an upgrade cannot turn it on unnoticed: an event is a few
    // hundred bytes sent to every socket of a company, and deflating each copy would cost CPU
    // in the fan-out (issue 17) to save almost nothing.
    websocket: { ...websocket, perMessageDeflate: false },
    fetch(req, srv) {
      const url = new URL(req.url);
      if (url.pathname.startsWith("/socket.io/")) return engine.handleRequest(req, srv);
      return kernel.fetch(req, { remoteAddress: srv.requestIP(req)?.address, server: srv });
    },
  });
  return { port: server.port ?? port, close: () => server.stop(true) };
}
