import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { messages, tickets } from "../../schema/tables.ts";
import { apiCustomerWorld, type ApiCustomerWorld } from "../testing/api-customer.fixtures.ts";
import { TicketViews } from "./tickets-views.ts";

/**
 * The automatic texts of the ticket lifecycle (issue 14: farewell, accept greeting, transfer
 * notice, closeTicketOnTransfer), driven through PUT /tickets/{id} on API-channel tickets and
 * checked where the customer gets them: the connection's webhook.
 */
let w: ApiCustomerWorld;
beforeAll(async () => {
  w = await apiCustomerWorld();
});
afterAll(() => w.close());

const setting = (column: string, value: string) => w.t.kernel.settings.setCompany(w.companyId, column, value);
const setFarewell = async (complationMessage: string) => {
  const res = await w.t.call("PUT", `/whatsapp/${w.api.id}`, { token: w.admin.token, body: { complationMessage } });
  expect(res.status).toBe(200);
};
/** A customer's ticket, accepted by the admin (open, no automatic text). */
const openTicket = async (name: string, queueId: number | null = null) => {
  const id = await w.customerWrites(name);
  const res = await w.put(w.admin.token, id, { status: "open", userId: w.admin.user.id, ...(queueId ? { queueId } : {}) });
  expect(res.status).toBe(200);
  return id;
};
/** A customer's pending ticket already in `queueId`, as the bot's menu would leave it: a plain user of that queue may take it. */
const waitingIn = async (name: string, queueId: number) => {
  const id = await w.customerWrites(name);
  await w.t.kernel.db.update(tickets).set({ queueId }).where(eq(tickets.id, id));
  return id;
};
const storedBodies = async (ticketId: number) =>
  (
    await w.t.kernel.db
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true)))
  ).map((m) => m.body);

beforeEach(async () => {
  await setting("sendGreetingAccepted", "disabled");
  await setting("sendFarewellWaitingTicket", "disabled");
  await setting("sendMsgTransfTicket", "disabled");
  await setting("closeTicketOnTransfer", "false");
  await setFarewell("");
  w.events.length = 0;
});

