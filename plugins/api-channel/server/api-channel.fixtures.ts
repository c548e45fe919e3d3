import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";

/** A test kernel with every installed plugin (tickets, connections and api-channel among them). */
export const apiKernel = (env?: Record<string, string>) => createTestKernel({ env });

/** Creates a connection of the token's company and returns its row as answered (token included). */
export async function createConnection(t: TestKernel, token: string, body: Record<string, unknown>) {
  const res = await t.call("POST", "/whatsapp", { token, body: { name: `Conexão ${Math.random().toString(36).slice(2, 8)}`, ...body } });
  if (res.status !== 200) throw new Error(`connection: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; token: string; channel: string; companyId: number; webhookUrl: string };
}

/** Posts to the API channel's inbound endpoint with a connection token. */
export const deliver = (t: TestKernel, connectionToken: string | undefined, body: unknown) =>
  t.call("POST", "/channels/api/inbound", { body, headers: connectionToken ? { authorization: `Bearer ${connectionToken}` } : {} });

/** Posts a provider-side change (ack, edit, delete) with a connection token. */
export const report = (t: TestKernel, connectionToken: string | undefined, body: unknown) =>
  t.call("POST", "/channels/api/events", { body, headers: connectionToken ? { authorization: `Bearer ${connectionToken}` } : {} });

const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
/** Integer columns the tickets plugin stores booleans in. */
const BOOLEANS = new Set(["fromMe", "isDeleted", "isEdited", "isPrivate", "isForwarded", "isGroup"]);

/**
 * Rows straight from the tickets plugin's tables, for asserting what was (not) written.
 * Plain SQL: a plugin never imports another plugin's tables.
 */
export async function rowsOfCompany(t: TestKernel, companyId: number) {
  const select = async (table: string) => {
    const res = await t.kernel.database.client.execute({ sql: `SELECT * FROM ${table} WHERE company_id = ? ORDER BY id`, args: [companyId] });
    return res.rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [camel(k), BOOLEANS.has(camel(k)) ? Boolean(v) : v]))) as Record<string, any>[];
  };
  return { tickets: await select("tickets"), messages: await select("messages"), logs: await select("ticket_logs") };
}

export const b64 = (text: string) => btoa(text);
