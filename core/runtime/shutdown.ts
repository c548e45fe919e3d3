import type { Kernel } from "../kernel.ts";

/** What shutdown needs of the listening server (serve-bun.ts, serve-node.ts). */
export interface ServingServer {
  /** Stops accepting connections; requests in flight still get their answers. */
  stopAccepting(): void;
  /** Ends every connection left (WebSockets, idle keep-alives). */
  close(): void;
}

export interface ShutdownOptions {
  /** How long requests in flight get to finish (then they are cut off). */
  graceMs?: number;
  /** Ends the process; tests pass their own. */
  exit?: (code: number) => void;
}

/**
 * Graceful shutdown on SIGTERM / SIGINT (what an orchestrator or `docker stop` sends):
 *   1. /ready answers 503 and the server accepts no new connection;
 *   2. requests in flight finish (up to `graceMs`);
 *   3. `kernel.stop()`: jobs stop being claimed, running ones finish (bounded) or go back to the
 *      table for another process; plugins stop (WhatsApp releases its session leases so another
 *      process takes them at once); sockets close; queued write batches land; the database closes;
 *   4. remaining connections are cut and the process exits 0.
 * A second signal while shutting down changes nothing (the first one is still finishing); a
 * failure on the way still exits, with 1.
 * @returns the shutdown function, for callers that stop the server themselves
 */
export function installShutdown(kernel: Kernel, server: ServingServer, options: ShutdownOptions = {}): (reason?: string) => Promise<void> {
  const { graceMs = 10_000, exit = (code: number) => process.exit(code) } = options;
  let stopping: Promise<void> | null = null;
  const shutdown = (reason = "shutdown") =>
    (stopping ??= (async () => {
      kernel.log.info(`${reason}: stopping (no new connections; ${kernel.readiness.requestsInFlight} requests in flight)`);
      kernel.readiness.draining();
      server.stopAccepting();
      let code = 0;
      try {
        if (!(await kernel.readiness.idle(graceMs))) kernel.log.warn(`${kernel.readiness.requestsInFlight} requests still in flight after ${graceMs} ms: cut off`);
        await kernel.stop();
      } catch (err) {
        kernel.log.error("shutdown failed", err);
        code = 1;
      }
      server.close();
      exit(code);
    })());
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
  return shutdown;
}
