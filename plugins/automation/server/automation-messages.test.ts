import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type BotWorld, botWorld } from "./automation.fixtures.ts";

/** What the bot's messages carry (greeting media, list/buttons menus, queue position), as customer conversations on the API channel. */
let w: BotWorld;
beforeEach(async () => {
  w = await botWorld();
});
afterEach(() => w.close());

/** Webhooks the customer's side received for the bot's messages, whole. */
const postedMessages = () => w.receiver.received.filter((r) => r.body?.event === "message.created" && r.body.message?.fromMe).map((r) => r.body.message);

async function uploadGreetingMedia() {
  const form = new FormData();
  form.append("file", new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], "boas-vindas.png", { type: "image/png" }));
  const up = await w.t.call("POST", `/whatsapp/${w.api.id}/media-upload`, { token: w.admin.token, body: form });
  expect(up.status, JSON.stringify(up.body)).toBe(200);
  return up.body.greetingMediaAttachment as string;
}

/** No driver declares interactive menus yet: the API channel's driver plays one that does. */
function apiChannelShows(capabilities: { list?: boolean; buttons?: boolean }) {
  const driver = w.t.kernel.services.require("channels.driverFor")("api");
  if (!driver) throw new Error("no api driver");
  Object.assign(driver, capabilities);
}

describe("greeting media", () => {
  it("goes with the greeting and its menu, through the API channel's webhook as media", async () => {
    const a = await w.queue({ name: "Vendas" });
    const b = await w.queue({ name: "Suporte" });
    await w.connect({ greetingMessage: "Bem-vindo!", queueIds: [a.id, b.id] });
    const media = await uploadGreetingMedia();
    const { ticketId } = await w.says("Olá");
    await w.settle();
    const stored = (await w.rows()).messages.filter((m) => m.ticketId === ticketId && m.fromMe);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ mediaType: "image", mediaUrl: media, body: "Bem-vindo!\n\n*1* - Vendas\n*2* - Suporte" });
    const [sent] = postedMessages();
    expect(sent).toMatchObject({ kind: "media", mediaType: "image", mediaUrl: media, mimetype: "image/png", body: "Bem-vindo!\n\n*1* - Vendas\n*2* - Suporte" });
  });

  it("one queue: goes with the connection's greeting, before the queue's", async () => {
    const a = await w.queue({ name: "Vendas", greetingMessage: "Vendas aqui." });
    await w.connect({ greetingMessage: "Bem-vindo!", queueIds: [a.id] });
    const media = await uploadGreetingMedia();
    await w.says("Olá");
    await w.settle();
    expect(postedMessages().map((m) => [m.body, m.mediaUrl])).toEqual([
      ["Bem-vindo!", media],
      ["Vendas aqui.", null],
    ]);
  });
});

describe("sendGreetingMessageOneQueues", () => {
  it("disabled: one queue enters it with the queue's greeting only", async () => {
    const a = await w.queue({ name: "Vendas", greetingMessage: "Vendas aqui." });
    await w.connect({ greetingMessage: "Bem-vindo!", queueIds: [a.id] });
    expect((await w.setting("sendGreetingMessageOneQueues", "disabled")).status).toBe(200);
    const { ticketId } = await w.says("Olá");
    await w.settle();
    expect(await w.botTexts(ticketId)).toEqual(["Vendas aqui."]);
    expect(await w.ticket(ticketId)).toMatchObject({ queueId: a.id, status: "pending" });
  });
});

