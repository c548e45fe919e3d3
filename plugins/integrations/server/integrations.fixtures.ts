import { eq } from "drizzle-orm";
import { jobs } from "../../../core/db/tables.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { specHolderFields } from "../../tickets/shared/holder.contract.ts";
import { n8nStandIn } from "./testing/n8n-stand-in.ts";

let n = 0;

/**
 * A conversation world on the API channel: an admin, an API connection whose outbound webhook
 * goes to a loopback sink, the customer's inbound posts, and reads of what the bot answered.
 */
export async function conversationWorld() {
  const t = await createTestKernel();
  const sink = await n8nStandIn(); // any loopback receiver: the connection's outbound webhooks land here
  const admin = await t.login();
  return new ConversationWorld(t, admin, sink);
}

const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

export class ConversationWorld {
  api!: { id: number; token: string; companyId: number };

  constructor(
    readonly t: TestKernel,
    readonly admin: { token: string },
    private sink: Awaited<ReturnType<typeof n8nStandIn>>,
  ) {}

  async queue(fields: Record<string, unknown> = {}) {
    n += 1;
    const res = await this.t.call("POST", "/queue", {
      token: this.admin.token,
      body: { name: `Fila ${n}`, color: `#${(0x300000 + n).toString(16)}`, greetingMessage: `Fila ${n} ok`, ...fields },
    });
    if (res.status !== 200) throw new Error(`POST /queue: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: number };
  }

  async connect(fields: Record<string, unknown> = {}) {
    const res = await this.t.call("POST", "/whatsapp", {
      token: this.admin.token,
      body: { name: `Conexão ${++n}`, channel: "api", webhookUrl: `${this.sink.url}/outbound`, ...fields },
    });
    if (res.status !== 200) throw new Error(`POST /whatsapp: ${res.status} ${JSON.stringify(res.body)}`);
    this.api = res.body;
    return this.api;
  }

  /** The customer (Ana Souza) writes from `number`. */
  async says(body: string, number: string) {
    const res = await this.t.call("POST", "/channels/api/inbound", {
      body: { id: `in-${++n}`, number, name: "Ana Souza", body },
      headers: { authorization: `Bearer ${this.api.token}` },
    });
    if (res.status !== 200) throw new Error(`inbound: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { ticketId: number; messageId: number };
  }

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

  /** Rows of another plugin's table, read with plain SQL (tests only). */
  private async select(table: string) {
    const res = await this.t.kernel.database.client.execute({ sql: `SELECT * FROM ${table} WHERE company_id = ? ORDER BY id`, args: [this.api.companyId] });
    return res.rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [camel(k), v]))) as Record<string, any>[];
  }

  async botTexts(ticketId: number) {
    return (await this.select("messages")).filter((m) => m.fromMe && m.userId == null && m.ticketId === ticketId).map((m) => m.body as string);
  }

  /** The bot's messages of the ticket with their media (`mediaUrl` a company storage path when media). */
  async botMessages(ticketId: number) {
    return (await this.select("messages"))
      .filter((m) => m.fromMe && m.userId == null && m.ticketId === ticketId)
      .map((m) => ({ body: m.body as string, mediaUrl: (m.mediaUrl as string | null) ?? null, mediaType: m.mediaType as string }));
  }

  async ticket(id: number) {
    const row = (await this.select("tickets")).find((x) => x.id === id)!;
    return Object.assign(row, specHolderFields((row.holder as string | null) ?? null));
  }

  async close() {
    await this.sink.close();
    await this.t.close();
  }
}
