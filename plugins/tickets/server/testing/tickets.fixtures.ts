import { eq } from "drizzle-orm";
import { definePlugin } from "../../../../core/plugin/manifest.ts";
import { defineServerPlugin } from "../../../../core/plugin/server-plugin.ts";
import { createTestKernel, serverPlugins, type TestKernel } from "../../../../tests/support/test-kernel.ts";
import { messages, ticketLogs, tickets } from "../../schema/tables.ts";
import ticketsPlugin from "../index.ts";

/** Channel plugins whose real drivers would take the channels these tests fake (messages.fixtures.ts FAKE_CHANNEL). */
const REAL_CHANNELS = new Set(["meta", "whatsapp"]);

/**
 * A test kernel with every installed plugin plus tickets (added only when plugins/server.ts
 * does not register it yet, so this keeps working after registration), without the real
 * channel drivers: these tests register their own fake driver.
 */
export const ticketsKernel = (env?: Record<string, string>) => {
  const plugins = serverPlugins.filter((p) => !REAL_CHANNELS.has(p.manifest.id));
  // The left-out channel plugins declare their channels' plan features (useWhatsapp, ...); a
  // stand-in keeps declaring them, so the faked channels are gated as in production.
  const features = defineServerPlugin({
    manifest: definePlugin({
      id: "test-channel-features",
      planFeatures: serverPlugins.filter((p) => REAL_CHANNELS.has(p.manifest.id)).flatMap((p) => p.manifest.planFeatures ?? []),
    }),
    setup() {},
  });
  const withTickets = plugins.some((p) => p.manifest.id === "tickets") ? plugins : [...plugins, ticketsPlugin];
  return createTestKernel({ plugins: [features, ...withTickets], env });
};

/** Creates a connection of the token's company and returns its row as answered (token included). */
export async function createConnection(t: TestKernel, token: string, body: Record<string, unknown>) {
  const res = await t.call("POST", "/whatsapp", { token, body: { name: `Conexão ${Math.random().toString(36).slice(2, 8)}`, ...body } });
  if (res.status !== 200) throw new Error(`connection: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; token: string; channel: string; companyId: number };
}

/** Posts to the API channel's inbound endpoint with a connection token. */
export const deliver = (t: TestKernel, connectionToken: string | undefined, body: unknown) =>
  t.call("POST", "/channels/api/inbound", { body, headers: connectionToken ? { authorization: `Bearer ${connectionToken}` } : {} });

/** Rows straight from the tables, for asserting what was (not) written. */
export async function rowsOfCompany(t: TestKernel, companyId: number) {
  const db = t.kernel.db;
  return {
    tickets: await db.select().from(tickets).where(eq(tickets.companyId, companyId)),
    messages: await db.select().from(messages).where(eq(messages.companyId, companyId)),
    logs: await db.select().from(ticketLogs).where(eq(ticketLogs.companyId, companyId)),
  };
}

export const b64 = (text: string) => btoa(text);
