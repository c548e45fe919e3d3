import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type BotWorld, botWorld } from "./automation.fixtures.ts";

/** What attendants see of the bot through the API: the ticket's `isBot` and the ticket log. */
let w: BotWorld;
beforeEach(async () => {
  w = await botWorld();
});
afterEach(() => w.close());

const logOf = async (ticketId: number) => {
  const res = await w.t.call("GET", `/tickets-log/${ticketId}`, { token: w.admin.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { type: string; queue?: { id: number } | null }[]).map((l) => [l.type, l.queue?.id ?? null]);
};

describe("bot indicator", () => {
  it("isBot shows in GET /tickets and the ticket view while the bot talks, and drops once a queue is chosen", async () => {
    const a = await w.queue({ name: "Vendas" });
    const b = await w.queue({ name: "Suporte" });
    await w.connect({ greetingMessage: "Oi!", queueIds: [a.id, b.id] });
    const { ticketId } = await w.says("Olá");
    await w.settle();
    const listed = async () =>
      ((await w.t.call("GET", "/tickets?status=pending&showAll=true", { token: w.admin.token })).body.tickets as { id: number; isBot: boolean }[]).find((x) => x.id === ticketId);
    expect(await listed()).toMatchObject({ isBot: true });
    expect((await w.t.call("GET", `/tickets/${ticketId}`, { token: w.admin.token })).body).toMatchObject({ id: ticketId, isBot: true });

    await w.says("2");
    await w.settle();
    expect(await listed()).toMatchObject({ isBot: false });
    expect((await w.t.call("GET", `/tickets/${ticketId}`, { token: w.admin.token })).body).toMatchObject({ isBot: false, queueId: b.id });
  });
});

describe("ticket log", () => {
  it("chatBot when the bot starts, queue when a queue is chosen", async () => {
    const a = await w.queue({ name: "Vendas" });
    const b = await w.queue({ name: "Suporte" });
    await w.connect({ greetingMessage: "Oi!", queueIds: [a.id, b.id] });
    const { ticketId } = await w.says("Olá");
    await w.settle();
    await w.says("1");
    await w.settle();
    const log = await logOf(ticketId);
    expect(log.map(([type]) => type)).toContain("chatBot");
    expect(log).toContainEqual(["queue", a.id]);
  });

  it("redirect when timeSendQueue moves the ticket to sendIdQueue", async () => {
    const a = await w.queue({ name: "Vendas" });
    const b = await w.queue({ name: "Suporte" });
    await w.connect({ greetingMessage: "Oi!", queueIds: [a.id, b.id], timeSendQueue: 1, sendIdQueue: b.id });
    const { ticketId } = await w.says("Olá");
    await w.settle();
    await w.fastForward();
    expect(await logOf(ticketId)).toContainEqual(["redirect", b.id]);
  });
});
