import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback HTTP proxy in front of sqld: what a slow network does to a client, on demand.
 * It counts the requests that pass (each one a round trip of the libSQL client: the figure
 * per inbound message), and can hold requests back, so a transaction outlives sqld's 5 s
 * write-transaction limit while another connection waits.
 */
export interface SqldProxy {
  /** `http://127.0.0.1:<port>`: give it as DATABASE_URL instead of sqld's own. */
  url: string;
  /** The request bodies that passed, in order (JSON of the Hrana pipeline). */
  readonly requests: string[];
  /**
   * Holds the next request whose body matches `match` for `ms` before forwarding it (once).
   * Resolves when such a request arrived (before it is forwarded).
   */
  holdNext(ms: number, match?: (body: string) => boolean): Promise<void>;
  /** Adds `ms` to every request from now on (a slower network, or a loaded server); 0 ends it. */
  setLatency(ms: number): void;
  close(): Promise<void>;
}

export async function startSqldProxy(target: string): Promise<SqldProxy> {
  const requests: string[] = [];
  const holds: { ms: number; match: (body: string) => boolean; arrived(): void }[] = [];
  let latency = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const body = Buffer.concat(chunks);
      const text = body.toString("utf8");
      requests.push(text);
      const at = holds.findIndex((h) => h.match(text));
      if (latency) await new Promise((r) => setTimeout(r, latency));
      if (at >= 0) {
        const [hold] = holds.splice(at, 1);
        hold!.arrived();
        await new Promise((r) => setTimeout(r, hold!.ms));
      }
      try {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string" && k !== "host" && k !== "content-length") headers[k] = v;
        const answer = await fetch(`${target}${req.url}`, { method: req.method, headers, body: req.method === "GET" || req.method === "HEAD" ? undefined : body });
        const out = Buffer.from(await answer.arrayBuffer());
        res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/json" });
        res.end(out);
      } catch {
        res.destroy();
      }
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setLatency: (ms) => {
      latency = ms;
    },
    holdNext: (ms, match = () => true) => new Promise<void>((arrived) => holds.push({ ms, match, arrived })),
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
