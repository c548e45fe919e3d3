import { eq } from "drizzle-orm";
import { jobs } from "../../../core/db/tables.ts";
import { contactListItems } from "../schema/tables.ts";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";

/** The customers' side of the API channel on loopback: every webhook it receives, in order. */
async function startReceiver() {
  const received: { body: any }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const close = () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
  return { url, received, close };
}

/** A server with the company admin logged in and an API-channel connection whose webhook is the receiver. */
class ChannelWorld {
  api!: { id: number; token: string; companyId: number };
  admin!: { token: string; user: Record<string, any> };
  constructor(
    public t: TestKernel,
    readonly receiver: Awaited<ReturnType<typeof startReceiver>>,
  ) {}

  /** `env`: the kernel's, e.g. `DATABASE_URL` of a libSQL server (remote write units). */
  static async open(env?: Record<string, string>) {
    const w = new ChannelWorld(await createTestKernel({ env }), await startReceiver());
    w.admin = await w.t.login();
    const res = await w.t.call("POST", "/whatsapp", { token: w.admin.token, body: { name: "Campanhas API", channel: "api", webhookUrl: w.receiver.url } });
    if (res.status !== 200) throw new Error(`POST /whatsapp: ${res.status} ${JSON.stringify(res.body)}`);
    w.api = res.body;
    return w;
  }

  /** A customer message through the API channel's inbound route. */
  async says(body: string, id: string, number: string) {
    const res = await this.t.call("POST", "/channels/api/inbound", { body: { id, number, name: "Cliente", body }, headers: { authorization: `Bearer ${this.api.token}` } });
    if (res.status !== 200) throw new Error(`inbound: ${res.status} ${JSON.stringify(res.body)}`);
  }

  /** Runs the due jobs until none is left (shipping, deliveries, webhooks). */
  async settle() {
    while ((await this.t.kernel.jobs.runDue()) > 0) {}
  }

  /** Stops the server and boots a new one on the same data. */
  async restart() {
    await this.t.kernel.stop();
    this.t = await createTestKernel({ dataDir: this.t.dataDir });
    this.admin = await this.t.login();
  }

  async close() {
    await this.receiver.close();
    await this.t.close();
  }
}

/** Settings that send at once, any hour, any day (tests that are not about pacing). */
export const ALWAYS = { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, sabado: true, domingo: true, startHour: "00:00", endHour: "24:00" };

/**
 * The bot world (an API-channel connection whose webhook is a loopback receiver) plus what a
 * campaign test needs: a list of numbers, a campaign due now, and the campaign's texts as they
 * reached the webhook.
 */
export async function campaignWorld(env?: Record<string, string>) {
  const w = await ChannelWorld.open(env);
  const call = (method: string, path: string, body?: unknown) => w.t.call(method, path, { token: w.admin.token, body });
  await call("POST", "/campaign-settings", { settings: ALWAYS });
  return {
    w,
    call,
    async list(numbers: string[], name = "Clientes") {
      const list = await call("POST", "/contact-lists", { name });
      for (const [i, number] of numbers.entries()) {
        const res = await call("POST", "/contact-list-items", { name: `Pessoa ${i + 1}`, number, email: `p${i + 1}@example.com`, contactListId: list.body.id });
        if (res.status !== 200) throw new Error(`item: ${res.status} ${JSON.stringify(res.body)}`);
      }
      return list.body as { id: number };
    },
    /** A list of `n` numbers (5511980000001…), its items written straight to the table (for volume). */
    async bulkList(n: number, name = "Volume") {
      const list = await call("POST", "/contact-lists", { name });
      const rows = Array.from({ length: n }, (_, i) => ({
        companyId: w.api.companyId,
        contactListId: list.body.id as number,
        name: `Pessoa ${i + 1}`,
        number: `55119800${String(i + 1).padStart(5, "0")}`,
      }));
      for (let i = 0; i < rows.length; i += 500) await w.t.kernel.db.insert(contactListItems).values(rows.slice(i, i + 500));
      return { id: list.body.id as number, numbers: rows.map((r) => r.number) };
    },
    /** A campaign scheduled a minute ago: its start job is due at once. */
    async campaign(fields: Record<string, unknown>) {
      const res = await call("POST", "/campaigns", { name: "Promo", whatsappId: w.api.id, scheduledAt: new Date(Date.now() - 60_000).toISOString(), ...fields });
      if (res.status !== 200) throw new Error(`campaign: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as { id: number; status: string };
    },
    /** Campaign texts the customer's side received, with the number they went to. */
    received() {
      return w.receiver.received
        .filter((r) => r.body?.event === "message.created" && r.body.message?.fromMe)
        .map((r) => ({ body: r.body.message.body as string, number: (r.body.contact?.number ?? r.body.ticket?.contact?.number ?? "") as string }));
    },
    async dueAllNow() {
      await w.t.kernel.db
        .update(jobs)
        .set({ dueAt: Date.now() - 1 })
        .where(eq(jobs.status, "pending"));
    },
  };
}
export type CampaignWorld = Awaited<ReturnType<typeof campaignWorld>>;
