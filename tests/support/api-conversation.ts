import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { jobs } from "../../core/db/tables.ts";
import type { TestKernel } from "./test-kernel.ts";

let n = 0;
const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * A customer talking to the company on the API channel (the test channel): an API connection
 * whose webhook is a loopback receiver, the customer's inbound messages, and the rows of what
 * the bot answered, read with plain SQL (a plugin's test never imports another's tables).
 * @example
 *   const chat = await apiConversation(t, admin.token, { promptId: 3 });
 *   const { ticketId } = await chat.says("Oi");
 *   expect(await chat.botTexts(ticketId)).toEqual(["Olá!"]);
 */
export async function apiConversation(t: TestKernel, token: string, connection: Record<string, unknown> = {}) {
  const received: unknown[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString("utf8") || "null"));
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const webhookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const res = await t.call("POST", "/whatsapp", { token, body: { name: `API ${++n}`, channel: "api", webhookUrl, ...connection } });
  if (res.status !== 200) throw new Error(`POST /whatsapp: ${res.status} ${JSON.stringify(res.body)}`);
  const api = res.body as { id: number; token: string; companyId: number };
  const number = `55119${String(20_000_000 + ++n).slice(-8)}`;

  const settle = async () => {
    while ((await t.kernel.jobs.runDue()) > 0) {}
  };
  const select = async (table: string) => {
    const rows = await t.kernel.database.client.execute({ sql: `SELECT * FROM ${table} WHERE company_id = ? ORDER BY id`, args: [api.companyId] });
    return rows.rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [camel(k), v]))) as Record<string, any>[];
  };

  return {
    api,
    received,
    settle,
    /** The customer writes; the bot's jobs run; answers the inbound result. */
    async says(body: string, id = `in-${++n}`) {
      return this.sends({ body }, id);
    },
    /** The customer sends a message with media (`{ mimetype, fileName, data: base64 }`) or a text. */
    async sends(message: { body?: string; media?: { mimetype: string; fileName: string; data: string } }, id = `in-${++n}`) {
      const r = await t.call("POST", "/channels/api/inbound", { body: { id, number, name: "Ana Souza", ...message }, headers: { authorization: `Bearer ${api.token}` } });
      if (r.status !== 200) throw new Error(`inbound: ${r.status} ${JSON.stringify(r.body)}`);
      await settle();
      return r.body as { ticketId: number; messageId: number };
    },
    /** Lets every pending job run now, as if its time had come. */
    async fastForward() {
      await t.kernel.db
        .update(jobs)
        .set({ dueAt: Date.now() - 1 })
        .where(eq(jobs.status, "pending"));
      await settle();
    },
    /** The bot's stored messages (fromMe, no author), oldest first. */
    async botMessages(ticketId: number) {
      return (await select("messages")).filter((m) => Boolean(m.fromMe) && m.userId == null && m.ticketId === ticketId);
    },
    async botTexts(ticketId: number) {
      return (await this.botMessages(ticketId)).map((m) => m.body as string);
    },
    async ticket(ticketId: number) {
      return (await select("tickets")).find((x) => x.id === ticketId)!;
    },
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
export type ApiConversation = Awaited<ReturnType<typeof apiConversation>>;
