import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** How a stand-in misbehaves on demand: answer 500, never answer, or answer text that is not JSON. */
export type Fault = "none" | "500" | "hang" | "badJson";

export interface Received {
  path: string;
  headers: IncomingMessage["headers"];
  raw: string;
  body: any;
}

/** A loopback HTTP server for a stand-in: records each request, applies the fault, answers with `route`. */
/** What a route answers: JSON, or raw bytes with their type (a media file). */
export type StandInAnswer = { status?: number; json: unknown } | { status?: number; bytes: Uint8Array; contentType: string };

export async function standIn(route: (req: Received) => StandInAnswer) {
  const received: Received[] = [];
  const state = { fault: "none" as Fault };
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {}
      const r: Received = { path: req.url ?? "", headers: req.headers, raw, body };
      received.push(r);
      if (state.fault === "hang") return void hanging.add(res);
      if (state.fault === "500") return void res.writeHead(500, { "content-type": "application/json" }).end('{"message":"boom"}');
      if (state.fault === "badJson") return void res.writeHead(200, { "content-type": "application/json" }).end("{not json");
      const answer = route(r);
      if ("bytes" in answer) return void res.writeHead(answer.status ?? 200, { "content-type": answer.contentType }).end(answer.bytes);
      res.writeHead(answer.status ?? 200, { "content-type": "application/json" }).end(JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    fault(f: Fault) {
      state.fault = f;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
