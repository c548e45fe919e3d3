import { expect } from "vitest";
import { jobs } from "../../../core/db/tables.ts";
import { eq } from "drizzle-orm";
import { messagesOf, postWebhook, ticketsOf, type MetaWorld } from "./meta.fixtures.ts";

/** Delivers `inbound` (a webhook payload), opens the resulting ticket for the admin and answers its id. */
export async function openConversation(w: MetaWorld, inbound: unknown) {
  expect((await postWebhook(w.t, inbound)).status).toBe(200);
  const [ticket] = await ticketsOf(w);
  const res = await w.t.call("PUT", `/tickets/${ticket!.id}`, { token: w.admin.token, body: { status: "open", userId: w.admin.userId } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await w.t.kernel.jobs.runDue();
  w.graph.requests.length = 0;
  return { id: ticket!.id as number, uuid: ticket!.uuid as string };
}

/** The attendant answers (JSON body or multipart form) and the delivery job runs. */
export async function reply(w: MetaWorld, ticketId: number, body: Record<string, unknown> | FormData) {
  const res = await w.t.call("POST", `/messages/${ticketId}`, { token: w.admin.token, body });
  await w.t.kernel.jobs.runDue();
  return res;
}

/** The ticket's own (fromMe) messages, as the API shows them. */
export async function sentMessages(w: MetaWorld, uuid: string) {
  return (await messagesOf(w, uuid)).filter((m) => m.fromMe);
}

/** Lets every pending job run now, as if its backoff had elapsed. */
export async function runEverythingDue(w: MetaWorld) {
  await w.t.kernel.db.update(jobs).set({ dueAt: Date.now() }).where(eq(jobs.status, "pending"));
  await w.t.kernel.jobs.runDue();
}

export const deliverJobs = (w: MetaWorld) => w.t.kernel.db.select().from(jobs).where(eq(jobs.kind, "tickets.deliver"));
