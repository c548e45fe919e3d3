import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type BotWorld, botWorld } from "./automation.fixtures.ts";
import { lifecycle } from "./lifecycle.fixtures.ts";

/**
 * Issue 14, customer rating (NPS), as a conversation on the API channel through the real
 * server: resolve with rating -> `nps` and the question; the customer's answer is stored
 * with who attended, the queue and the connection, then the farewell and the close.
 */
let w: BotWorld;
let l: ReturnType<typeof lifecycle>;
const QUESTION = "De 0 a 10, quanto você recomendaria nosso atendimento, {{firstName}}?";
beforeEach(async () => {
  w = await botWorld();
  l = lifecycle(w);
  await w.setting("userRating", "enabled");
});
afterEach(() => w.close());

async function ratedConversation(fields: Record<string, unknown> = {}) {
  const queue = await w.queue({ name: "Suporte" });
  await w.connect({ ratingMessage: QUESTION, complationMessage: "Obrigado, {{firstName}}!", expiresTicketNPS: 30, queueIds: [queue.id], ...fields });
  const { ticketId } = await w.says("Olá");
  await w.settle();
  await l.accept(ticketId);
  return { ticketId, queue };
}

describe("NPS (happy)", () => {
  it("resolve with rating asks the question and waits in nps; a 0-10 answer is stored, then the farewell and the close", async () => {
    const { ticketId, queue } = await ratedConversation();
    const statuses: string[] = [];
    const emit = w.t.kernel.realtime.emit.bind(w.t.kernel.realtime);
    w.t.kernel.realtime.emit = (company, event, payload, room) => {
      const p = payload as { action?: string; ticket?: { id: number; status: string } };
      if (event.endsWith("-ticket") && p.ticket?.id === ticketId && statuses.at(-1) !== p.ticket.status) statuses.push(p.ticket.status);
      emit(company, event, payload, room);
    };
    const asked = await l.resolveWithRating(ticketId);
    expect(asked).toMatchObject({ status: "nps", userRating: null });
    await w.settle();
    expect(w.posted()).toContain("De 0 a 10, quanto você recomendaria nosso atendimento, Ana?");

    await w.says("9");
    await w.settle();
    const ticket = await w.ticket(ticketId);
    expect(ticket).toMatchObject({ status: "closed", userRating: 9, userId: w.admin.user.id });
    expect(await l.ratings()).toEqual([{ ticket_id: ticketId, user_id: w.admin.user.id, queue_id: queue.id, whatsapp_id: w.api.id, rate: 9 }]);
    expect(w.posted().at(-1)).toBe("Obrigado, Ana!");
    expect(await l.logTypes(ticketId)).toEqual(expect.arrayContaining(["nps", "rated", "closed"]));
    // Realtime: the list sees the ticket go to nps, then closed.
    expect(statuses).toEqual(["nps", "closed"]);
    // The API shows it as the list's 1..5 rating, with the answer kept.
    const shown = await w.t.call("GET", `/tickets/${ticketId}`, { token: w.admin.token });
    expect(shown.body.userRating).toEqual({ rate: 5, score: 9 });
  });

  it("the customer's next message after the rating starts a new ticket, even within timeCreateNewTicket", async () => {
    const { ticketId } = await ratedConversation({ timeCreateNewTicket: 60 });
    await l.resolveWithRating(ticketId);
    await w.says("10");
    await w.settle();
    const next = await w.says("valeu!");
    await w.settle();
    expect(next.ticketId).not.toBe(ticketId);
    expect(await w.ticket(ticketId)).toMatchObject({ status: "closed", userRating: 10 });
  });

  it("an invalid answer repeats the question up to maxUseBotQueuesNPS, then the ticket closes unrated with the farewell", async () => {
    const { ticketId } = await ratedConversation({ maxUseBotQueuesNPS: 2 });
    await l.resolveWithRating(ticketId);
    await w.settle();
    await w.says("ótimo atendimento");
    await w.settle();
    expect(await w.ticket(ticketId)).toMatchObject({ status: "nps" });
    expect((await w.botTexts(ticketId)).filter((t) => t.startsWith("De 0 a 10"))).toHaveLength(2);
    await w.says("11");
    await w.settle();
    expect(await w.ticket(ticketId)).toMatchObject({ status: "closed", userRating: null });
    expect(await l.ratings()).toEqual([]);
    expect(w.posted().at(-1)).toBe("Obrigado, Ana!");
  });

  it("two answers at once: the first is the rating, one farewell, one close", async () => {
    const { ticketId } = await ratedConversation();
    await l.resolveWithRating(ticketId);
    await w.settle();
    await w.says("9");
    await w.says("10");
    await w.settle();
    expect(await w.ticket(ticketId)).toMatchObject({ status: "closed", userRating: 9 });
    expect(await l.ratings()).toHaveLength(1);
    expect(w.posted().filter((t) => t === "Obrigado, Ana!")).toHaveLength(1);
  });

  it("'nota 7' and '*8*' read as scores", async () => {
    const { ticketId } = await ratedConversation();
    await l.resolveWithRating(ticketId);
    await w.says("nota 7");
    await w.settle();
    expect(await w.ticket(ticketId)).toMatchObject({ status: "closed", userRating: 7 });
  });
});

