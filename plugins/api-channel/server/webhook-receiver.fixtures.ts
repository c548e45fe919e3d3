import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedWebhook {
  headers: Record<string, string | string[] | undefined>;
  raw: string;
  body: any;
  /** Whether X-Signature-256 matched an independent HMAC of the raw body with `secret`. */
  signatureValid: boolean;
}

/** The signature a receiver expects, computed with node:crypto (not the plugin's Web Crypto code). */
export const expectedSignature = (secret: string, raw: string) => `sha256=${createHmac("sha256", secret).update(raw, "utf8").digest("hex")}`;

/**
 * A local HTTP receiver on 127.0.0.1 (port 0) standing in for an integrator. Answers each
 * request with the next queued status (200 once the queue is empty), optionally after a
 * delay, and records what it got with a signature check against `secret`.
 */
export async function startReceiver(secret: () => string) {
  const received: ReceivedWebhook[] = [];
  const statuses: number[] = [];
  /** Statuses queued for one event only: deliveries of different kinds run at once (their own job lanes), so "the next answer" alone would not say which gets it. */
  const statusesOf = new Map<string, number[]>();
  let delayMs = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: unknown = null;
      try {
        body = JSON.parse(raw);
      } catch {}
      received.push({ headers: req.headers, raw, body, signatureValid: req.headers["x-signature-256"] === expectedSignature(secret(), raw) });
      const event = (body as { event?: unknown } | null)?.event;
      const status = (typeof event === "string" ? statusesOf.get(event)?.shift() : undefined) ?? statuses.shift() ?? 200;
      setTimeout(() => {
        res.writeHead(status, { "content-type": "text/plain" });
        res.end(status >= 400 ? "receiver says no" : "ok");
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    /** Queues the statuses of the next answers. */
    answer: (...codes: number[]) => statuses.push(...codes),
    /** Queues the statuses of the next answers to posts of `event`. */
    answerEvent: (event: string, ...codes: number[]) => {
      const queue = statusesOf.get(event) ?? [];
      queue.push(...codes);
      statusesOf.set(event, queue);
    },
    delay: (ms: number) => {
      delayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
