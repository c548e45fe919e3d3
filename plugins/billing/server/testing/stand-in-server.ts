import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import type { TLSSocket } from "node:tls";

/** A request as a stand-in sees it. */
export interface StandInRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  raw: string;
  /** JSON or form body, parsed; null when neither. */
  body: unknown;
  /** Whether a client certificate the server trusts was presented (mutual TLS). */
  clientAuthorized: boolean;
}

export interface StandInAnswer {
  status: number;
  body: unknown;
}

export type StandInHandler = (req: StandInRequest) => StandInAnswer | Promise<StandInAnswer>;

export interface StandIn {
  url: string;
  /** Every request received, in order. */
  requests: StandInRequest[];
  close(): Promise<void>;
}

/**
 * A loopback HTTP(S) server (port 0) playing a payment provider in tests: it records each
 * request and answers through `handler`. With `tls`, it speaks HTTPS and may demand a client
 * certificate signed by `tls.ca` (Efí's mutual TLS).
 */
export async function startStandIn(handler: StandInHandler, tls?: { cert: string; key: string; ca: string; requestCert: boolean }): Promise<StandIn> {
  const requests: StandInRequest[] = [];
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", "http://stand-in");
      let body: unknown = null;
      const type = String(req.headers["content-type"] ?? "");
      try {
        body = type.includes("application/x-www-form-urlencoded") ? Object.fromEntries(new URLSearchParams(raw)) : raw ? JSON.parse(raw) : null;
      } catch {}
      const socket = req.socket as TLSSocket;
      const record: StandInRequest = {
        method: req.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        raw,
        body,
        clientAuthorized: socket.authorized === true,
      };
      requests.push(record);
      let answer: StandInAnswer;
      try {
        answer = await handler(record);
      } catch (err) {
        answer = { status: 500, body: { error: String(err) } };
      }
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(JSON.stringify(answer.body));
    });
  };
  const server: Server = tls
    ? createHttpsServer({ cert: tls.cert, key: tls.key, ca: tls.ca, requestCert: tls.requestCert, rejectUnauthorized: tls.requestCert }, listener)
    : createHttpServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${tls ? "https" : "http"}://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/** An id like the providers' (prefix + random hex). */
export const randomId = (prefix: string, bytes = 12) => `${prefix}${Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("")}`;

/** A notification the stand-in sends: where (path and query on our server), with which headers and raw body. */
export interface Notification {
  path: string;
  headers: Record<string, string>;
  raw: string;
}

/** Posts a notification to a running server (end-to-end tests). */
export async function deliver(baseUrl: string, n: Notification): Promise<Response> {
  return fetch(`${baseUrl}${n.path}`, { method: "POST", headers: { "content-type": "application/json", ...n.headers }, body: n.raw });
}
