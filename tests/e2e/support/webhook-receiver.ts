import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";

export interface ReceivedWebhook {
  event: string;
  body: Record<string, unknown>;
  /** Whether X-Signature-256 matched an HMAC-SHA256 of the raw body keyed with `secret`. */
  signed: boolean;
}

/**
 * A loopback HTTP server standing in for an integrator's webhook endpoint: it records
 * every POST and checks its signature independently of the product's own signer.
 */
export async function startWebhookReceiver(): Promise<{ url: string; received: ReceivedWebhook[]; setSecret(secret: string): void; close(): Promise<void> }> {
  const received: ReceivedWebhook[] = [];
  let secret = "";
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      const expected = `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`;
      const given = String(req.headers["x-signature-256"] ?? "");
      const signed = given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
      try {
        const body = JSON.parse(raw.toString("utf8")) as Record<string, unknown>;
        received.push({ event: String(body.event ?? ""), body, signed });
      } catch {
        received.push({ event: "", body: {}, signed });
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    setSecret: (s) => (secret = s),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
