import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../../../../core/db/tables.ts";
import { qualifiedKind } from "../../../../core/jobs/jobs.ts";
import { createCompanyWithAdmin, createUser } from "../../../../tests/support/fixtures.ts";
import { messages, tickets } from "../../schema/tables.ts";
import { DELIVER_JOB } from "../delivery/deliver.ts";
import { FAKE_CHANNEL, FakeDriver, file, jobsOf, receive, runJobsNow } from "../messages/messages.fixtures.ts";
import { createConnection, ticketsKernel } from "../testing/tickets.fixtures.ts";
import type { MessageRow } from "../tickets.contract.ts";

/**
 * Every path that writes an outbound message goes through the one outbound write
 * (outbound-write.ts): each is driven the way its caller drives it, for a customer whose
 * name itself holds a placeholder ("Ana {{user}}"), so a path that filled the variables
 * twice would show the attendant's name inside the customer's; signatures appear once;
 * and each message is stored with its delivery outbox row and delivered as stored.
 */
type World = Awaited<ReturnType<typeof world>>;
let w: World;
beforeAll(async () => {
  w = await world();
});
afterAll(() => w.t.close());

let numbers = 0;
async function world() {
  const t = await ticketsKernel();
  const driver = new FakeDriver();
  t.kernel.services.require("channels.registerDriver")(driver);
  const a = await createCompanyWithAdmin(t, "Alfa");
  await t.kernel.settings.setCompany(a.company.id, "sendSignMessage", "enabled");
  const connection = await createConnection(t, a.token, { channel: FAKE_CHANNEL, name: "Loja" });
  const bia = await createUser(t, a.company.id, { name: "Bia" });
  const queue = (await t.call("POST", "/queue", { token: a.token, body: { name: "Vendas", color: "#aa0000" } })).body as { id: number };
  return { t, driver, a, connection, bia, queue };
}

/** A new customer "Ana {{user}}" with a pending ticket (its first message received); `userId` makes it open and theirs. */
async function customer(userId: number | null = null) {
  const number = `55119000000${++numbers}`;
  const first = await receive(w.t, { companyId: w.a.company.id, whatsappId: w.connection.id, providerId: `in-${number}`, from: { number, name: "Ana {{user}}" }, body: "oi" });
  if (userId !== null) await w.t.kernel.db.update(tickets).set({ status: "open", userId }).where(eq(tickets.id, first.ticket.id));
  return { ticketId: first.ticket.id, contactId: first.contact.id, number };
}

const outbound = (ticketId: number) =>
  w.t.kernel.db
    .select()
    .from(messages)
    .where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true)))
    .orderBy(messages.id);
const signatures = (body: string, name: string) => body.split(`*${name}:*\n`).length - 1;

/** Stored with its outbox row, lastMessage follows the ticket's last one, and the driver gets exactly the stored text. */
async function expectDelivered(m: MessageRow, last = true) {
  expect(m).toMatchObject({ fromMe: true, ack: 0, isPrivate: false });
  expect(await jobsOf(w.t, DELIVER_JOB, m.id)).toHaveLength(1);
  const [ticket] = await w.t.kernel.db.select().from(tickets).where(eq(tickets.id, m.ticketId));
  if (last) expect(ticket!.lastMessage).toBe(m.body || JSON.parse(m.dataJson ?? "{}").fileName);
  await runJobsNow(w.t);
  expect(w.driver.sends.find((s) => s.message.id === m.id)?.message.body).toBe(m.body);
}