describe("NPS on close (issue 32: the original clients resolve with status closed)", () => {
  const questions = () => w.posted().filter((t) => t.startsWith("De 0 a 10"));

  it("closed with the farewell asks the rating like nps: the question, then the answer, the farewell and the close", async () => {
    const { ticketId } = await ratedConversation();
    const asked = await l.put(ticketId, { status: "closed", userId: w.admin.user.id, sendFarewellMessage: true });
    expect(asked).toMatchObject({ status: "nps", userRating: null });
    await w.settle();
    expect(questions()).toEqual(["De 0 a 10, quanto você recomendaria nosso atendimento, Ana?"]);
    expect(w.posted()).not.toContain("Obrigado, Ana!");
    await w.says("8");
    await w.settle();
    expect(await w.ticket(ticketId)).toMatchObject({ status: "closed", userRating: 8 });
    expect(w.posted().at(-1)).toBe("Obrigado, Ana!");
    expect((await l.logTypes(ticketId)).filter((t) => t === "nps")).toHaveLength(1);
  });

  it("closed without sendFarewellMessage asks it too; sendFarewellMessage false closes without question or farewell", async () => {
    const { ticketId } = await ratedConversation();
    expect((await l.put(ticketId, { status: "closed" })).status).toBe("nps");
    await w.settle();
    expect(questions()).toHaveLength(1);

    const other = await w.says("Oi de novo", undefined, "5511977776666");
    await w.settle();
    await l.accept(other.ticketId);
    const before = w.posted().length;
    expect((await l.put(other.ticketId, { status: "closed", sendFarewellMessage: false })).status).toBe("closed");
    await w.settle();
    expect(w.posted()).toHaveLength(before);
  });

  it("our web's unticked rating box (sendRating false) closes with the farewell and no question", async () => {
    const { ticketId } = await ratedConversation();
    expect((await l.put(ticketId, { status: "closed", sendFarewellMessage: true, sendRating: false })).status).toBe("closed");
    await w.settle();
    expect(questions()).toEqual([]);
    expect(w.posted().at(-1)).toBe("Obrigado, Ana!");
  });

  it("a ticket asked once is not asked again when it is reopened and closed", async () => {
    const { ticketId } = await ratedConversation();
    await l.put(ticketId, { status: "closed", sendFarewellMessage: true });
    await w.says("10");
    await w.settle();
    expect(await w.ticket(ticketId)).toMatchObject({ status: "closed", userRating: 10 });
    await l.put(ticketId, { status: "open" });
    expect((await l.put(ticketId, { status: "closed", sendFarewellMessage: true })).status).toBe("closed");
    await w.settle();
    expect(questions()).toHaveLength(1);
  });

  it("without userRating or a ratingMessage, closed closes as before", async () => {
    await w.setting("userRating", "disabled");
    const { ticketId } = await ratedConversation({ ratingMessage: "" });
    expect((await l.put(ticketId, { status: "closed", sendFarewellMessage: true })).status).toBe("closed");
    await w.setting("userRating", "enabled");
    await l.put(ticketId, { status: "open" });
    expect((await l.put(ticketId, { status: "closed", sendFarewellMessage: true })).status).toBe("closed");
    await w.settle();
    expect(questions()).toEqual([]);
  });
});

