import { describe, expect, it } from "vitest";
import { actionsOf, Conversation, kinds, queue, texts } from "./engine.fixtures.ts";
import { positionText } from "./queue-position.ts";

const queues = [queue(1, "Vendas", { rotation: true }), queue(2, "Suporte")];

describe("wallets (DirectTicketsToWallets)", () => {
  it("gives a contact with a wallet owner straight to that attendant, without a menu", () => {
    const c = new Conversation({ queues, settings: { directTicketsToWallets: true }, contact: { walletUserId: 4 } });
    const d = c.say("Olá");
    expect(texts(d)).toEqual([]);
    expect(actionsOf(d, "assignUser")).toEqual([{ type: "assignUser", userId: 4 }]);
    expect(c.ticket).toMatchObject({ status: "open", userId: 4, isBot: false });
  });

  it("also puts the ticket in the connection's only queue", () => {
    const c = new Conversation({ queues: queues.slice(1), settings: { directTicketsToWallets: true }, contact: { walletUserId: 4 } });
    expect(kinds(c.say("Olá"))).toEqual(["setQueue", "log", "assignUser"]);
  });

  it("is ignored when the setting is off or the contact has no owner", () => {
    expect(actionsOf(new Conversation({ queues, contact: { walletUserId: 4 } }).say("Olá"), "assignUser")).toEqual([]);
    expect(actionsOf(new Conversation({ queues, settings: { directTicketsToWallets: true } }).say("Olá"), "assignUser")).toEqual([]);
  });
});

describe("queue position (sendQueuePosition)", () => {
  const settings = { sendQueuePosition: true, sendQueuePositionMessage: "Você é o {{position}}º da fila." };

  it("asks the wiring to announce the place once the ticket waits in a queue", () => {
    const c = new Conversation({ queues, settings });
    c.say("Olá");
    const d = c.say("2");
    expect(actionsOf(d, "announcePosition")).toEqual([{ type: "announcePosition", queueId: 2, text: "Você é o {{position}}º da fila." }]);
    expect(kinds(d).indexOf("announcePosition")).toBeGreaterThan(kinds(d).indexOf("send"));
  });

  it("announces nothing when off, without a message, or when an attendant got the ticket", () => {
    const off = new Conversation({ queues, settings: { ...settings, sendQueuePosition: false } });
    off.say("Olá");
    expect(actionsOf(off.say("2"), "announcePosition")).toEqual([]);
    const blank = new Conversation({ queues, settings: { ...settings, sendQueuePositionMessage: "  " } });
    blank.say("Olá");
    expect(actionsOf(blank.say("2"), "announcePosition")).toEqual([]);
    const wallet = new Conversation({ queues, settings: { ...settings, directTicketsToWallets: true }, contact: { walletUserId: 4 } });
    expect(actionsOf(wallet.say("Olá"), "announcePosition")).toEqual([]);
  });

  it("fills the place at {{position}}, or after the text", () => {
    expect(positionText("Você é o {{position}}º da fila.", 3)).toBe("Você é o 3º da fila.");
    expect(positionText("Posição {{ position }} de {{position}}", 2)).toBe("Posição 2 de 2");
    expect(positionText("Sua posição na fila:", 3)).toBe("Sua posição na fila: *3*");
  });
});

describe("rotation (ativarRoteador)", () => {
  it("asks for rotation when the ticket waits in a queue that has it, and not otherwise", () => {
    const c = new Conversation({ queues });
    c.say("Olá");
    expect(actionsOf(c.say("1"), "askRotation")).toEqual([{ type: "askRotation", queueId: 1 }]);
    const d = new Conversation({ queues });
    d.say("Olá");
    expect(actionsOf(d.say("2"), "askRotation")).toEqual([]);
  });
});
