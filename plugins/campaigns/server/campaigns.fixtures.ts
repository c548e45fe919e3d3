import { eq } from "drizzle-orm";
import { jobs } from "../../../core/db/tables.ts";
import { botWorld, type BotWorld } from "../../automation/server/automation.fixtures.ts";

/** Settings that send at once, any hour, any day (tests that are not about pacing). */
export const ALWAYS = { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, sabado: true, domingo: true, startHour: "00:00", endHour: "24:00" };

/**
 * The bot world (an API-channel connection whose webhook is a loopback receiver) plus what a
 * campaign test needs: a list of numbers, a campaign due now, and the campaign's texts as they
 * reached the webhook.
 */
export async function campaignWorld() {
  const w = await botWorld();
  await w.connect();
  const token = w.admin.token;
  const call = (method: string, path: string, body?: unknown) => w.t.call(method, path, { token, body });
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
      await w.t.kernel.db.update(jobs).set({ dueAt: Date.now() - 1 }).where(eq(jobs.status, "pending"));
    },
  };
}
export type CampaignWorld = Awaited<ReturnType<typeof campaignWorld>>;
export type { BotWorld };
