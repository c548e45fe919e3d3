import { createCompanyWithAdmin, createUser } from "../../../tests/support/fixtures.ts";
import type { TestKernel } from "../../../tests/support/test-kernel.ts";
import type {} from "../../queues/server/queues.contract.ts";
import { LaneTimer } from "./lane-timer.ts";

export type Company = Awaited<ReturnType<typeof createCompanyWithAdmin>>;
export { createCompanyWithAdmin, createUser };

let seq = 0;

/** An API-channel connection of the token's company (its first, so its default), posting outbound messages to `webhookUrl`. */
export async function createApiConnection(t: TestKernel, token: string, webhookUrl = "http://127.0.0.1:9/hook") {
  const res = await t.call("POST", "/whatsapp", { token, body: { name: `API ${++seq}`, channel: "api", webhookUrl } });
  if (res.status !== 200) throw new Error(`connection: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; token: string };
}

/** A customer writes in through the API channel; answers the ticket the message landed on. */
export async function customerWrites(t: TestKernel, connectionToken: string, number: string, body = "Olá", name = `Cliente ${number.slice(-4)}`) {
  const res = await t.call("POST", "/channels/api/inbound", {
    body: { id: `in-${++seq}-${Date.now()}`, number, name, body },
    headers: { authorization: `Bearer ${connectionToken}` },
  });
  if (res.status !== 200) throw new Error(`inbound: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { ticketId: number; ticketUuid: string; contactId: number };
}

/** A kanban lane (a tag with kanban = 1) of the token's company. */
export async function createLane(t: TestKernel, token: string, fields: Record<string, unknown> = {}) {
  const res = await t.call("POST", "/tags", { token, body: { name: `Etapa ${++seq}`, kanban: 1, ...fields } });
  if (res.status !== 200) throw new Error(`lane: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; name: string; color: string };
}

export async function createQueue(t: TestKernel, token: string) {
  seq += 1;
  const res = await t.call("POST", "/queue", { token, body: { name: `Fila ${seq}`, color: `#${String(100000 + seq * 7).slice(-6)}`, greetingMessage: "Olá" } });
  if (res.status !== 200) throw new Error(`queue: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number };
}

/** A plain attendant of the company working `queueIds`. */
export async function attendant(t: TestKernel, companyId: number, queueIds: number[]) {
  const u = await createUser(t, companyId);
  await t.kernel.services.require("queues.setUserQueues")(companyId, u.user.id, queueIds);
  return u;
}

/** Another plugin's rows by plain SQL (a plugin never imports another's tables): setup and assertions only. */
export async function sqlRows(t: TestKernel, sql: string, args: (string | number | null)[] = []) {
  const res = await t.kernel.database.client.execute({ sql, args });
  return res.rows.map((r) => ({ ...r }) as Record<string, any>);
}

/** The lane ids a ticket carries, ascending. */
export const lanesOf = async (t: TestKernel, ticketId: number) =>
  (await sqlRows(t, "SELECT tag_id FROM ticket_tags WHERE ticket_id = ? ORDER BY tag_id", [ticketId])).map((r) => Number(r.tag_id));

/** Puts a ticket in a lane through the API, then backdates the link `hours` (the lane's clock is the link's age). */
export async function putInLane(t: TestKernel, token: string, ticketId: number, laneId: number, hoursAgo = 0) {
  const res = await t.call("PUT", `/ticket-tags/${ticketId}/${laneId}`, { token });
  if (res.status !== 200) throw new Error(`ticket tag: ${res.status} ${JSON.stringify(res.body)}`);
  if (hoursAgo)
    await sqlRows(t, "UPDATE ticket_tags SET created_at = ? WHERE ticket_id = ? AND tag_id = ?", [new Date(Date.now() - hoursAgo * 3_600_000).toISOString(), ticketId, laneId]);
}

/**
 * Runs the lane timer as its 30-second tick does, at `now`: the same class over the kernel's
 * database and services (a second timer, like a second node), since a croner tick cannot be
 * fired on demand or given a clock.
 */
export const moveDue = (t: TestKernel, now = Date.now()) => {
  const k = t.kernel;
  return new LaneTimer({ db: k.db, services: k.services, companyAccess: k.companyAccess, planFeatures: k.planFeatures, log: k.log }).moveDue(now);
};

/** A loopback stand-in for the API channel's integrator: records the body of each outbound message posted to it. */
export async function startWebhookReceiver() {
  const { createServer } = await import("node:http");
  const bodies: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      try {
        const event = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { event?: string; message?: { body?: string } };
        if (event.event === "message.created" && event.message?.body !== undefined) bodies.push(event.message.body);
      } catch {}
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/hook`, bodies, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
