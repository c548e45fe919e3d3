import { describe, expect, it } from "vitest";
import { decideTimer } from "./decide-timer.ts";
import { actionsOf, Conversation, kinds, MINUTE, option, queue, T0, texts } from "./engine.fixtures.ts";

const queues = [queue(1, "Vendas"), queue(2, "Suporte"), queue(9, "Geral", { rotation: true })];
const redirecting = { queueIds: [1, 2], timeSendQueue: 15, sendIdQueue: 9 };

describe("redirect (timeSendQueue → sendIdQueue)", () => {
  it("is armed with the first menu and moves a ticket still without a queue, logged as redirect", () => {
    const c = new Conversation({ queues, connection: redirecting });
    expect(actionsOf(c.say("Olá"), "scheduleTimer")).toEqual([{ type: "scheduleTimer", kind: "redirect", at: T0 + 15 * MINUTE }]);
    expect(c.say("?").actions.some((a) => a.type === "scheduleTimer")).toBe(false);
    const d = c.fire("redirect");
    expect(texts(d)).toEqual([]);
    expect(actionsOf(d, "log")).toEqual([{ type: "log", log: "redirect", queueId: 9 }]);
    expect(actionsOf(d, "askRotation")).toEqual([{ type: "askRotation", queueId: 9 }]);
    expect(c.ticket).toMatchObject({ queueId: 9, isBot: false, status: "pending" });
    expect(kinds(d)).not.toContain("cancelTimer");
  });

  it("still moves a ticket whose bot gave up after maxUseBotQueues menus", () => {
    const c = new Conversation({ queues, connection: { ...redirecting, maxUseBotQueues: 1 } });
    c.say("Olá");
    c.say("?");
    expect(c.ticket.queueId).toBeNull();
    c.fire("redirect");
    expect(c.ticket.queueId).toBe(9);
  });

  it("is cancelled when the customer picks a queue", () => {
    const c = new Conversation({ queues, connection: redirecting });
    c.say("Olá");
    const d = c.say("1");
    expect(actionsOf(d, "cancelTimer")).toEqual([{ type: "cancelTimer", kind: "redirect" }]);
    expect(c.state?.timers).toEqual({});
  });

  it("is not armed without both fields, nor for a connection with one queue", () => {
    expect(actionsOf(new Conversation({ queues, connection: { ...redirecting, sendIdQueue: null } }).say("Olá"), "scheduleTimer")).toEqual([]);
    expect(actionsOf(new Conversation({ queues, connection: { ...redirecting, timeSendQueue: 0 } }).say("Olá"), "scheduleTimer")).toEqual([]);
    expect(actionsOf(new Conversation({ queues, connection: { ...redirecting, sendIdQueue: 404 } }).say("Olá"), "scheduleTimer")).toEqual([]);
    expect(actionsOf(new Conversation({ queues, connection: { ...redirecting, queueIds: [1] } }).say("Olá"), "scheduleTimer")).toEqual([]);
  });
});

describe("bot timeout (timeUseBotQueues)", () => {
  it("turns the bot off; a ticket inside a queue's tree waits in that queue", () => {
    const tree = [queue(1, "Vendas", { options: [option(10, "A"), option(11, "B")], rotation: true }), queue(2, "Suporte")];
    const c = new Conversation({ queues: tree, connection: { timeUseBotQueues: 30 } });
    c.say("Olá");
    c.say("1");
    const d = c.fire("botTimeout");
    expect(actionsOf(d, "setBot")).toEqual([{ type: "setBot", isBot: false, attempts: 0 }]);
    expect(actionsOf(d, "askRotation")).toEqual([{ type: "askRotation", queueId: 1 }]);
    expect(c.ticket).toMatchObject({ queueId: 1, isBot: false });
    expect(c.state?.phase).toBe("waiting");
  });

  it("is cancelled when the bot finishes first", () => {
    const c = new Conversation({ queues, connection: { queueIds: [1, 2], timeUseBotQueues: 30 } });
    c.say("Olá");
    expect(actionsOf(c.say("2"), "cancelTimer")).toEqual([{ type: "cancelTimer", kind: "botTimeout" }]);
  });
});

describe("timers that no longer apply", () => {
  it("a timer re-armed or cancelled since is stale and does nothing", () => {
    const c = new Conversation({ queues, connection: redirecting });
    c.say("Olá");
    const snapshot = c.snapshot();
    expect(decideTimer(snapshot, { kind: "redirect", at: T0 + 1 }).actions).toEqual([{ type: "notHandled", reason: "staleTimer" }]);
    expect(decideTimer(snapshot, { kind: "botTimeout", at: T0 }).actions).toEqual([{ type: "notHandled", reason: "staleTimer" }]);
  });

  it("a ticket an attendant took meanwhile is left, and its other timers go", () => {
    const c = new Conversation({ queues, connection: { ...redirecting, timeUseBotQueues: 30 } });
    c.say("Olá");
    Object.assign(c.ticket, { status: "open", userId: 5 });
    const d = c.fire("redirect");
    expect(actionsOf(d, "notHandled")).toEqual([{ type: "notHandled", reason: "attended" }]);
    expect(actionsOf(d, "cancelTimer")).toEqual([{ type: "cancelTimer", kind: "botTimeout" }]);
    expect(kinds(d)).not.toContain("setQueue");
    expect(c.state?.timers).toEqual({});
  });

  it("survives a restart: the state is plain data", () => {
    const c = new Conversation({ queues, connection: redirecting });
    c.say("Olá");
    c.state = JSON.parse(JSON.stringify(c.state));
    c.fire("redirect");
    expect(c.ticket.queueId).toBe(9);
  });
});
