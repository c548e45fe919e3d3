import { describe, expect, it } from "vitest";
import { Conversation, queue } from "./engine.fixtures.ts";
import { decideInbound } from "./decide-inbound.ts";
import { skipReason, whoHandles } from "./skip-reason.ts";

const queues = [queue(1, "Vendas"), queue(2, "Suporte")];
const reasonOf = (c: Conversation, fromMe = false) => decideInbound(c.snapshot(), { body: "Olá", fromMe }).actions;

describe("who is handled", () => {
  it("handles a customer's message on a new pending ticket", () => {
    const c = new Conversation({ queues });
    expect(c.say("Olá").actions.some((a) => a.type === "send")).toBe(true);
  });

  it("leaves messages sent from our side alone", () => {
    expect(reasonOf(new Conversation({ queues }), true)).toEqual([{ type: "notHandled", reason: "fromMe" }]);
  });

  it("never touches a ticket an attendant holds, nor an open or closed one", () => {
    expect(reasonOf(new Conversation({ queues, ticket: { status: "open", userId: 7 } }))).toEqual([{ type: "notHandled", reason: "attended" }]);
    expect(reasonOf(new Conversation({ queues, ticket: { status: "pending", userId: 7 } }))).toEqual([{ type: "notHandled", reason: "attended" }]);
    expect(reasonOf(new Conversation({ queues, ticket: { status: "closed" } }))).toEqual([{ type: "notHandled", reason: "attended" }]);
    expect(reasonOf(new Conversation({ queues, ticket: { status: "open" } }))).toEqual([{ type: "notHandled", reason: "attended" }]);
  });

  it("goes on with a ticket still with the bot", () => {
    expect(
      skipReason({
        ticket: { status: "group", userId: null, isGroup: true, holder: "bot" },
        contact: { disableBot: false },
        inbound: { fromMe: false },
        groupAsTicket: () => true,
      }),
    ).toBeNull();
  });

  it("leaves a contact whose bot is disabled, and a ticket an integration is in charge of", () => {
    expect(reasonOf(new Conversation({ queues, contact: { disableBot: true } }))).toEqual([{ type: "notHandled", reason: "botDisabled" }]);
    expect(reasonOf(new Conversation({ queues, ticket: { holder: "integration:3" } }))).toEqual([{ type: "notHandled", reason: "integration" }]);
    // The spec's useIntegration switch turned on by hand: a handler is in charge, none named.
    expect(reasonOf(new Conversation({ queues, ticket: { holder: "integration" } }))).toEqual([{ type: "notHandled", reason: "integration" }]);
  });

  it("handles groups only when the connection treats groups as tickets", () => {
    expect(reasonOf(new Conversation({ queues, ticket: { isGroup: true } }))).toEqual([{ type: "notHandled", reason: "group" }]);
    const asTicket = new Conversation({ queues, ticket: { isGroup: true }, connection: { groupAsTicket: true } });
    expect(asTicket.say("Olá").actions.some((a) => a.type === "send")).toBe(true);
  });

  it("reads groupAsTicket only for group tickets (the fast path loads no connection)", () => {
    let asked = 0;
    const gate = {
      ticket: { status: "pending" as const, userId: null, isGroup: false, holder: null },
      contact: { disableBot: false },
      inbound: { fromMe: false },
    };
    skipReason({
      ...gate,
      groupAsTicket: () => {
        asked++;
        return false;
      },
    });
    expect(asked).toBe(0);
  });

  it("keeps the state untouched when it skips", () => {
    const c = new Conversation({ queues });
    c.say("Olá");
    const before = structuredClone(c.state);
    c.ticket.userId = 3;
    c.say("2");
    expect(c.state).toEqual(before);
  });

  it("on the holder, in one place: a handler's ticket is the handler's, an attendant's nobody's (issue 24)", () => {
    const gate = (holder: string | null, over: { userId?: number | null; status?: string; disableBot?: boolean } = {}) =>
      whoHandles({
        ticket: { status: over.status ?? "pending", userId: over.userId ?? null, isGroup: false, holder },
        contact: { disableBot: over.disableBot ?? false },
        inbound: { fromMe: false },
        groupAsTicket: () => false,
      });
    expect(gate("integration:4")).toEqual({ by: "handler", kind: "integration", ref: "4" });
    expect(gate("flow:12")).toEqual({ by: "handler", kind: "flow", ref: "12" });
    // The spec's useIntegration switch: a handler in charge, none named.
    expect(gate("integration")).toEqual({ by: "handler", kind: "integration", ref: "" });
    expect(gate("integration:4", { disableBot: true })).toEqual({ by: "nobody", reason: "botDisabled" });
    expect(gate("attendant")).toEqual({ by: "nobody", reason: "attended" });
    expect(gate("integration:4", { userId: 3, status: "open" })).toEqual({ by: "nobody", reason: "attended" });
    expect(gate("bot", { status: "group" })).toEqual({ by: "bot" });
    expect(gate(null)).toEqual({ by: "bot" });
    // Rating and consent answers are the bot's whoever holds the ticket.
    expect(gate("attendant", { userId: 3, status: "nps" })).toEqual({ by: "bot" });
  });
});