describe("farewell on resolve (happy)", () => {
  it("sends the connection's complationMessage with its variables, stored and announced, after the close", async () => {
    await setFarewell("Obrigado, {{firstName}}! Protocolo #{{ticket_id}}, atendido por {{user}}.");
    const id = await openTicket("Maria Souza");
    const mark = await w.mark();
    w.events.length = 0;
    const res = await w.put(w.admin.token, id, { status: "closed", userId: w.admin.user.id, sendFarewellMessage: true });
    expect(res.body.status).toBe("closed");
    const text = `Obrigado, Maria! Protocolo #${id}, atendido por ${w.admin.user.name}.`;
    expect(await w.sentSince(mark)).toEqual([{ ticketId: id, body: text }]);
    expect(await storedBodies(id)).toEqual([text]);
    expect(await w.logTypes(id)).toContain("closed");
    // The close is announced first, then the farewell as a new message of the closed ticket.
    const mine = w.events.filter((e) => (e.event === `company-${w.companyId}-ticket` && e.payload.action === "update") || e.event === `company-${w.companyId}-appMessage`);
    expect(mine[0]!.payload).toMatchObject({ action: "update", ticket: { id, status: "closed" } });
    expect(mine.find((e) => e.event.endsWith("-appMessage"))!.payload).toMatchObject({ action: "create", message: { body: text, fromMe: true } });
  });

  it("the resolving user's farewellMessage wins over the connection's", async () => {
    await setFarewell("Mensagem da conexão");
    const u = await w.attendant([w.queueA.id]);
    // Saved from the user's own profile (the users plugin writes it through tickets.setFarewellMessage).
    const saved = await w.t.call("PUT", `/users/${u.user.id}`, { token: u.token, body: { farewellMessage: "Até logo, {{name}}! {{user}}" } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const id = await waitingIn("Joana Lima", w.queueA.id);
    expect((await w.put(u.token, id, { status: "open", queueId: w.queueA.id })).status).toBe(200);
    const mark = await w.mark();
    expect((await w.put(u.token, id, { status: "closed", userId: u.user.id, sendFarewellMessage: true })).body.status).toBe("closed");
    expect(await w.sentSince(mark)).toEqual([{ ticketId: id, body: `Até logo, Joana Lima! ${u.user.name}` }]);
  });

  it("sendFarewellWaitingTicket enabled: ignoring a pending ticket says goodbye too", async () => {
    await setFarewell("Obrigado pelo contato, {{firstName}}");
    await setting("sendFarewellWaitingTicket", "enabled");
    const id = await w.customerWrites("Paula Reis");
    const mark = await w.mark();
    // The web's ignore button sends sendFarewellMessage false: the setting decides for pending tickets.
    expect((await w.put(w.admin.token, id, { status: "closed", sendFarewellMessage: false })).body.status).toBe("closed");
    expect(await w.sentSince(mark)).toEqual([{ ticketId: id, body: "Obrigado pelo contato, Paula" }]);
  });
});

describe("farewell on resolve: when none is sent", () => {
  it("resolving without the farewell, or with an empty message, sends nothing", async () => {
    await setFarewell("Tchau");
    const a = await openTicket("Sem Despedida");
    const mark = await w.mark();
    expect((await w.put(w.admin.token, a, { status: "closed", sendFarewellMessage: false })).body.status).toBe("closed");
    await setFarewell("   ");
    const b = await openTicket("Mensagem Vazia");
    expect((await w.put(w.admin.token, b, { status: "closed", sendFarewellMessage: true })).body.status).toBe("closed");
    expect(await w.sentSince(mark)).toEqual([]);
  });

  it("sendFarewellWaitingTicket disabled: ignoring a pending ticket sends nothing", async () => {
    await setFarewell("Tchau");
    const id = await w.customerWrites("Esperando");
    const mark = await w.mark();
    expect((await w.put(w.admin.token, id, { status: "closed", sendFarewellMessage: true })).body.status).toBe("closed");
    expect(await w.sentSince(mark)).toEqual([]);
  });

  it("a group ticket gets no farewell", async () => {
    await setFarewell("Tchau");
    const id = await openTicket("Grupo da Família");
    await w.t.kernel.db.update(tickets).set({ isGroup: true, status: "group" }).where(eq(tickets.id, id));
    const mark = await w.mark();
    expect((await w.put(w.admin.token, id, { status: "closed", sendFarewellMessage: true })).body.status).toBe("closed");
    expect(await w.sentSince(mark)).toEqual([]);
  });

  it("close all sends no farewell", async () => {
    await setFarewell("Tchau");
    const id = await openTicket("Fechar Todos");
    const mark = await w.mark();
    expect((await w.t.call("POST", "/tickets/closeAll", { token: w.admin.token, body: { status: "open" } })).status).toBe(200);
    expect((await w.row(id))?.status).toBe("closed");
    expect(await w.sentSince(mark)).toEqual([]);
  });

  it("a resolve that loses to a concurrent change sends no farewell", async () => {
    await setFarewell("Tchau");
    const id = await openTicket("Corrida");
    const mark = await w.mark();
    const [first, second] = await Promise.all([
      w.put(w.admin.token, id, { status: "closed", sendFarewellMessage: true }),
      w.put(w.admin.token, id, { status: "closed", sendFarewellMessage: true }),
    ]);
    // The second either saw it closed already (nothing to do) or lost the conditional update (409).
    expect([first.status, second.status].filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(await w.sentSince(mark)).toEqual([{ ticketId: id, body: "Tchau" }]);
  });
});

describe("accept greeting through the API channel", () => {
  it("sendGreetingAccepted sends greetingAcceptedMessage with the accepting user's name", async () => {
    await setting("sendGreetingAccepted", "enabled");
    await setting("greetingAcceptedMessage", "{{ms}}, {{firstName}}! Sou {{user}} e vou te atender.");
    const u = await w.attendant([w.queueA.id]);
    const id = await waitingIn("Carla Dias", w.queueA.id);
    const mark = await w.mark();
    expect((await w.put(u.token, id, { status: "open", queueId: w.queueA.id })).body).toMatchObject({ status: "open", userId: u.user.id });
    const [sent] = await w.sentSince(mark);
    expect(sent).toEqual({ ticketId: id, body: expect.stringMatching(new RegExp(`^(Bom dia|Boa tarde|Boa noite), Carla! Sou ${u.user.name} e vou te atender\\.$`)) });
    expect(await storedBodies(id)).toEqual([sent!.body]);
  });

  it("nothing when sendGreetingAccepted is disabled", async () => {
    await setting("greetingAcceptedMessage", "Olá");
    const id = await w.customerWrites("Sem Saudação");
    const mark = await w.mark();
    expect((await w.put(w.admin.token, id, { status: "open" })).status).toBe(200);
    expect(await w.sentSince(mark)).toEqual([]);
  });
});

describe("transfer notice (sendMsgTransfTicket)", () => {
  it("tells the customer the target queue and attendant, legacy dollar-brace form included, after the attendant's own message", async () => {
    await setting("sendMsgTransfTicket", "enabled");
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a legacy placeholder saved by older versions
    await setting("transferMessage", "Você foi transferido para ${queue.name} ({{queue}}), com {{user}}.");
    const target = await w.attendant([w.queueB.id]);
    const id = await openTicket("Bruna Alves", w.queueA.id);
    const mark = await w.mark();
    const res = await w.put(w.admin.token, id, { queueId: w.queueB.id, userId: target.user.id, status: "open", isTransfered: true, msgTransfer: "Um momento, {{firstName}}" });
    expect(res.body).toMatchObject({ id, status: "open", queueId: w.queueB.id, userId: target.user.id });
    expect(await w.sentSince(mark)).toEqual([
      { ticketId: id, body: "Um momento, Bruna" },
      { ticketId: id, body: `Você foi transferido para ${w.queueB.name} (${w.queueB.name}), com ${target.user.name}.` },
    ]);
    expect((await w.logTypes(id)).slice(-3)).toEqual(["transfered", "queue", "receivedTransfer"]);
  });

  it("to a queue only: {{user}} is empty; nothing when the setting is disabled or nothing changes", async () => {
    await setting("sendMsgTransfTicket", "enabled");
    await setting("transferMessage", "Fila {{queue}}, atendente '{{user}}'");
    const id = await openTicket("Fila Apenas", w.queueA.id);
    const mark = await w.mark();
    expect((await w.put(w.admin.token, id, { queueId: w.queueB.id, userId: null, isTransfered: true })).body).toMatchObject({ status: "pending", userId: null });
    expect(await w.sentSince(mark)).toEqual([{ ticketId: id, body: `Fila ${w.queueB.name}, atendente ''` }]);

    const again = await w.mark();
    expect((await w.put(w.admin.token, id, { queueId: w.queueB.id, userId: null, isTransfered: true })).status).toBe(200);
    await setting("sendMsgTransfTicket", "disabled");
    expect((await w.put(w.admin.token, id, { queueId: w.queueA.id, userId: null, isTransfered: true })).body.queueId).toBe(w.queueA.id);
    expect(await w.sentSince(again)).toEqual([]);
  });
});

describe("closeTicketOnTransfer", () => {
  it("closes the old ticket and opens a new one in the target, logged and announced; the contact keeps one live ticket", async () => {
    await setting("closeTicketOnTransfer", "true");
    await setting("sendMsgTransfTicket", "enabled");
    await setting("transferMessage", "Agora com {{user}} em {{queue}}");
    const target = await w.attendant([w.queueB.id]);
    const old = await openTicket("Roberto Nunes", w.queueA.id);
    const mark = await w.mark();
    w.events.length = 0;
    const res = await w.put(w.admin.token, old, { queueId: w.queueB.id, userId: target.user.id, status: "open", isTransfered: true, msgTransfer: "Vou te transferir" });
    expect(res.status).toBe(200);
    const fresh = res.body.id as number;
    expect(fresh).not.toBe(old);
    expect(res.body).toMatchObject({ status: "open", queueId: w.queueB.id, userId: target.user.id });
    expect(await w.row(old)).toMatchObject({ status: "closed", queueId: w.queueA.id, unreadMessages: 0 });

    expect(await w.sentSince(mark)).toEqual([
      { ticketId: old, body: "Vou te transferir" },
      { ticketId: fresh, body: `Agora com ${target.user.name} em ${w.queueB.name}` },
    ]);
    expect((await w.logTypes(old)).slice(-2)).toEqual(["transfered", "closed"]);
    expect(await w.logTypes(fresh)).toEqual(["create", "receivedTransfer"]);
    const updates = w.events.filter((e) => e.event === `company-${w.companyId}-ticket` && e.payload.action === "update").map((e) => [e.payload.ticket.id, e.payload.ticket.status]);
    expect(updates).toContainEqual([old, "closed"]);
    expect(updates).toContainEqual([fresh, "open"]);

    const contactId = (await w.row(old))!.contactId;
    const live = await w.t.kernel.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.contactId, contactId), inArray(tickets.status, ["open", "pending", "group"])));
    expect(live.map((x) => x.id)).toEqual([fresh]);
  });

  it("to a queue only, the new ticket waits there; the customer's next message lands on it", async () => {
    await setting("closeTicketOnTransfer", "true");
    const old = await openTicket("Luana Prado", w.queueA.id);
    const res = await w.put(w.admin.token, old, { queueId: w.queueB.id, userId: null, isTransfered: true });
    expect(res.body).toMatchObject({ status: "pending", queueId: w.queueB.id, userId: null });
    expect(await w.logTypes(res.body.id)).toEqual(["create"]);
    const number = (await w.t.call("GET", `/tickets/${old}`, { token: w.admin.token })).body.contact.number;
    const next = await w.t.call("POST", "/channels/api/inbound", {
      body: { id: `after-${old}`, number, body: "Ainda estou aqui" },
      headers: { authorization: `Bearer ${w.api.token}` },
    });
    expect(next.body.ticketId).toBe(res.body.id);
  });

  it("a transfer that changes nothing keeps the ticket", async () => {
    await setting("closeTicketOnTransfer", "true");
    const id = await openTicket("Mesma Fila", w.queueA.id);
    const res = await w.put(w.admin.token, id, { queueId: w.queueA.id, userId: w.admin.user.id, status: "open", isTransfered: true });
    expect(res.body).toMatchObject({ id, status: "open" });
  });

  it("a transfer of a ticket someone changed meanwhile answers 409, sends nothing and opens nothing", async () => {
    await setting("closeTicketOnTransfer", "true");
    await setting("sendMsgTransfTicket", "enabled");
    await setting("transferMessage", "Transferido");
    const id = await openTicket("Conflito", w.queueA.id);
    const mark = await w.mark();
    // The transfer has read the open ticket when another request returns it to the queue.
    const spy = vi.spyOn(TicketViews.prototype, "canOpen").mockImplementationOnce(async () => {
      await w.t.kernel.db.update(tickets).set({ status: "pending", userId: null }).where(eq(tickets.id, id));
      return true;
    });
    const res = await w.put(w.admin.token, id, { queueId: w.queueB.id, userId: null, isTransfered: true, msgTransfer: "Vou te transferir" });
    spy.mockRestore();
    expect(res.status).toBe(409);
    expect(JSON.parse(res.body.message)).toMatchObject({ id, status: "pending" });
    const contactId = (await w.row(id))!.contactId;
    const all = await w.t.kernel.db.select().from(tickets).where(eq(tickets.contactId, contactId));
    expect(all.map((x) => [x.id, x.status])).toEqual([[id, "pending"]]);
    expect(await w.sentSince(mark)).toEqual([]);
  });
});
