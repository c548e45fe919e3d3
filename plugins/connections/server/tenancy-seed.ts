import type { TenancySeed } from "../../../tests/tenancy/seed-context.ts";

/** A connection serving B's queue (whatsapp_queues), B's admin's default connection (user_default_connections). */
const seed: TenancySeed = async (b) => {
  const zap = await b.call("POST", "/whatsapp", { name: `${b.mark} zap`, greetingMessage: `${b.mark} greeting`, webhookUrl: "http://127.0.0.1:9/beta" });
  const queue = (await b.call("GET", "/queue")).body[0];
  await b.call("PUT", `/whatsapp/${zap.body.id}`, { queueIds: [queue.id] });
  await b.call("PUT", `/users/${b.adminId}`, { whatsappId: zap.body.id });
};
export default seed;
