import type { Server as Engine, WebSocketData } from "@socket.io/bun-engine";
import type { Kernel } from "../kernel.ts";

/** Socket.IO's engine for Bun, bound to the kernel's Socket.IO server. */
async function loadEngine(kernel: Kernel): Promise<Engine> {
  const [{ Server }, io] = await Promise.all([import("@socket.io/bun-engine"), kernel.realtime.load()]);
  // The engine answers the polling handshake itself, before Socket.IO's own `cors` option is
  // consulted: without CORS here a web app served from FRONTEND_URL never connects.
  const origin = kernel.config.FRONTEND_URL;
  const engine = new Server({
    path: "/socket.io/",
    maxHttpBufferSize: 1e6,
    pingInterval: 25_000,
    pingTimeout: 20_000,
    ...(origin ? { cors: { origin, credentials: true } } : {}),
  });
  io.bind(engine);
  return engine;
}

/**
 * Bun: one `Bun.serve` on one port. `/socket.io/` goes to the Socket.IO engine for
 * Bun, everything else to the Hono app (with the peer address for rate limiting).
 * The engine and Socket.IO load with the first `/socket.io/` request rather than before
 * the first answer (issue 17: they were about a third of the modules parsed at boot);
 * no WebSocket can open before that request, so the handlers below only ever meet a loaded engine.
 */
export function serveBun(kernel: Kernel, port: number, hostname: string) {
  let engine: Engine | null = null;
  let loading: Promise<Engine> | null = null;
  const ready = () => (loading ??= loadEngine(kernel).then((e) => (engine = e)));
  const server = Bun.serve<WebSocketData>({
    port,
    hostname,
    // WORKERS' children listen on one port together; the kernel spreads the connections.
    reusePort: kernel.config.WORKERS > 1,
    idleTimeout: 30,
    websocket: {
      open: (ws) => engine?.onWebSocketOpen(ws),
      message: (ws, message) => engine?.onWebSocketMessage(ws, message),
      close: (ws, code, reason) => engine?.onWebSocketClose(ws, code, reason),
      maxPayloadLength: 1e6,
      // Bun's default today, stated so an upgrade cannot turn it on unnoticed: an event is a few
      // hundred bytes sent to every socket of a company, and deflating each copy would cost CPU
      // in the fan-out (issue 17) to save almost nothing.
      perMessageDeflate: false,
    },
    fetch(req, srv) {
      const url = new URL(req.url);
      if (url.pathname.startsWith("/socket.io/")) return engine ? engine.handleRequest(req, srv) : ready().then((e) => e.handleRequest(req, srv));
      return kernel.fetch(req, { remoteAddress: srv.requestIP(req)?.address, server: srv });
    },
  });
  // stopAccepting: no new connection; the requests in flight still get their answers (shutdown.ts).
  return { port: server.port ?? port, stopAccepting: () => void server.stop(false), close: () => server.stop(true) };
}
