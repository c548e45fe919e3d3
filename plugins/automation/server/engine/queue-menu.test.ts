import { describe, expect, it } from "vitest";
import { actionsOf, Conversation, kinds, MINUTE, option, queue, T0, texts } from "./engine.fixtures.ts";

const queues = [queue(1, "Vendas"), queue(2, "Suporte"), queue(3, "Financeiro")];
const MENU = "Olá! Escolha um setor:\n\n*1* - Vendas\n*2* - Suporte\n*3* - Financeiro";

describe("several queues: the queue menu", () => {
  it("sends the greeting and the queues numbered in the connection's order, and turns the bot on", () => {
    const c = new Conversation({ queues, connection: { queueIds: [2, 1, 3] } });
    const d = c.say("Olá");
    expect(texts(d)).toEqual(["Olá! Escolha um setor:\n\n*1* - Suporte\n*2* - Vendas\n*3* - Financeiro"]);
    expect(actionsOf(d, "log")).toEqual([{ type: "log", log: "chatBot", queueId: null }]);
    expect(actionsOf(d, "setBot")).toEqual([{ type: "setBot", isBot: true, attempts: 1 }]);
    expect(c.ticket.queueId).toBeNull();
    expect(c.state).toMatchObject({ phase: "queueMenu", startedAt: T0, attempts: 1 });
  });

  it("sends the greeting media with the first menu only", () => {
    const c = new Conversation({ queues, connection: { greetingMedia: "/public/company1/hi.mp4" } });
    expect(actionsOf(c.say("Olá"), "send")[0]?.media).toBe("/public/company1/hi.mp4");
    expect(actionsOf(c.say("?"), "send")[0]?.media).toBeUndefined();
  });

  it("puts the ticket in the queue the reply picks by number, with the queue's greeting", () => {
    const c = new Conversation({ queues });
    c.say("Olá");
    const d = c.say("2");
    expect(texts(d)).toEqual(["Fila Suporte"]);
    expect(actionsOf(d, "log")).toEqual([{ type: "log", log: "queue", queueId: 2 }]);
    expect(actionsOf(d, "setBot")).toEqual([{ type: "setBot", isBot: false, attempts: 0 }]);
    expect(c.ticket).toMatchObject({ queueId: 2, isBot: false });
    expect(c.state?.phase).toBe("waiting");
  });

  it("accepts a queue's name as the reply (list rows answer with their title)", () => {
    const c = new Conversation({ queues });
    c.say("Olá");
    c.say("financeiro");
    expect(c.ticket.queueId).toBe(3);
  });

  it("repeats the menu after an invalid reply, counting the attempt", () => {
    const c = new Conversation({ queues, connection: { maxUseBotQueues: 0 } });
    c.say("Olá");
    for (const reply of ["quero falar com alguém", "7", "0", "#"]) {
      const before = c.state?.attempts ?? 0;
      const d = c.say(reply);
      expect(texts(d)).toEqual([MENU]);
      expect(actionsOf(d, "setBot")).toEqual([{ type: "setBot", isBot: true, attempts: before + 1 }]);
    }
  });

  it("stops after maxUseBotQueues menus: the ticket waits pending without a queue", () => {
    const c = new Conversation({ queues, connection: { maxUseBotQueues: 2 } });
    c.say("Olá");
    c.say("?");
    const d = c.say("??");
    expect(texts(d)).toEqual([]);
    expect(actionsOf(d, "setBot")).toEqual([{ type: "setBot", isBot: false, attempts: 0 }]);
    expect(c.ticket).toMatchObject({ status: "pending", queueId: null, isBot: false });
    expect(c.say("1").actions).toEqual([{ type: "notHandled", reason: "waiting" }]);
  });

  it("keeps asking when maxUseBotQueues is 0 (no limit)", () => {
    const c = new Conversation({ queues, connection: { maxUseBotQueues: 0 } });
    c.say("Olá");
    for (let i = 0; i < 10; i++) expect(texts(c.say("?"))).toEqual([MENU]);
    expect(c.state?.attempts).toBe(11);
  });

  it("stops answering once timeUseBotQueues minutes passed since the first menu", () => {
    const c = new Conversation({ queues, connection: { timeUseBotQueues: 10 } });
    const first = c.say("Olá");
    expect(actionsOf(first, "scheduleTimer")).toEqual([{ type: "scheduleTimer", kind: "botTimeout", at: T0 + 10 * MINUTE }]);
    c.after(9);
    expect(texts(c.say("?"))).toEqual([MENU]);
    c.after(1);
    const late = c.say("1");
    expect(texts(late)).toEqual([]);
    expect(kinds(late)).toEqual(["setBot", "cancelTimer"]);
    expect(c.ticket).toMatchObject({ queueId: null, isBot: false });
  });

  it("a new menu after a valid choice starts its attempts again", () => {
    const c = new Conversation({ queues: [queue(1, "Vendas", { options: [option(10, "Planos"), option(11, "Preços")] }), queue(2, "Suporte")] });
    c.say("Olá");
    c.say("x");
    const d = c.say("1");
    expect(actionsOf(d, "setBot")).toEqual([{ type: "setBot", isBot: true, attempts: 1 }]);
    expect(c.state).toMatchObject({ phase: "optionMenu", queueId: 1, path: [], attempts: 1 });
  });
});

describe("a ticket moved by someone else while a menu is open", () => {
  it("queue menu: the bot leaves it in the queue it was moved to; a late '1' does not move it back", () => {
    const c = new Conversation({ queues, connection: { timeSendQueue: 5, sendIdQueue: 3 } });
    c.say("Olá");
    c.ticket.queueId = 2;
    const d = c.say("1");
    expect(actionsOf(d, "setQueue")).toEqual([]);
    expect(texts(d)).toEqual([]);
    expect(actionsOf(d, "setBot")).toEqual([{ type: "setBot", isBot: false, attempts: 0 }]);
    expect(actionsOf(d, "cancelTimer")).toEqual([{ type: "cancelTimer", kind: "redirect" }]);
    expect(c.state).toMatchObject({ phase: "waiting" });
  });

  it("option menu: moved to another queue, the bot leaves it; going back to the queue menu itself is no move", () => {
    const tree = [queue(1, "Vendas", { options: [option(10, "A"), option(11, "B")] }), queue(2, "Suporte")];
    const back = new Conversation({ queues: tree });
    back.say("Olá");
    back.say("1");
    back.say("0");
    expect(back.state).toMatchObject({ phase: "queueMenu" });
    expect(actionsOf(back.say("2"), "setQueue")).toEqual([{ type: "setQueue", queueId: 2 }]);

    const moved = new Conversation({ queues: tree });
    moved.say("Olá");
    moved.say("1");
    moved.ticket.queueId = 2;
    expect(texts(moved.say("1"))).toEqual([]);
    expect(moved.ticket).toMatchObject({ queueId: 2, isBot: false });
  });
});