describe("the composer", () => {
  it("POST /messages/{ticketId}: variables filled once, then the attendant's signature once", async () => {
    const c = await customer(w.a.user.id);
    const res = await w.t.call("POST", `/messages/${c.ticketId}`, { token: w.a.token, body: { body: "Oi {{name}}, aqui é {{user}}", signMessage: true } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [m] = await outbound(c.ticketId);
    expect(m!.body).toBe(`*${w.a.user.name}:*\nOi Ana {{user}}, aqui é ${w.a.user.name}`);
    await expectDelivered(m!);
  });

  it("a text that already carries the attendant's signature (a quick reply that has it) is signed once", async () => {
    const c = await customer(w.a.user.id);
    const res = await w.t.call("POST", `/messages/${c.ticketId}`, { token: w.a.token, body: { body: `*${w.a.user.name}:*\nJá assinado`, signMessage: true } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(signatures(res.body.body, w.a.user.name)).toBe(1);
  });

  it("media upload: the caption on the first file filled once and signed once; the next file has neither", async () => {
    const c = await customer(w.a.user.id);
    const form = new FormData();
    form.append("body", "Segue, {{firstName}}: {{name}}");
    form.append("signMessage", "true");
    form.append("medias", file("a.png", "image/png", 10));
    form.append("medias", file("b.pdf", "application/pdf", 10));
    const res = await w.t.call("POST", `/messages/${c.ticketId}`, { token: w.a.token, body: form });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [first, second] = await outbound(c.ticketId);
    expect(first).toMatchObject({ body: `*${w.a.user.name}:*\nSegue, Ana: Ana {{user}}`, mediaType: "image" });
    expect(second).toMatchObject({ body: "", mediaType: "application" });
    await expectDelivered(first!, false);
    await expectDelivered(second!);
  });

  it("forward: the copy keeps its text (no variables) and one's own signed message is not signed twice", async () => {
    const source = await customer(w.a.user.id);
    const signed = await w.t.call("POST", `/messages/${source.ticketId}`, { token: w.a.token, body: { body: "Promoção {{name}}", signMessage: true } });
    const target = await customer(w.a.user.id);
    const res = await w.t.call("POST", "/message/forward", { token: w.a.token, body: { messageId: signed.body.id, contactId: target.contactId, signMessage: true } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ body: signed.body.body, isForwarded: true });
    expect(signatures(res.body.body, w.a.user.name)).toBe(1);
    const [m] = await outbound(target.ticketId);
    await expectDelivered(m!);
  });
});

describe("automatic texts (no author)", () => {
  it("the accept greeting: {{user}} is the attendant who accepted, the customer's name is not filled again", async () => {
    await w.t.kernel.settings.setCompany(w.a.company.id, "sendGreetingAccepted", "enabled");
    await w.t.kernel.settings.setCompany(w.a.company.id, "greetingAcceptedMessage", "Olá {{name}}, sou {{user}}");
    const c = await customer();
    // Accepting takes the ticket for the caller.
    const res = await w.t.call("PUT", `/tickets/${c.ticketId}`, { token: w.a.token, body: { status: "open", userId: w.a.user.id } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await w.t.kernel.settings.setCompany(w.a.company.id, "sendGreetingAccepted", "disabled");
    const [m] = await outbound(c.ticketId);
    expect(m).toMatchObject({ body: `Olá Ana {{user}}, sou ${w.a.user.name}`, userId: null });
    await expectDelivered(m!);
  });

  it("the expiry sweep's inactivity text (its own job): variables once, the legacy user.name form too", async () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: legacy placeholders are plain text here
    const inactiveMessage = "{{name}}, ainda está aí? ${user.name}";
    expect((await w.t.call("PUT", `/whatsapp/${w.connection.id}`, { token: w.a.token, body: { inactiveMessage } })).status).toBe(200);
    const c = await customer(w.bia.user.id);
    await w.t.kernel.jobs.enqueue(qualifiedKind("tickets", "expiry-text"), { ticketId: c.ticketId, text: "inactiveMessage" }, { companyId: w.a.company.id });
    await runJobsNow(w.t);
    const [m] = await outbound(c.ticketId);
    expect(m).toMatchObject({ body: "Ana {{user}}, ainda está aí? Bia", userId: null });
    await expectDelivered(m!);
  });
  it("a text whose variables fill to nothing is not stored, and its job is done (not retried)", async () => {
    expect((await w.t.call("PUT", `/whatsapp/${w.connection.id}`, { token: w.a.token, body: { inactiveMessage: " {{user}} " } })).status).toBe(200);
    const c = await customer();
    await w.t.kernel.jobs.enqueue(qualifiedKind("tickets", "expiry-text"), { ticketId: c.ticketId, text: "inactiveMessage" }, { companyId: w.a.company.id });
    await runJobsNow(w.t);
    expect(await outbound(c.ticketId)).toEqual([]);
    const rows = await w.t.kernel.db
      .select()
      .from(jobs)
      .where(eq(jobs.kind, qualifiedKind("tickets", "expiry-text")));
    expect(rows.filter((j) => JSON.parse(j.payload).ticketId === c.ticketId).map((j) => j.status)).toEqual(["done"]);
  });
});

describe("tickets.sendToContact (schedules, kanban)", () => {
  const send = (input: Partial<Parameters<typeof sendToContact>[0]> & { contactId: number; body: string }) =>
    w.t.kernel.db.transaction((tx) =>
      sendToContact({ companyId: w.a.company.id, whatsappId: w.connection.id, authorId: null, sign: false, openTicket: null, media: null, ...input }, tx),
    );
  let sendToContact: ReturnType<typeof w.t.kernel.services.require<"tickets.sendToContact">>;
  beforeAll(() => {
    sendToContact = w.t.kernel.services.require("tickets.sendToContact");
  });

  it("without an author, {{user}} is the ticket's attendant (as every automatic text), and the name is filled once", async () => {
    const c = await customer(w.bia.user.id);
    const sent = await send({ contactId: c.contactId, body: "Oi {{name}}, {{user}} vai te atender" });
    await sent.announce();
    expect(sent.message).toMatchObject({ ticketId: c.ticketId, body: "Oi Ana {{user}}, Bia vai te atender", userId: null });
    await expectDelivered(sent.message);
  });

  it("with an author who signs: {{user}} is the author, the signature once (also on a text that already has it)", async () => {
    const c = await customer(w.bia.user.id);
    const sent = await send({ contactId: c.contactId, body: "Lembrete de {{user}} para {{name}}", authorId: w.a.user.id, sign: true });
    expect(sent.message).toMatchObject({ body: `*${w.a.user.name}:*\nLembrete de ${w.a.user.name} para Ana {{user}}`, userId: w.a.user.id });
    await expectDelivered(sent.message);
    const again = await send({ contactId: c.contactId, body: `*${w.a.user.name}:*\nJá assinado`, authorId: w.a.user.id, sign: true });
    expect(signatures(again.message.body, w.a.user.name)).toBe(1);
  });
});

describe("tickets.botApply (a bot turn's send)", () => {
  it("fills the variables as the turn leaves the ticket, once, the legacy queue.name form too", async () => {
    const c = await customer();
    // biome-ignore lint/suspicious/noTemplateCurlyInString: legacy placeholders are plain text here
    const legacyText = "Você está na fila ${queue.name}.";
    const applied = await w.t.kernel.services.require("tickets.botApply")(
      w.a.company.id,
      c.ticketId,
      [
        { type: "setQueue", queueId: w.queue.id, log: null },
        // Only the legacy form: the bot used to look for "{{" alone and sent this as written.
        { type: "send", text: legacyText },
        { type: "send", text: "Fila {{queue}} pela {{connection}}: {{name}}" },
      ],
      () => {},
    );
    expect(applied?.ticket.queueId).toBe(w.queue.id);
    const [legacy, m] = await outbound(c.ticketId);
    expect(legacy).toMatchObject({ body: "Você está na fila Vendas.", userId: null, queueId: w.queue.id });
    expect(m).toMatchObject({ body: "Fila Vendas pela Loja: Ana {{user}}", userId: null, queueId: w.queue.id });
    await expectDelivered(legacy!, false);
    await expectDelivered(m!);
  });
});
