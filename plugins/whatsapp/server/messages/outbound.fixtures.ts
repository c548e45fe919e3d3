import type { WAMessage } from "@whiskeysockets/baileys";
import { jobs } from "../../../../core/db/tables.ts";
import type { TestKernel } from "../../../../tests/support/test-kernel.ts";
import { eq } from "drizzle-orm";
import { rows, type WaHarness } from "./message-layer.fixtures.ts";
import { payloads, waMessage } from "./wa-payloads.fixtures.ts";

/**
 * A conversation to answer: the customer wrote (an inbound WhatsApp message), and the
 * ticket is open with the admin, as after "Aceitar".
 */
export async function openConversation(h: WaHarness, first: WAMessage = waMessage(payloads.text("oi"))) {
  await h.deliver([first]);
  const ticket = (await rows(h.t, "tickets", h.admin.companyId)).at(-1)!;
  await h.t.kernel.database.client.execute({ sql: "UPDATE tickets SET status = 'open', user_id = ? WHERE id = ?", args: [h.admin.userId, ticket.id] });
  const inbound = (await rows(h.t, "messages", h.admin.companyId)).find((m) => m.providerId === first.key.id)!;
  return { ticketId: ticket.id as number, uuid: ticket.uuid as string, inbound };
}

/** POST /messages/{ticketId} as the web sends it (JSON, or multipart with files). */
export const send = (h: WaHarness, ticketId: number, body: Record<string, unknown> | FormData) => h.t.call("POST", `/messages/${ticketId}`, { token: h.admin.token, body });

export function filesForm(files: File[], fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const f of files) form.append("medias", f);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

export const fileOf = (name: string, type: string, size = 64) => new File([new Uint8Array(size).fill(3)], name, { type });

/** Makes every pending job due now (skips the backoff wait) and runs them. */
export async function runJobsNow(t: TestKernel): Promise<number> {
  await t.kernel.db
    .update(jobs)
    .set({ dueAt: Date.now() - 1 })
    .where(eq(jobs.status, "pending"));
  return t.kernel.jobs.runDue();
}

export async function jobsOfMessage(t: TestKernel, messageId: number) {
  return (await t.kernel.db.select().from(jobs)).filter((j) => JSON.parse(j.payload).messageId === messageId);
}
