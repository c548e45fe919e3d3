import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { jobs } from "../../../core/db/tables.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { specHolderFields } from "../../tickets/shared/holder.contract.ts";
import type { ServerPlugin } from "../../../core/plugin/server-plugin.ts";

let n = 0;

/**
 * A company admin, an API-channel connection whose webhook is a loopback receiver (the
 * customer's side), and helpers to talk as the customer and read what the bot answered.
 */
export async function botWorld(env?: Record<string, string>, plugins?: readonly ServerPlugin[]) {
  const t = await createTestKernel({ env, plugins });
  let token = "";
  const receiver = await startReceiver(() => token);
  const admin = await t.login();
  return new BotWorld(t, receiver, admin, (v) => (token = v));
}

/** The integrator's side of the API channel on loopback: records each webhook and checks its signature. */
async function startReceiver(secret: () => string) {
  const received: { body: any; signatureValid: boolean }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const expected = `sha256=${createHmac("sha256", secret()).update(raw, "utf8").digest("hex")}`;
      received.push({ body: JSON.parse(raw), signatureValid: req.headers["x-signature-256"] === expected });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const BOOLEANS = new Set(["fromMe", "isGroup", "isPrivate"]);

export class BotWorld {
  api!: { id: number; token: string; companyId: number };
  private number = `55119${String(10_000_000 + ++n).slice(-8)}`;

  constructor(
    public t: TestKernel,
    readonly receiver: Receiver,
    readonly admin: { token: string; user: Record<string, any> },
    private setToken: (token: string) => void,
  ) {}

  async queue(fields: Record<string, unknown> = {}) {
    n += 1;
    const res = await this.t.call("POST", "/queue", {
      token: this.admin.token,
      body: { name: `Fila ${n}`, color: `#${(0x200000 + n).toString(16)}`, greetingMessage: `Fila ${n} ok`, ...fields },
    });
    if (res.status !== 200) throw new Error(`POST /queue: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: number; name: string; chatbots: { id: number; name: string }[] };
  }

  /** The API connection, with its queues and bot options. */
  async connect(fields: Record<string, unknown> = {}) {
    const res = await this.t.call("POST", "/whatsapp", { token: this.admin.token, body: { name: `Conexão ${++n}`, channel: "api", webhookUrl: this.receiver.url, ...fields } });
    if (res.status !== 200) throw new Error(`POST /whatsapp: ${res.status} ${JSON.stringify(res.body)}`);
    this.api = res.body;
    this.setToken(this.api.token);
    return this.api;
  }

  setting(key: string, value: string) {
    return this.t.call("PUT", `/settings/${key}`, { token: this.admin.token, body: { value } });
  }

  /** The customer writes; answers the inbound result. */
  async says(body: string, id = `in-${++n}`, number = this.number) {
    const res = await this.t.call("POST", "/channels/api/inbound", { body: { id, number, name: "Ana Souza", body }, headers: { authorization: `Bearer ${this.api.token}` } });
    if (res.status !== 200) throw new Error(`inbound: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { ticketId: number; messageId: number; duplicate: boolean };
  }

  /** Runs every job due now (bot steps, deliveries), repeatedly until none is left. */
  async settle() {
    while ((await this.t.kernel.jobs.runDue()) > 0) {}
  }

  /** Lets every pending job run now, as if its time had come. */
  async fastForward() {
    await this.t.kernel.db
      .update(jobs)
      .set({ dueAt: Date.now() - 1 })
      .where(eq(jobs.status, "pending"));
    await this.settle();
  }

  /** Rows of the tickets plugin's tables, read with plain SQL (a plugin never imports another's tables). */
  async rows() {
    const select = async (table: string) => {
      const res = await this.t.kernel.database.client.execute({ sql: `SELECT * FROM ${table} WHERE company_id = ? ORDER BY id`, args: [this.api.companyId] });
      return res.rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [camel(k), BOOLEANS.has(camel(k)) ? Boolean(v) : v]))) as Record<string, any>[];
    };
    // The spec's isBot / useIntegration, derived from the holder as the API answers them.
    const tickets: Record<string, any>[] = (await select("tickets")).map((t) => Object.assign(t, specHolderFields(t.holder ?? null)));
    return { tickets, messages: await select("messages"), logs: await select("ticket_logs") };
  }

  /** The bot's stored messages (fromMe, no author), oldest first. */
  async botTexts(ticketId?: number) {
    return (await this.rows()).messages.filter((m) => m.fromMe && m.userId == null && (ticketId === undefined || m.ticketId === ticketId)).map((m) => m.body as string);
  }

  /** What the customer's side received as `message.created` webhooks (fromMe). */
  posted() {
    return this.receiver.received.filter((r) => r.body?.event === "message.created" && r.body.message?.fromMe).map((r) => r.body.message.body as string);
  }

  async ticket(id: number) {
    return (await this.rows()).tickets.find((x) => x.id === id)!;
  }

  /** Stops the server and boots a new one on the same data (jobs, tickets, bot states survive). */
  async restart() {
    await this.t.kernel.stop();
    this.t = await createTestKernel({ dataDir: this.t.dataDir });
  }

  async close() {
    await this.receiver.close();
    await this.t.close();
  }
}
