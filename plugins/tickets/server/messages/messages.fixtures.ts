import { and, eq } from "drizzle-orm";
import { jobs } from "../../../../core/db/tables.ts";
import { qualifiedKind } from "../../../../core/jobs/jobs.ts";
import { createCompanyWithAdmin } from "../../../../tests/support/fixtures.ts";
import type { TestKernel } from "../../../../tests/support/test-kernel.ts";
import { messages, tickets } from "../../schema/tables.ts";
import type { ChannelDriver, OutboundDeleteRequest, OutboundEditRequest, OutboundRequest, OutboundResult } from "../../../channels/channel-driver.contract.ts";
import { createConnection, ticketsKernel } from "../testing/tickets.fixtures.ts";
import type { InboundMessage } from "../../../channels/inbound.contract.ts";

/** The channel the fake driver serves: no real driver registers it in this build. */
export const FAKE_CHANNEL = "whatsappapi";

/** A channel driver that records every call; `failures` makes the next sends throw. */
export class FakeDriver implements ChannelDriver {
  readonly channel: string;
  sends: OutboundRequest[] = [];
  edits: OutboundEditRequest[] = [];
  removes: OutboundDeleteRequest[] = [];
  failures = 0;
  result: OutboundResult = {};

  constructor(channel = FAKE_CHANNEL) {
    this.channel = channel;
  }

  async send(request: OutboundRequest): Promise<OutboundResult> {
    if (this.failures > 0) {
      this.failures -= 1;
      throw new Error("provider unavailable");
    }
    this.sends.push(request);
    return this.result;
  }
  async edit(request: OutboundEditRequest): Promise<void> {
    this.edits.push(request);
  }
  async remove(request: OutboundDeleteRequest): Promise<void> {
    this.removes.push(request);
  }
}

export const NUMBER = "5511987654321";

/**
 * A kernel, a company with its admin, a connection served by a fake driver and an open
 * ticket of the admin with one inbound message ("oi"): the starting point of most tests.
 */
export async function conversation(env?: Record<string, string>) {
  const t = await ticketsKernel(env);
  const driver = new FakeDriver();
  t.kernel.services.require("channels.registerDriver")(driver);
  const a = await createCompanyWithAdmin(t, "Alfa");
  const connection = await createConnection(t, a.token, { channel: FAKE_CHANNEL });
  const first = await receive(t, { companyId: a.company.id, whatsappId: connection.id, providerId: "in-1", from: { number: NUMBER, name: "Ana Souza" }, body: "oi" });
  const [ticket] = await t.kernel.db.update(tickets).set({ status: "open", userId: a.user.id }).where(eq(tickets.id, first.ticket.id)).returning();
  return { t, a, driver, connection, ticket: ticket!, contactId: first.contact.id, inbound: first.message };
}

export type Conversation = Awaited<ReturnType<typeof conversation>>;

export const receive = (t: TestKernel, input: InboundMessage) => t.kernel.services.require("tickets.receive")(input);

/** Sends a text through the HTTP route and returns the answer. */
export const sendText = (c: Conversation, body: Record<string, unknown>, token = c.a.token, ticketId = c.ticket.id) => c.t.call("POST", `/messages/${ticketId}`, { token, body });

/** The delivery jobs of one message; `kind` as the plugin names it (stored with the "tickets." prefix). */
export async function jobsOf(t: TestKernel, kind: string, messageId: number) {
  const rows = await t.kernel.db
    .select()
    .from(jobs)
    .where(eq(jobs.kind, qualifiedKind("tickets", kind)));
  return rows.filter((j) => JSON.parse(j.payload).messageId === messageId);
}

/** Makes every pending job due now (skips the backoff wait) and runs them. */
export async function runJobsNow(t: TestKernel): Promise<number> {
  await t.kernel.db
    .update(jobs)
    .set({ dueAt: Date.now() - 1 })
    .where(eq(jobs.status, "pending"));
  return t.kernel.jobs.runDue();
}

export async function messageRow(t: TestKernel, id: number) {
  const [row] = await t.kernel.db.select().from(messages).where(eq(messages.id, id));
  return row!;
}

export async function messagesOfTicket(t: TestKernel, companyId: number, ticketId: number) {
  return t.kernel.db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId)))
    .orderBy(messages.id);
}

/** Records every realtime emit (event, payload, rooms, excluded rooms). */
export function recordEmits(t: TestKernel) {
  const events: { event: string; payload: any; room?: string | string[]; except?: string | string[] }[] = [];
  const emit = t.kernel.realtime.emit.bind(t.kernel.realtime);
  t.kernel.realtime.emit = (companyId, event, payload, room, except) => {
    events.push({ event, payload, room, except });
    emit(companyId, event, payload, room, except);
  };
  return events;
}

export const file = (name: string, type: string, size: number) => new File([new Uint8Array(size).fill(65)], name, { type });
