import { serve } from "@hono/node-server";
import type { Server as HttpServer } from "node:http";
import type { Kernel } from "../kernel.ts";

/**
 * Node and Deno (through its node:http layer): Hono's node adapter, with Socket.IO's
 * own engine attached to the same HTTP server.
 */
export async function serveNode(kernel: Kernel, port: number, hostname: string): Promise<{ port: number; stopAccepting(): void; close(): void }> {
  // engine.io must sit on the HTTP server before its first request: loaded before listening here.
  const io = await kernel.realtime.load();
  return new Promise((resolve) => {
    const server = serve(
      {
        fetch: (req, env: { incoming?: { socket?: { remoteAddress?: string } } }) => kernel.fetch(req, { remoteAddress: env?.incoming?.socket?.remoteAddress }),
        port,
        hostname,
      },
      (info) =>
        resolve({
          port: info.port,
          // close() stops listening and lets open connections finish; closeAllConnections ends the rest.
          stopAccepting: () => void server.close(),
          close: () => (server.close(), server.closeAllConnections()),
        }),
    ) as HttpServer;
    io.attach(server);
  });
}
