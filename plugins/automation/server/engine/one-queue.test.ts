import { describe, expect, it } from "vitest";
import { actionsOf, Conversation, kinds, option, queue, texts } from "./engine.fixtures.ts";

describe("a connection with one queue", () => {
  it("puts the ticket in it at once, with the connection's greeting then the queue's", () => {
    const c = new Conversation({ queues: [queue(5, "Vendas")] });
    const d = c.say("Olá");
    expect(texts(d)).toEqual(["Olá! Escolha um setor:", "Fila Vendas"]);
    expect(kinds(d)).toEqual(["send", "setQueue", "log", "send"]);
    expect(actionsOf(d, "log")).toEqual([{ type: "log", log: "queue", queueId: 5 }]);
    expect(c.ticket.queueId).toBe(5);
    expect(c.ticket.isBot).toBe(false);
    expect(c.state?.phase).toBe("waiting");
  });

  it("leaves the connection's greeting out when sendGreetingMessageOneQueues is off", () => {
    const c = new Conversation({ queues: [queue(5, "Vendas")], settings: { sendGreetingMessageOneQueues: false } });
    expect(texts(c.say("Olá"))).toEqual(["Fila Vendas"]);
  });

  it("sends the greeting media with the connection's greeting", () => {
    const c = new Conversation({ queues: [queue(5, "Vendas")], connection: { greetingMedia: "/public/company1/hello.jpg" } });
    expect(actionsOf(c.say("Olá"), "send")[0]).toEqual({ type: "send", text: "Olá! Escolha um setor:", media: "/public/company1/hello.jpg" });
  });

  it("answers nothing more once the ticket waits in its queue", () => {
    const c = new Conversation({ queues: [queue(5, "Vendas")] });
    c.say("Olá");
    expect(c.say("Alguém aí?").actions).toEqual([{ type: "notHandled", reason: "waiting" }]);
  });

  it("closes the ticket after the greeting of a queue marked closeTicket", () => {
    const c = new Conversation({ queues: [queue(5, "Horários", { greetingMessage: "Abrimos às 8h.", closeTicket: true })], settings: { sendGreetingMessageOneQueues: false } });
    const d = c.say("Olá");
    expect(texts(d)).toEqual(["Abrimos às 8h."]);
    expect(kinds(d)).toContain("closeTicket");
    expect(c.ticket.status).toBe("closed");
  });

  it("starts the queue's option tree with the queue's greeting as its heading", () => {
    const c = new Conversation({ queues: [queue(5, "Vendas", { options: [option(10, "Planos"), option(11, "Preços")] })], settings: { sendGreetingMessageOneQueues: false } });
    const d = c.say("Olá");
    expect(texts(d)).toEqual(["Fila Vendas\n\n*1* - Planos\n*2* - Preços"]);
    expect(c.ticket.isBot).toBe(true);
    expect(actionsOf(d, "log").map((l) => l.log)).toEqual(["queue", "chatBot"]);
  });

  it("leaves a ticket that already has a queue (an import, a transfer) to its attendants", () => {
    const c = new Conversation({ queues: [queue(5, "Vendas")], ticket: { queueId: 5 } });
    expect(c.say("Olá").actions).toEqual([{ type: "notHandled", reason: "waiting" }]);
    expect(c.state?.phase).toBe("waiting");
  });
});

describe("a connection without queues", () => {
  it("sends its greeting once", () => {
    const c = new Conversation({ queues: [] });
    expect(texts(c.say("Olá"))).toEqual(["Olá! Escolha um setor:"]);
    expect(c.say("Oi?").actions).toEqual([{ type: "notHandled", reason: "waiting" }]);
  });

  it("does nothing when there is no greeting either", () => {
    const c = new Conversation({ queues: [], connection: { greetingMessage: "" } });
    expect(c.say("Olá").actions).toEqual([{ type: "notHandled", reason: "nothingConfigured" }]);
  });
});
