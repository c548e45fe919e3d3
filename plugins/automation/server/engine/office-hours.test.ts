import { describe, expect, it } from "vitest";
import { actionsOf, Conversation, MINUTE, option, queue, T0, texts } from "./engine.fixtures.ts";
import type { HoursScope, Instant } from "./snapshot.ts";

const HOUR = 60 * MINUTE;
const queues = [queue(1, "Vendas"), queue(2, "Suporte")];
/** Open from 08:00 to 18:00 UTC every day, for the scopes listed (the others always open). */
const daytime =
  (...kinds: HoursScope["kind"][]) =>
  (scope: HoursScope, at: Instant) => {
    if (!kinds.includes(scope.kind)) return true;
    const h = new Date(at).getUTCHours();
    return h >= 8 && h < 18;
  };
const at = (hour: number, day = 0) => T0 - 10 * HOUR + day * 24 * HOUR + hour * HOUR;

describe("office hours by scheduleType", () => {
  for (const kind of ["company", "connection"] as const) {
    it(`${kind}: out of hours answers the connection's out-of-hours message instead of the menu; the ticket stays pending`, () => {
      const c = new Conversation({ queues, settings: { scheduleType: kind } });
      c.isOpen = daytime(kind);
      c.now = at(20);
      const d = c.say("Olá");
      expect(texts(d)).toEqual(["Estamos fechados."]);
      expect(actionsOf(d, "setBot")).toEqual([]);
      expect(c.ticket).toMatchObject({ status: "pending", queueId: null, isBot: false });
    });
  }

  it("answers at most once per closed window, and again in the next one", () => {
    const c = new Conversation({ queues, settings: { scheduleType: "company" } });
    c.isOpen = daytime("company");
    c.now = at(19);
    expect(texts(c.say("Olá"))).toEqual(["Estamos fechados."]);
    c.now = at(23);
    expect(c.say("Oi?").actions).toEqual([{ type: "notHandled", reason: "outOfHoursAnswered" }]);
    c.now = at(7, 1);
    expect(c.say("Bom dia?").actions).toEqual([{ type: "notHandled", reason: "outOfHoursAnswered" }]);
    c.now = at(19, 1);
    expect(texts(c.say("De novo"))).toEqual(["Estamos fechados."]);
  });

  it("starts the flow with the first message in open hours", () => {
    const c = new Conversation({ queues, settings: { scheduleType: "connection" } });
    c.isOpen = daytime("connection");
    c.now = at(22);
    c.say("Olá");
    c.now = at(9, 1);
    expect(texts(c.say("Olá"))).toEqual(["Olá! Escolha um setor:\n\n*1* - Vendas\n*2* - Suporte"]);
  });

  it("keeps quiet out of hours when no out-of-hours message is set", () => {
    const c = new Conversation({ queues, settings: { scheduleType: "company" }, connection: { outOfHoursMessage: "" } });
    c.isOpen = daytime("company");
    c.now = at(20);
    expect(c.say("Olá").actions).toEqual([{ type: "notHandled", reason: "outOfHours" }]);
    expect(c.state?.phase).toBe("idle");
  });

  it("ignores office hours when scheduleType is disabled", () => {
    const c = new Conversation({ queues });
    c.isOpen = () => false;
    expect(texts(c.say("Olá"))).toEqual(["Olá! Escolha um setor:\n\n*1* - Vendas\n*2* - Suporte"]);
  });

  it("queue: the menu is shown; a closed queue chosen answers its own message and the ticket waits in it", () => {
    const c = new Conversation({ queues, settings: { scheduleType: "queue" } });
    c.isOpen = (scope) => !(scope.kind === "queue" && scope.queueId === 2);
    c.say("Olá");
    const d = c.say("2");
    expect(texts(d)).toEqual(["Suporte fechado"]);
    expect(c.ticket).toMatchObject({ queueId: 2, isBot: false, status: "pending" });
    expect(c.say("?").actions).toEqual([{ type: "notHandled", reason: "outOfHoursAnswered" }]);
  });

  it("queue: an open queue goes on with its greeting; a single closed queue answers at once", () => {
    const open = new Conversation({ queues, settings: { scheduleType: "queue" } });
    open.isOpen = (scope) => !(scope.kind === "queue" && scope.queueId === 2);
    open.say("Olá");
    expect(texts(open.say("1"))).toEqual(["Fila Vendas"]);
    const one = new Conversation({ queues: [queue(1, "Vendas")], settings: { scheduleType: "queue", sendGreetingMessageOneQueues: false } });
    one.isOpen = () => false;
    expect(texts(one.say("Olá"))).toEqual(["Vendas fechado"]);
  });

  it("queue: hours closing during the queue's tree stop the bot with the queue's message", () => {
    const c = new Conversation({
      queues: [queue(1, "Vendas", { options: [option(10, "A"), option(11, "B")] })],
      settings: { scheduleType: "queue", sendGreetingMessageOneQueues: false },
    });
    c.isOpen = daytime("queue");
    c.now = at(17);
    c.say("Olá");
    c.now = at(18);
    expect(texts(c.say("1"))).toEqual(["Vendas fechado"]);
    expect(c.ticket.isBot).toBe(false);
  });

  it("queue: a closed rotation queue still asks rotation (no place in line), on entering it and when it closes during its tree", () => {
    const settings = { scheduleType: "queue", sendGreetingMessageOneQueues: false, sendQueuePosition: true, sendQueuePositionMessage: "Posição {{position}}" } as const;
    const entering = new Conversation({ queues: [queue(1, "Vendas", { rotation: true })], settings });
    entering.isOpen = daytime("queue");
    entering.now = at(20);
    const d = entering.say("Olá");
    expect(texts(d)).toEqual(["Vendas fechado"]);
    expect(actionsOf(d, "askRotation")).toEqual([{ type: "askRotation", queueId: 1 }]);
    expect(actionsOf(d, "announcePosition")).toEqual([]);

    const inTree = new Conversation({ queues: [queue(1, "Vendas", { rotation: true, options: [option(10, "A"), option(11, "B")] })], settings });
    inTree.isOpen = daytime("queue");
    inTree.now = at(17);
    inTree.say("Olá");
    inTree.now = at(18);
    expect(actionsOf(inTree.say("1"), "askRotation")).toEqual([{ type: "askRotation", queueId: 1 }]);
  });

  it("a queue-type check never applies the connection's schedule", () => {
    const c = new Conversation({ queues, settings: { scheduleType: "queue" } });
    c.isOpen = (scope) => scope.kind === "queue";
    expect(texts(c.say("Olá"))).toHaveLength(1);
    expect(c.state?.phase).toBe("queueMenu");
  });
});