describe("chatBotType", () => {
  const twoQueues = async () => {
    const a = await w.queue({ name: "Vendas" });
    const b = await w.queue({ name: "Suporte" });
    await w.connect({ greetingMessage: "Oi!", queueIds: [a.id, b.id] });
    return { a, b };
  };

  it("list on a channel with lists: a listMessage whose rows are the queues, the numbered text kept as its body", async () => {
    apiChannelShows({ list: true });
    const { b } = await twoQueues();
    expect((await w.setting("chatBotType", "list")).status).toBe(200);
    const { ticketId } = await w.says("Olá");
    await w.settle();
    const [sent] = postedMessages();
    expect(sent).toMatchObject({ kind: "interactive", mediaType: "listMessage", body: "Oi!\n\n*1* - Vendas\n*2* - Suporte" });
    expect(sent.data.sections[0].rows.map((r: { title: string }) => r.title)).toEqual(["Vendas", "Suporte"]);
    // A list row answers with its title.
    await w.says("Suporte");
    await w.settle();
    expect(await w.ticket(ticketId)).toMatchObject({ queueId: b.id, isBot: false });
  });

  it("button on a channel with buttons: reply buttons; '1' still picks", async () => {
    apiChannelShows({ buttons: true });
    const { a } = await twoQueues();
    expect((await w.setting("chatBotType", "button")).status).toBe(200);
    const { ticketId } = await w.says("Olá");
    await w.settle();
    const [sent] = postedMessages();
    expect(sent).toMatchObject({ mediaType: "interactiveMessage", data: { kind: "reply", buttons: [{ title: "Vendas" }, { title: "Suporte" }] } });
    await w.says("1");
    await w.settle();
    expect(await w.ticket(ticketId)).toMatchObject({ queueId: a.id });
  });

  it("list with greeting media: the media goes first on its own, then the menu as a list (a media message cannot carry one)", async () => {
    apiChannelShows({ list: true });
    await twoQueues();
    const media = await uploadGreetingMedia();
    expect((await w.setting("chatBotType", "list")).status).toBe(200);
    await w.says("Olá");
    await w.settle();
    const sent = postedMessages();
    expect(sent.map((m) => [m.kind, m.mediaType, m.mediaUrl])).toEqual([
      ["media", "image", media],
      ["interactive", "listMessage", null],
    ]);
    expect(sent[1]).toMatchObject({ body: "Oi!\n\n*1* - Vendas\n*2* - Suporte" });
  });

  it("list or button on a channel without them (the API channel as shipped): the numbered text alone", async () => {
    await twoQueues();
    for (const style of ["list", "button"]) {
      expect((await w.setting("chatBotType", style)).status).toBe(200);
      await w.says("Olá", `fb-${style}`, `55119000001${style.length}`);
      await w.settle();
    }
    const sent = postedMessages();
    expect(sent).toHaveLength(2);
    for (const m of sent) expect(m).toMatchObject({ kind: "text", mediaType: "chat", body: "Oi!\n\n*1* - Vendas\n*2* - Suporte", data: null });
  });
});

describe("queue position", () => {
  it("sendQueuePosition tells each customer entering a queue their place", async () => {
    const a = await w.queue({ name: "Vendas", greetingMessage: "Vendas aqui." });
    await w.connect({ greetingMessage: "", queueIds: [a.id] });
    expect((await w.setting("sendQueuePosition", "enabled")).status).toBe(200);
    expect((await w.setting("sendQueuePositionMessage", "Você é o {{position}}º da fila, {{firstName}}.")).status).toBe(200);
    const first = await w.says("Olá", "p-1", "5511900000021");
    await w.settle();
    const second = await w.says("Olá", "p-2", "5511900000022");
    await w.settle();
    expect(await w.botTexts(first.ticketId)).toEqual(["Vendas aqui.", "Você é o 1º da fila, Ana."]);
    expect(await w.botTexts(second.ticketId)).toEqual(["Vendas aqui.", "Você é o 2º da fila, Ana."]);
  });

  it("disabled (the default): no position message", async () => {
    const a = await w.queue({ name: "Vendas", greetingMessage: "Vendas aqui." });
    await w.connect({ greetingMessage: "", queueIds: [a.id] });
    expect((await w.setting("sendQueuePositionMessage", "Você é o {{position}}º da fila.")).status).toBe(200);
    const { ticketId } = await w.says("Olá");
    await w.settle();
    expect(await w.botTexts(ticketId)).toEqual(["Vendas aqui."]);
  });
});
