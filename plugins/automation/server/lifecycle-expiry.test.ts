import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type BotWorld, botWorld } from "./automation.fixtures.ts";
import { lifecycle } from "./lifecycle.fixtures.ts";

/**
 * Issue 14, expiry and inactivity (the tickets plugin's expiry tick) and timeCreateNewTicket
 * (its inbound pipeline), as conversations on the API channel: expiresTicket (hours) by
 * anyone's or the attendant's last message, the inactivity warning first, restarts while an
 * expiry is pending, and a customer writing after a close.
 */
let w: BotWorld;
let l: ReturnType<typeof lifecycle>;
beforeEach(async () => {
  w = await botWorld();
  l = lifecycle(w);
});
afterEach(() => w.close());

async function openConversation(fields: Record<string, unknown>) {
  await w.connect(fields);
  const { ticketId } = await w.says("Olá");
  await w.settle();
  await l.accept(ticketId);
  return ticketId;
}

describe("expiry (happy)", () => {
  it("expiresTicket: an open ticket idle that many hours closes with expiresInactiveMessage, once, after a restart", async () => {
    const id = await openConversation({ expiresTicket: 2, expiresInactiveMessage: "Atendimento #{{ticket_id}} encerrado por inatividade." });
    await l.idle(id, 119);
    await l.tick();
    expect((await w.ticket(id)).status).toBe("open");

    await w.restart();
    l = lifecycle(w);
    await l.idle(id, 121);
    await l.tick();
    await l.tick();
    expect((await w.ticket(id)).status).toBe("closed");
    expect(w.posted()).toEqual([`Atendimento #${id} encerrado por inatividade.`]);
    const types = await l.logTypes(id);
    expect(types.filter((t) => t === "closed")).toHaveLength(1);
    expect(types).toContain("expired");
  });

  it("the text an expiry owes survives a restart between the close and its sending (the outbox), and goes once", async () => {
    const id = await openConversation({ expiresTicket: 1, expiresInactiveMessage: "Encerrado por inatividade." });
    await l.idle(id, 61);
    await w.settle();
    // Only the tick runs: its text job is written with the close but not run yet.
    await w.t.kernel.jobs.enqueue("tickets.expiry", {}, { dedupeKey: "outbox-test" });
    expect(await w.t.kernel.jobs.runDue()).toBe(1);
    expect((await w.ticket(id)).status).toBe("closed");
    expect(w.posted()).toEqual([]);
    await w.restart();
    l = lifecycle(w);
    await w.settle();
    await l.tick();
    expect(w.posted()).toEqual(["Encerrado por inatividade."]);
  });

  it("a message restarts the clock: the customer writing keeps the ticket open", async () => {
    const id = await openConversation({ expiresTicket: 1 });
    await l.idle(id, 61);
    await w.says("ainda estou aqui");
    await l.tick();
    expect((await w.ticket(id)).status).toBe("open");
  });

  it("whenExpiresTicket '1' counts only the attendant's messages: the customer writing does not keep it open", async () => {
    const id = await openConversation({ expiresTicket: 1, whenExpiresTicket: "1" });
    await l.agentIdle(id, 61);
    await w.says("alguém aí?");
    await l.tick();
    expect((await w.ticket(id)).status).toBe("closed");
  });

  it("whenExpiresTicket '1': the attendant's message restarts it", async () => {
    const id = await openConversation({ expiresTicket: 1, whenExpiresTicket: "1" });
    await l.agentIdle(id, 61);
    const sent = await w.t.call("POST", `/messages/${id}`, { token: w.admin.token, body: { body: "Estou verificando" } });
    expect(sent.status).toBe(200);
    await l.tick();
    expect((await w.ticket(id)).status).toBe("open");
  });

  it("timeInactiveMessage warns once with inactiveMessage before the close", async () => {
    const id = await openConversation({ expiresTicket: 2, timeInactiveMessage: 30, inactiveMessage: "{{firstName}}, ainda está aí?", expiresInactiveMessage: "Encerrado." });
    await l.idle(id, 31);
    await l.tick();
    await l.tick();
    expect((await w.ticket(id)).status).toBe("open");
    expect(w.posted()).toEqual(["Ana, ainda está aí?"]);
    expect(await l.logTypes(id)).toContain("inactive");
    // The customer answers: a new idle stretch warns again.
    await w.says("sim");
    await l.idle(id, 31);
    await l.tick();
    expect(w.posted()).toEqual(["Ana, ainda está aí?", "Ana, ainda está aí?"]);
    await l.idle(id, 121);
    await l.tick();
    expect((await w.ticket(id)).status).toBe("closed");
    expect(w.posted().at(-1)).toBe("Encerrado.");
  });

  it("pending tickets and connections without expiresTicket never expire", async () => {
    await w.connect({ expiresTicket: 0 });
    const { ticketId: open } = await w.says("Olá");
    await l.accept(open);
    await l.idle(open, 10_000);
    await l.tick();
    expect((await w.ticket(open)).status).toBe("open");
  });
});

describe("timeCreateNewTicket", () => {
  it("a customer writing within timeCreateNewTicket minutes of the close reopens the old ticket, with its attendant", async () => {
    const id = await openConversation({ timeCreateNewTicket: 10 });
    await l.put(id, { status: "closed", userId: w.admin.user.id });
    const again = await w.says("esqueci uma coisa");
    await w.settle();
    expect(again.ticketId).toBe(id);
    expect(await w.ticket(id)).toMatchObject({ status: "open", userId: w.admin.user.id });
    expect(await l.logTypes(id)).toContain("reopen");
  });

  it("after timeCreateNewTicket minutes the customer gets a new ticket", async () => {
    const id = await openConversation({ timeCreateNewTicket: 10 });
    await l.put(id, { status: "closed", userId: w.admin.user.id });
    await l.idle(id, 11);
    const again = await w.says("oi de novo");
    expect(again.ticketId).not.toBe(id);
    expect((await w.ticket(id)).status).toBe("closed");
  });

  it("with timeCreateNewTicket 0 every message after a close starts a new ticket", async () => {
    const id = await openConversation({ timeCreateNewTicket: 0 });
    await l.put(id, { status: "closed", userId: w.admin.user.id });
    expect((await w.says("oi")).ticketId).not.toBe(id);
  });
});
