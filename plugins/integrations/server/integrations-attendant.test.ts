import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { integrationSessions } from "../schema/tables.ts";
import { type ConversationWorld, conversationWorld } from "./integrations.fixtures.ts";
import { typebotStandIn } from "./testing/typebot-stand-in.ts";

/**
 * What an attendant's actions do to an integration (issue 27 part 1): the workspace's
 * "enable or disable integration" switch (spec 000 §2, PUT /tickets/{id} useIntegration) and a
 * transfer into a queue that has an integration.
 */
let w: ConversationWorld;
let typebot: Awaited<ReturnType<typeof typebotStandIn>>;

beforeAll(async () => {
  typebot = await typebotStandIn();
});
afterAll(() => typebot.close());
beforeEach(async () => {
  w = await conversationWorld();
});
afterEach(() => w.close());

let customer = 0;
const newCustomer = () => `55119${String(70_000_000 + ++customer)}`;

async function integration(fields: Record<string, unknown> = {}) {
  const res = await w.t.call("POST", "/queueIntegration", {
    token: w.admin.token,
    body: { name: "Typebot", type: "typebot", urlN8N: typebot.url, typebotSlug: "atendimento", typebotDelayMessage: 0, ...fields },
  });
  if (res.status !== 200) throw new Error(`POST /queueIntegration: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number };
}
async function say(text: string, number: string) {
  const res = await w.says(text, number);
  await w.settle();
  return res;
}
async function put(ticketId: number, body: Record<string, unknown>) {
  const res = await w.t.call("PUT", `/tickets/${ticketId}`, { token: w.admin.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await w.settle();
  return res.body as { useIntegration: boolean; integrationId: number | null };
}
const holder = async (ticketId: number) => (await w.ticket(ticketId)).holder as string | null;
const sessions = (ticketId: number) => w.t.kernel.db.select().from(integrationSessions).where(eq(integrationSessions.ticketId, ticketId));
const GREETING = ["Olá *Ana Souza*!", "_Escolha_", "1 - Vendas\n2 - Suporte"];

describe("the workspace's enable / disable integration switch", () => {
  it("off ends the integration's conversation (its session is dropped); on resumes the connection's integration, which answers the next message", async () => {
    const { id } = await integration();
    await w.connect({ integrationId: id });
    const n = newCustomer();
    const { ticketId } = await say("Oi", n);
    expect(await holder(ticketId)).toBe(`integration:${id}`);
    expect(await sessions(ticketId)).toHaveLength(1);

    expect(await put(ticketId, { useIntegration: false })).toMatchObject({ useIntegration: false, integrationId: null });
    expect(await holder(ticketId)).toBeNull();
    // The provider heard `end` (reason queue): the Typebot session is gone.
    expect(await sessions(ticketId)).toEqual([]);

    const sent = (await w.botTexts(ticketId)).length;
    await put(ticketId, { useIntegration: true });
    expect(await w.ticket(ticketId)).toMatchObject({ holder: `integration:${id}`, useIntegration: true, integrationId: id });
    // Resumed without a word: the integration answers the customer's next message.
    expect(await w.botTexts(ticketId)).toHaveLength(sent);
    await say("voltei", n);
    expect((await w.botTexts(ticketId)).slice(-3)).toEqual(GREETING);
    await say("2", n);
    expect((await w.botTexts(ticketId)).at(-1)).toBe("Suporte anotado.");
  });

  it("on prefers the ticket's queue's integration over the connection's", async () => {
    const ofConnection = await integration({ name: "Da conexão" });
    const ofQueue = await integration({ name: "Da fila" });
    const fila = await w.queue();
    await w.connect({ integrationId: ofConnection.id });
    const { ticketId } = await say("Oi", newCustomer());
    await put(ticketId, { queueId: fila.id, userId: null, isTransfered: true });
    expect(await w.t.call("PUT", `/queue/${fila.id}`, { token: w.admin.token, body: { integrationId: ofQueue.id } })).toMatchObject({ status: 200 });
    await put(ticketId, { useIntegration: true });
    expect(await holder(ticketId)).toBe(`integration:${ofQueue.id}`);
  });

  it("on with no integration anywhere: a handler is in charge, none is named, nothing answers", async () => {
    await w.connect();
    const n = newCustomer();
    const { ticketId } = await say("Oi", n);
    expect(await put(ticketId, { useIntegration: true })).toMatchObject({ useIntegration: true, integrationId: null });
    expect(await holder(ticketId)).toBe("integration");
    await say("alguém?", n);
    expect(await w.botTexts(ticketId)).toEqual([]);
  });
});

describe("a transfer into a queue with an integration", () => {
  it("with nobody chosen, the queue's integration starts at once (its greeting)", async () => {
    const { id } = await integration();
    const comBot = await w.queue({ integrationId: id });
    await w.connect();
    const n = newCustomer();
    const { ticketId } = await say("Oi", n);
    await put(ticketId, { queueId: comBot.id, userId: null, isTransfered: true });
    expect(await w.ticket(ticketId)).toMatchObject({ queueId: comBot.id, holder: `integration:${id}` });
    expect((await w.botTexts(ticketId)).slice(-3)).toEqual(GREETING);
    await say("1", n);
    expect((await w.botTexts(ticketId)).at(-2)).toBe("Vendas, ótimo.");
  });

  it("to an attendant, or into a queue without an integration, starts nothing", async () => {
    const { id } = await integration();
    const comBot = await w.queue({ integrationId: id });
    const semBot = await w.queue();
    await w.connect();
    const me = (await w.t.call("GET", "/auth/me", { token: w.admin.token })).body as { id: number };
    const starts = () => typebot.received.filter((r) => r.path.endsWith("/startChat")).length;
    const before = starts();
    const first = await say("Oi", newCustomer());
    await put(first.ticketId, { queueId: comBot.id, userId: me.id, status: "open", isTransfered: true });
    expect(await w.ticket(first.ticketId)).toMatchObject({ holder: "attendant", useIntegration: false });
    const second = await say("Oi", newCustomer());
    await put(second.ticketId, { queueId: semBot.id, userId: null, isTransfered: true });
    expect(await holder(second.ticketId)).toBeNull();
    expect(starts()).toBe(before);
  });
});
