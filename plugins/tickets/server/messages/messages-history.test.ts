import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCompanyWithAdmin, createUser } from "../../../../tests/support/fixtures.ts";
import { messages, tickets } from "../../schema/tables.ts";
import { conversation, type Conversation, FAKE_CHANNEL, NUMBER, receive } from "./messages.fixtures.ts";
import { createConnection } from "../testing/tickets.fixtures.ts";

/**
 * The conversation window of GET /messages/{uuid} across the contact's tickets: admins and
 * allHistoric users read the contact's older tickets too (merged in time order, paged), a
 * plain user this ticket only. The page reads one row past its end instead of counting.
 */
let c: Conversation;
beforeEach(async () => {
  c = await conversation();
});
afterEach(() => c.t.close());

const at = (minute: number) => new Date(Date.UTC(2030, 0, 1, 0, minute)).toISOString();
const list = (query = "", token = c.a.token) => c.t.call("GET", `/messages/${c.ticket.uuid}${query}`, { token });
const bodies = (res: { body: { messages: { body: string }[] } }) => res.body.messages.map((m) => m.body);

/** A closed older ticket of the same contact with messages at the given minutes (`queueId` on them). */
async function olderTicket(minutes: number[], queueId: number | null = null) {
  const [ticket] = await c.t.kernel.db
    .insert(tickets)
    .values({ companyId: c.a.company.id, contactId: c.contactId, whatsappId: c.connection.id, channel: c.ticket.channel, status: "closed", queueId })
    .returning();
  if (minutes.length)
    await c.t.kernel.db.insert(messages).values(
      minutes.map((m) => ({
        companyId: c.a.company.id,
        ticketId: ticket!.id,
        contactId: c.contactId,
        whatsappId: c.connection.id,
        providerId: `old-${ticket!.id}-${m}`,
        body: `t${ticket!.id}m${m}`,
        queueId,
        createdAt: at(m),
        updatedAt: at(m),
      })),
    );
  return ticket!;
}

/** Messages of the current ticket at the given minutes (the first "oi" is moved before them all). */
async function currentMessages(minutes: number[]) {
  await c.t.kernel.db
    .update(messages)
    .set({ createdAt: at(0) })
    .where(eq(messages.id, c.inbound.id));
  for (const m of minutes)
    await receive(c.t, { companyId: c.a.company.id, whatsappId: c.connection.id, providerId: `cur-${m}`, from: { number: NUMBER }, body: `cur${m}`, timestamp: Date.parse(at(m)) });
}

describe("conversation window: happy", () => {
  it("an admin reads the contact's older tickets too, merged in time order and paged", async () => {
    // Two older tickets whose times interleave with each other and with the current one.
    const a = await olderTicket([1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23]);
    const b = await olderTicket([2, 4, 6, 8, 10, 12, 14, 16]);
    await currentMessages([30, 31, 32, 33, 34]);
    const expected = [
      "oi",
      ...Array.from({ length: 23 }, (_, i) => i + 1)
        .filter((m) => m % 2 === 1 || m <= 16)
        .map((m) => (m % 2 === 1 ? `t${a.id}m${m}` : `t${b.id}m${m}`)),
      "cur30",
      "cur31",
      "cur32",
      "cur33",
      "cur34",
    ];
    expect(expected).toHaveLength(26);
    const first = await list();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(bodies(first)).toEqual(expected.slice(6));
    expect(first.body).toMatchObject({ hasMore: true, count: 21 });
    const second = await list("?pageNumber=2");
    expect(bodies(second)).toEqual(expected.slice(0, 6));
    expect(second.body).toMatchObject({ hasMore: false, count: 26 });
    const past = await list("?pageNumber=3");
    expect(past.body).toMatchObject({ messages: [], hasMore: false, count: 0 });
  });

  it("an allHistoric attendant reads the whole history; a plain one this ticket only", async () => {
    const older = await olderTicket([1, 2]);
    await currentMessages([30]);
    const historic = await createUser(c.t, c.a.company.id, { allHistoric: "enabled" });
    const plain = await createUser(c.t, c.a.company.id);
    await c.t.kernel.db.update(tickets).set({ userId: historic.user.id }).where(eq(tickets.id, c.ticket.id));
    expect(bodies(await list("", historic.token))).toEqual(["oi", `t${older.id}m1`, `t${older.id}m2`, "cur30"].sort(byMinute(older.id)));
    await c.t.kernel.db.update(tickets).set({ userId: plain.user.id }).where(eq(tickets.id, c.ticket.id));
    const own = await list("", plain.token);
    expect(bodies(own)).toEqual(["oi", "cur30"]);
    expect(own.body).toMatchObject({ hasMore: false, count: 2 });
  });

  it("selectedQueues limits the older tickets' messages to those queues (or none); the current ticket shows whole", async () => {
    const queue = async (name: string, color: string) => (await c.t.call("POST", "/queue", { token: c.a.token, body: { name, color, greetingMessage: "Olá!" } })).body.id as number;
    const sales = await queue("Vendas", "#111111");
    const support = await queue("Suporte", "#222222");
    const inSales = await olderTicket([1], sales);
    await olderTicket([2], support);
    const noQueue = await olderTicket([3]);
    await currentMessages([30]);
    expect(bodies(await list(`?selectedQueues=[${sales}]`))).toEqual(["oi", `t${inSales.id}m1`, `t${noQueue.id}m3`, "cur30"]);
  });
});

describe("conversation window: a contact with hundreds of tickets", () => {
  it("reads them through a subquery instead of hundreds of bound ids, with the same answer", async () => {
    const base = { companyId: c.a.company.id, contactId: c.contactId, whatsappId: c.connection.id, channel: c.ticket.channel, status: "closed" as const };
    await c.t.kernel.db.insert(tickets).values(Array.from({ length: 510 }, () => base));
    const older = await olderTicket([1, 2, 3]);
    await currentMessages([30]);
    expect(bodies(await list())).toEqual(["oi", `t${older.id}m1`, `t${older.id}m2`, `t${older.id}m3`, "cur30"]);
  });
});

describe("conversation window: security", () => {
  it("the same number's tickets in another company never join the window", async () => {
    const beta = await createCompanyWithAdmin(c.t, "Beta");
    const betaConnection = await createConnection(c.t, beta.token, { channel: FAKE_CHANNEL });
    await receive(c.t, { companyId: beta.company.id, whatsappId: betaConnection.id, providerId: "beta-1", from: { number: NUMBER }, body: "outra empresa" });
    await olderTicket([1]);
    expect(bodies(await list())).not.toContain("outra empresa");
  });
});

/** Orders bodies made by olderTicket/currentMessages by their minute ("oi" is minute 0). */
function byMinute(olderId: number) {
  const minute = (b: string) => (b === "oi" ? 0 : Number(b.replace(`t${olderId}m`, "").replace("cur", "")));
  return (x: string, y: string) => minute(x) - minute(y);
}