describe("NPS (when it does not apply)", () => {
  it("without userRating, resolve with rating resolves like closed, with the farewell", async () => {
    await w.setting("userRating", "disabled");
    const { ticketId } = await ratedConversation();
    const res = await l.resolveWithRating(ticketId);
    expect(res.status).toBe("closed");
    await w.settle();
    expect(w.posted().at(-1)).toBe("Obrigado, Ana!");
    expect(w.posted().filter((t) => t.startsWith("De 0 a 10"))).toEqual([]);
  });

  it("without a ratingMessage (userRating enabled after the connection was saved), resolve with rating resolves like closed", async () => {
    await w.setting("userRating", "disabled");
    const { ticketId } = await ratedConversation({ ratingMessage: "" });
    await w.setting("userRating", "enabled");
    expect((await l.resolveWithRating(ticketId)).status).toBe("closed");
  });

  it("an attendant may close a ticket waiting for its rating: closed unrated, nothing sent", async () => {
    const { ticketId } = await ratedConversation();
    await l.resolveWithRating(ticketId);
    await w.settle();
    const before = w.posted().length;
    expect((await l.put(ticketId, { status: "closed" })).status).toBe("closed");
    await w.settle();
    expect(w.posted()).toHaveLength(before);
    expect(await l.logTypes(ticketId)).toContain("closed");
  });
});

describe("NPS expiry (durable)", () => {
  it("no answer within expiresTicketNPS closes the ticket unrated, after a restart", async () => {
    const { ticketId } = await ratedConversation({ expiresTicketNPS: 30 });
    await l.resolveWithRating(ticketId);
    await w.settle();
    await l.idle(ticketId, 20);
    await l.tick();
    expect(await w.ticket(ticketId)).toMatchObject({ status: "nps" });

    await w.restart();
    l = lifecycle(w);
    await l.idle(ticketId, 31);
    await l.tick();
    expect(await w.ticket(ticketId)).toMatchObject({ status: "closed", userRating: null });
    // A second tick (another node, a retried job) finds nothing to do.
    await l.tick();
    expect((await l.logTypes(ticketId)).filter((t) => t === "closed")).toHaveLength(1);
    // A late answer starts a new conversation; the closed one stays unrated.
    const late = await w.says("8");
    await w.settle();
    expect(late.ticketId).not.toBe(ticketId);
    expect(await l.ratings()).toEqual([]);
  });

  it("a rating pending across a restart is still read when the customer answers", async () => {
    const { ticketId } = await ratedConversation();
    await l.resolveWithRating(ticketId);
    await w.restart();
    l = lifecycle(w);
    await w.says("6");
    await w.settle();
    expect(await w.ticket(ticketId)).toMatchObject({ status: "closed", userRating: 6 });
  });

  it("an unset expiresTicketNPS (userRating enabled after the connection was saved) waits 24 hours", async () => {
    await w.setting("userRating", "disabled");
    const { ticketId } = await ratedConversation({ expiresTicketNPS: 0 });
    await w.setting("userRating", "enabled");
    await l.resolveWithRating(ticketId);
    await l.idle(ticketId, 23 * 60);
    await l.tick();
    expect((await w.ticket(ticketId)).status).toBe("nps");
    await l.idle(ticketId, 24 * 60 + 1);
    await l.tick();
    expect((await w.ticket(ticketId)).status).toBe("closed");
  });
});
