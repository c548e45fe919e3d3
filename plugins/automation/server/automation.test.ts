import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type BotWorld, botWorld } from "./automation.fixtures.ts";

/** Scripted customer conversations on the API channel, through the real server. */
let w: BotWorld;
beforeEach(async () => {
  w = await botWorld();
});
afterEach(() => w.close());

describe("inbound automation: routing", () => {
  it("one queue: the ticket goes to it at once, with the connection's and the queue's greetings", async () => {
    const sales = await w.queue({ name: "Vendas", greetingMessage: "Vendas aqui, {{firstName}}." });
    await w.connect({ greetingMessage: "Olá {{name}}!", queueIds: [sales.id] });
    const { ticketId } = await w.says("Oi");
    await w.settle();
    expect(await w.ticket(ticketId)).toMatchObject({ queueId: sales.id, status: "pending", userId: null, isBot: false });
    expect(await w.botTexts(ticketId)).toEqual(["Olá Ana Souza!", "Vendas aqui, Ana."]);
    // Delivered through the outbox to the channel: the API channel's signed webhook.
    expect(w.posted()).toEqual(["Olá Ana Souza!", "Vendas aqui, Ana."]);
    expect(w.receiver.received.every((r) => r.signatureValid)).toBe(true);
    const logs = (await w.rows()).logs.filter((l) => l.ticketId === ticketId).map((l) => [l.type, l.queueId]);
    expect(logs).toContainEqual(["queue", sales.id]);
  });

  it("two queues: greeting and menu; '2' picks the second, whose attendant (allTicket disabled) sees and accepts it", async () => {
    const sales = await w.queue({ name: "Vendas" });
    const support = await w.queue({ name: "Suporte", greetingMessage: "Suporte: conte-nos." });
    await w.connect({ greetingMessage: "Bem-vindo!", queueIds: [sales.id, support.id] });
    const attendant = await w.t.call("POST", "/users", {
      token: w.admin.token,
      body: { name: "Bia", email: "bia@example.com", password: "Secret123!", profile: "user", allTicket: "disable", queueIds: [support.id] },
    });
    expect(attendant.status, JSON.stringify(attendant.body)).toBe(200);

    const { ticketId } = await w.says("Olá");
    await w.settle();
    expect(await w.botTexts(ticketId)).toEqual(["Bem-vindo!\n\n*1* - Vendas\n*2* - Suporte"]);
    expect(await w.ticket(ticketId)).toMatchObject({ queueId: null, isBot: true });

    await w.says("2");
    await w.settle();
    expect(await w.ticket(ticketId)).toMatchObject({ queueId: support.id, status: "pending", isBot: false });
    expect((await w.botTexts(ticketId)).at(-1)).toBe("Suporte: conte-nos.");

    const bia = await w.t.login("bia@example.com", "Secret123!");
    const pending = await w.t.call("GET", "/tickets?status=pending", { token: bia.token });
    expect(pending.body.tickets.map((x: { id: number }) => x.id)).toContain(ticketId);
    const accepted = await w.t.call("PUT", `/tickets/${ticketId}`, { token: bia.token, body: { status: "open", userId: bia.user.id } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ status: "open", userId: bia.user.id, queueId: support.id });
  });

  it("an invalid reply repeats the menu", async () => {
    const a = await w.queue({ name: "Vendas" });
    const b = await w.queue({ name: "Suporte" });
    await w.connect({ greetingMessage: "Oi!", queueIds: [a.id, b.id], maxUseBotQueues: 5 });
    const { ticketId } = await w.says("Olá");
    await w.settle();
    await w.says("7");
    await w.settle();
    const texts = await w.botTexts(ticketId);
    expect(texts).toHaveLength(2);
    expect(texts[1]).toContain("*1* - Vendas\n*2* - Suporte");
    expect(await w.ticket(ticketId)).toMatchObject({ queueId: null, isBot: true });
  });

  it("a ticket an admin moves to a queue while the bot's menu is open is left there: the customer's '1' does not move it back", async () => {
    const sales = await w.queue({ name: "Vendas" });
    const support = await w.queue({ name: "Suporte" });
    await w.connect({ greetingMessage: "Oi!", queueIds: [sales.id, support.id], timeSendQueue: 5, sendIdQueue: sales.id });
    const { ticketId } = await w.says("Olá");
    await w.settle();
    const moved = await w.t.call("PUT", `/tickets/${ticketId}`, { token: w.admin.token, body: { queueId: support.id } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await w.says("1");
    await w.settle();
    expect(await w.ticket(ticketId)).toMatchObject({ queueId: support.id, status: "pending", isBot: false });
    expect(await w.botTexts(ticketId)).toHaveLength(1);
    // Nor does the redirect timer armed with the menu.
    await w.fastForward();
    expect(await w.ticket(ticketId)).toMatchObject({ queueId: support.id });
  });

  it("a ticket an admin moves to another queue while it walks a queue's options is left there", async () => {
    const sales = await w.queue({
      name: "Vendas",
      chatbots: [
        { name: "Preços", greetingMessage: "Preços", queueType: "text" },
        { name: "Prazos", greetingMessage: "Prazos", queueType: "text" },
      ],
    });
    const support = await w.queue({ name: "Suporte" });
    await w.connect({ greetingMessage: "Oi!", queueIds: [sales.id] });
    const { ticketId } = await w.says("Olá");
    await w.settle();
    expect(await w.ticket(ticketId)).toMatchObject({ queueId: sales.id, isBot: true });
    expect((await w.t.call("PUT", `/tickets/${ticketId}`, { token: w.admin.token, body: { queueId: support.id } })).status).toBe(200);
    const before = (await w.botTexts(ticketId)).length;
    await w.says("1");
    await w.settle();
    expect(await w.botTexts(ticketId)).toHaveLength(before);
    expect(await w.ticket(ticketId)).toMatchObject({ queueId: support.id, isBot: false });
  });

  it("a queue renamed after the bot read it shows its new name in the next menu (the cache drops on queue writes)", async () => {
    const a = await w.queue({ name: "Vendas" });
    const b = await w.queue({ name: "Suporte" });
    await w.connect({ greetingMessage: "Oi!", queueIds: [a.id, b.id] });
    await w.says("Olá", "c-1", "5511900000031");
    await w.settle();
    expect((await w.t.call("PUT", `/queue/${b.id}`, { token: w.admin.token, body: { name: "Ajuda" } })).status).toBe(200);
    const { ticketId } = await w.says("Olá", "c-2", "5511900000032");
    await w.settle();
    expect((await w.botTexts(ticketId))[0]).toContain("*2* - Ajuda");
  });
});
