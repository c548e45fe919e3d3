import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createCompanyWithAdmin } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel, type TestResponse } from "../../../tests/support/test-kernel.ts";

/** A local HTTP server on 127.0.0.1 standing in for the integrator's webhook: records every JSON post, answers 200. */
async function startWebhook() {
  const received: { event?: string; [key: string]: any }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      try {
        received.push(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      } catch {}
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/**
 * A company with an API-channel connection whose webhook is a local receiver: what the
 * public messages API sends through that connection arrives there as `message.created`.
 */
export async function messagesApiWorld(env: Record<string, string> = {}) {
  const t = await createTestKernel({ env });
  const receiver = await startWebhook();
  const admin = await createCompanyWithAdmin(t, "Loja API");
  const api = await createApiConnection(t, admin.token, receiver.url);
  return {
    t,
    receiver,
    admin,
    api,
    async close() {
      await receiver.close();
      await t.close();
    },
  };
}
export type MessagesApiWorld = Awaited<ReturnType<typeof messagesApiWorld>>;

/** An API-channel connection of the token's company, as POST /whatsapp answers it (token included). */
export async function createApiConnection(t: TestKernel, token: string, webhookUrl?: string) {
  const res = await t.call("POST", "/whatsapp", { token, body: { name: `API ${Math.random().toString(36).slice(2, 8)}`, channel: "api", ...(webhookUrl ? { webhookUrl } : {}) } });
  if (res.status !== 200) throw new Error(`connection: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; token: string; companyId: number };
}

/** POST /api/messages/send: JSON bodies as JSON, FormData as multipart; `token` undefined sends no Authorization. */
export const sendApi = (t: TestKernel, token: string | undefined, body: unknown, headers: Record<string, string> = {}): Promise<TestResponse> =>
  t.call("POST", "/api/messages/send", { body, headers: { ...(token === undefined ? {} : { authorization: `Bearer ${token}` }), ...headers } });

/** Runs the due jobs (deliveries) and answers the webhook posts of new messages received so far. */
export async function deliveredMessages(w: MessagesApiWorld) {
  await w.t.kernel.jobs.runDue();
  return w.receiver.received.filter((r) => r.event === "message.created") as { message: Record<string, any>; ticket: Record<string, any>; contact: Record<string, any> }[];
}

const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** The tickets plugin's rows of a company, by plain SQL (a plugin never imports another's tables). */
export async function rowsOfCompany(t: TestKernel, companyId: number) {
  const select = async (table: string) => {
    const res = await t.kernel.database.client.execute({ sql: `SELECT * FROM ${table} WHERE company_id = ? ORDER BY id`, args: [companyId] });
    return res.rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [camel(k), k === "from_me" ? Boolean(v) : v]))) as Record<string, any>[];
  };
  return { tickets: await select("tickets"), messages: await select("messages") };
}

/** A multipart body with the given fields and files in `medias`. */
export function mediaForm(fields: Record<string, string>, files: File[]): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append("medias", f);
  return form;
}
