import { createCompanyWithAdmin } from "../../../tests/support/fixtures.ts";
import type { TestKernel } from "../../../tests/support/test-kernel.ts";
import "./schedules.contract.ts";

export type Company = Awaited<ReturnType<typeof createCompanyWithAdmin>>;

/** A contact of the token's company; answers its id. */
export async function createContact(t: TestKernel, token: string, name = "Ana Souza", number = "5511987654321"): Promise<number> {
  const res = await t.call("POST", "/contacts", { token, body: { name, number } });
  if (res.status !== 200) throw new Error(`contact: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** An API-channel connection posting to `webhookUrl` (the company's first, so its default). */
export async function createApiConnection(t: TestKernel, token: string, webhookUrl: string, name = "API") {
  const res = await t.call("POST", "/whatsapp", { token, body: { name, channel: "api", webhookUrl } });
  if (res.status !== 200) throw new Error(`connection: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; token: string; name: string };
}

/** An ISO instant `minutes` from now. */
export const inMinutes = (minutes: number, from = Date.now()) => new Date(from + minutes * 60_000).toISOString();

export async function createSchedule(t: TestKernel, token: string, body: Record<string, unknown>) {
  const res = await t.call("POST", "/schedules", { token, body });
  if (res.status !== 200) throw new Error(`schedule: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Runs the sender as its tick would, at `now`. */
export const sendDue = (t: TestKernel, now = Date.now()) => t.kernel.services.require("schedules.sendDue")(now);

/** Rows of another plugin's table for the company, by plain SQL (a plugin never imports another's tables). */
export async function rowsOf(t: TestKernel, table: "tickets" | "messages" | "ticket_logs", companyId: number) {
  const res = await t.kernel.database.client.execute({ sql: `SELECT * FROM ${table} WHERE company_id = ? ORDER BY id`, args: [companyId] });
  return res.rows.map((r) => ({ ...r }) as Record<string, any>);
}

export { createCompanyWithAdmin };

/**
 * A loopback HTTP server standing in for the API channel's integrator: records every JSON
 * webhook it gets and answers 200. The API channel's driver posts each outbound message
 * there, which makes "sent once" observable at the channel's edge.
 */
export async function startWebhookReceiver() {
  const { createServer } = await import("node:http");
  const received: { event: string; message?: { body: string; mediaUrl: string | null }; ticket?: { id: number } }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      try {
        received.push(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      } catch {}
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hook`,
    /** The outbound messages posted so far. */
    messages: () => received.filter((r) => r.event === "message.created").map((r) => r.message!),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
