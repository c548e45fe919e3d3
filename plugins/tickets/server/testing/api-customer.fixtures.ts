import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { jobs } from "../../../../core/db/tables.ts";
import { createUser } from "../../../../tests/support/fixtures.ts";
import { createTestKernel } from "../../../../tests/support/test-kernel.ts";
import type {} from "../../../queues/server/queues.contract.ts";
import { ticketLogs, tickets } from "../../schema/tables.ts";

let n = 0;

/** What the customer's side received: the API channel's `message.created` webhooks of our messages. */
export interface Outbound {
  ticketId: number;
  body: string;
}

/**
 * The platform company (admin logged in) with an API-channel connection whose webhook is a
 * loopback receiver standing in for the customer, two queues, and helpers to write as a
 * customer, read what reached them, and watch the realtime events. Texts travel the real
 * path: MessageSender → delivery outbox → API driver → signed webhook.
 */
export async function apiCustomerWorld() {
  const t = await createTestKernel();
  const received: { event: string; message?: { body: string; fromMe: boolean }; ticket?: { id: number } }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const admin = await t.login();
  const companyId = admin.user.companyId as number;
  const conn = await t.call("POST", "/whatsapp", {
    token: admin.token,
    body: { name: `API ${++n}`, channel: "api", webhookUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` },
  });
  if (conn.status !== 200) throw new Error(`POST /whatsapp: ${conn.status} ${JSON.stringify(conn.body)}`);
  const api = conn.body as { id: number; token: string };
  const queue = async () => {
    n += 1;
    const res = await t.call("POST", "/queue", { token: admin.token, body: { name: `Fila L${n}`, color: `#${(0x300000 + n).toString(16)}`, greetingMessage: `Fila L${n}` } });
    if (res.status !== 200) throw new Error(`POST /queue: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: number; name: string };
  };
  const queueA = await queue();
  const queueB = await queue();

  const events: { event: string; payload: any }[] = [];
  const emit = t.kernel.realtime.emit.bind(t.kernel.realtime);
  t.kernel.realtime.emit = (company, event, payload, room) => {
    events.push({ event, payload });
    emit(company, event, payload, room);
  };

  /** Every pending job runs now, as if its time had come (deliveries, then the webhooks they cause). */
  const flush = async () => {
    for (let i = 0; i < 3; i++) {
      await t.kernel.db.update(jobs).set({ dueAt: Date.now() }).where(eq(jobs.status, "pending"));
      await t.kernel.jobs.runDue();
    }
  };

  return {
    t,
    admin,
    companyId,
    api,
    queueA,
    queueB,
    events,
    /** A plain user working `queueIds` (with a farewell message or other fields). */
    async attendant(queueIds: number[], fields: Parameters<typeof createUser>[2] = {}) {
      const u = await createUser(t, companyId, fields);
      await t.kernel.services.require("queues.setUserQueues")(companyId, u.user.id, queueIds);
      return u;
    },
    /** The customer `name` writes from a fresh number: answers the ticket's id (pending). */
    async customerWrites(name: string, body = "Oi"): Promise<number> {
      n += 1;
      const res = await t.call("POST", "/channels/api/inbound", {
        body: { id: `in-${n}`, number: `55119${String(20_000_000 + n).slice(-8)}`, name, body },
        headers: { authorization: `Bearer ${api.token}` },
      });
      if (res.status !== 200) throw new Error(`inbound: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.ticketId as number;
    },
    /** Runs the due jobs (delivery, then webhooks) and answers our messages that reached the customer since `from`. */
    async sentSince(from: number): Promise<Outbound[]> {
      await flush();
      return received
        .slice(from)
        .filter((r) => r.event === "message.created" && r.message?.fromMe)
        .map((r) => ({ ticketId: r.ticket!.id, body: r.message!.body }));
    },
    /** How many webhooks arrived once everything pending went out: a mark for sentSince. */
    mark: async () => {
      await flush();
      return received.length;
    },
    row: async (id: number) => (await t.kernel.db.select().from(tickets).where(eq(tickets.id, id)))[0],
    logTypes: async (id: number) => (await t.kernel.db.select().from(ticketLogs).where(eq(ticketLogs.ticketId, id))).map((l) => l.type),
    put: (token: string, id: number, body: Record<string, unknown>) => t.call("PUT", `/tickets/${id}`, { token, body }),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await t.close();
    },
  };
}

export type ApiCustomerWorld = Awaited<ReturnType<typeof apiCustomerWorld>>;
