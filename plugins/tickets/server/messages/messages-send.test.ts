import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { jobs } from "../../../../core/db/tables.ts";
import { tickets } from "../../schema/tables.ts";
import { DELIVER_JOB } from "../delivery/deliver.ts";
import { conversation, type Conversation, FakeDriver, jobsOf, messageRow, NUMBER, runJobsNow, sendText } from "./messages.fixtures.ts";
import { createConnection } from "../testing/tickets.fixtures.ts";

let c: Conversation;
beforeEach(async () => {
  c = await conversation();
});
afterEach(() => c.t.close());

describe("send: happy", () => {
  it("stores the message (ack 0) with its delivery job, then the job hands it to the driver and ack rises to 1", async () => {
    const res = await sendText(c, { body: "Olá, tudo bem?" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ body: "Olá, tudo bem?", fromMe: true, ack: 0, mediaType: "chat", ticketId: c.ticket.id, userId: c.a.user.id, isPrivate: false });
    expect(res.body.providerId).toMatch(/^out-/);
    // the outbox: message row and job row were committed together
    expect(await jobsOf(c.t, DELIVER_JOB, res.body.id)).toHaveLength(1);
    const [ticket] = await c.t.kernel.db.select().from(tickets).where(eq(tickets.id, c.ticket.id));
    expect(ticket!.lastMessage).toBe("Olá, tudo bem?");

    expect(await c.t.kernel.jobs.runDue()).toBeGreaterThan(0);
    expect(c.driver.sends).toHaveLength(1);
    const sent = c.driver.sends[0]!;
    expect(sent.to).toMatchObject({ number: NUMBER, name: "Ana Souza", isGroup: false });
    expect(sent.connection.id).toBe(c.connection.id);
    expect(sent.message).toMatchObject({ id: res.body.id, providerId: res.body.providerId, kind: "text", body: "Olá, tudo bem?" });
    expect((await messageRow(c.t, res.body.id)).ack).toBe(1);
    // a second run does not send it again
    await runJobsNow(c.t);
    expect(c.driver.sends).toHaveLength(1);
  });

  it("stores the provider's own id and ack when the driver answers them", async () => {
    c.driver.result = { providerId: "wa-123", ack: 2 };
    const res = await sendText(c, { body: "oi" });
    await c.t.kernel.jobs.runDue();
    expect(await messageRow(c.t, res.body.id)).toMatchObject({ providerId: "wa-123", ack: 2 });
  });

  it("a failing driver is retried with backoff and then succeeds", async () => {
    c.driver.failures = 1;
    const res = await sendText(c, { body: "tentativa" });
    await c.t.kernel.jobs.runDue();
    const [job] = await jobsOf(c.t, DELIVER_JOB, res.body.id);
    expect(job).toMatchObject({ status: "pending", attempts: 1, lastError: "provider unavailable" });
    expect(job!.dueAt).toBeGreaterThan(Date.now());
    expect((await messageRow(c.t, res.body.id)).ack).toBe(0);
    // not due yet: nothing runs
    expect(await c.t.kernel.jobs.runDue()).toBe(0);
    await runJobsNow(c.t);
    expect(c.driver.sends).toHaveLength(1);
    expect((await messageRow(c.t, res.body.id)).ack).toBe(1);
    expect((await jobsOf(c.t, DELIVER_JOB, res.body.id))[0]!.status).toBe("done");
  });

  it("answers quoted messages with the quoted provider id", async () => {
    const res = await sendText(c, { body: "respondendo", quotedMsg: c.inbound.id });
    expect(res.body).toMatchObject({ quotedMsgId: c.inbound.id, quotedMsg: { id: c.inbound.id, body: "oi", fromMe: false, contact: { name: "Ana Souza" } } });
    await c.t.kernel.jobs.runDue();
    expect(c.driver.sends[0]!.message.quoted).toEqual({ providerId: "in-1", body: "oi", fromMe: false });
  });

  it("signs with the attendant's name in bold when asked and the company allows it", async () => {
    const signed = await sendText(c, { body: "assinado", signMessage: true });
    expect(signed.body.body).toBe(`*${c.a.user.name}:*\nassinado`);
    await c.t.kernel.settings.setCompany(c.a.company.id, "sendSignMessage", "disabled");
    const plain = await sendText(c, { body: "sem assinatura", signMessage: true });
    expect(plain.body.body).toBe("sem assinatura");
  });

  it("private messages carry the name and 'Mensagem Privada', are never delivered and leave lastMessage alone", async () => {
    const res = await sendText(c, { body: "nota interna", isPrivate: true });
    expect(res.body).toMatchObject({ isPrivate: true, body: `*${c.a.user.name} - Mensagem Privada:*\nnota interna` });
    expect(await jobsOf(c.t, DELIVER_JOB, res.body.id)).toHaveLength(0);
    await runJobsNow(c.t);
    expect(c.driver.sends).toHaveLength(0);
    const [ticket] = await c.t.kernel.db.select().from(tickets).where(eq(tickets.id, c.ticket.id));
    expect(ticket!.lastMessage).toBe("oi");
  });

  it("sends a contact card (vCard)", async () => {
    const res = await sendText(c, { vCard: { name: "Carlos", number: "+55 11 91234-5678" } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ mediaType: "contactMessage", dataJson: JSON.stringify({ name: "Carlos", number: "5511912345678" }) });
    expect(res.body.body).toContain("BEGIN:VCARD");
    await c.t.kernel.jobs.runDue();
    expect(c.driver.sends[0]!.message).toMatchObject({ kind: "contact", vCard: { name: "Carlos", number: "5511912345678" } });
  });

  it("read: true marks the ticket read", async () => {
    await c.t.kernel.db.update(tickets).set({ unreadMessages: 3 }).where(eq(tickets.id, c.ticket.id));
    await sendText(c, { body: "lido", read: true });
    const [ticket] = await c.t.kernel.db.select().from(tickets).where(eq(tickets.id, c.ticket.id));
    expect(ticket!.unreadMessages).toBe(0);
  });

  it('takes the spec clients\' read: 1 / isPrivate: "false" as booleans (and 0 / "true" the other way)', async () => {
    await c.t.kernel.db.update(tickets).set({ unreadMessages: 3 }).where(eq(tickets.id, c.ticket.id));
    const res = await sendText(c, { body: "lido", read: 1, isPrivate: "false" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ isPrivate: false, body: "lido" });
    expect(await jobsOf(c.t, DELIVER_JOB, res.body.id)).toHaveLength(1);
    const [ticket] = await c.t.kernel.db.select().from(tickets).where(eq(tickets.id, c.ticket.id));
    expect(ticket!.unreadMessages).toBe(0);
    const note = await sendText(c, { body: "nota", read: 0, isPrivate: "true" });
    expect(note.body.isPrivate).toBe(true);
  });
});

describe("send: errors", () => {
  it('read and isPrivate take only booleans, 0/1 and "true"/"false"', async () => {
    for (const body of [{ read: 2 }, { read: "1" }, { isPrivate: "yes" }, { isPrivate: null }, { read: [] }]) {
      const res = await sendText(c, { body: "oi", ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe("ERR_VALIDATION");
      expect(Object.keys(res.body.fields)).toEqual(Object.keys(body));
    }
  });

  it("empty or whitespace-only text is refused with fields.body 'Required'", async () => {
    for (const body of [{}, { body: "" }, { body: "   \n " }]) {
      const res = await sendText(c, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: "ERR_VALIDATION", fields: { body: "Required" } });
    }
  });

  it("a closed (or pending) ticket does not accept messages", async () => {
    await c.t.kernel.db.update(tickets).set({ status: "closed" }).where(eq(tickets.id, c.ticket.id));
    const res = await sendText(c, { body: "oi" });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("ERR_SENDING_WAPP_MSG");
    await c.t.kernel.db.update(tickets).set({ status: "pending" }).where(eq(tickets.id, c.ticket.id));
    expect((await sendText(c, { body: "oi" })).body.error).toBe("ERR_SENDING_WAPP_MSG");
  });

  it("an unknown ticket is ERR_NO_TICKET_FOUND; a non-numeric id is 'invalid ticket ID'", async () => {
    expect((await sendText(c, { body: "oi" }, c.a.token, 99999)).body.error).toBe("ERR_NO_TICKET_FOUND");
    const bad = await c.t.call("POST", "/messages/abc", { token: c.a.token, body: { body: "oi" } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.ticketId).toBe("invalid ticket ID");
  });

  it("a quoted message of nowhere, a media URL outside the company's storage and a bad vCard are validation errors", async () => {
    expect((await sendText(c, { body: "x", quotedMsg: 99999 })).body).toMatchObject({ error: "ERR_VALIDATION", fields: { quotedMsg: "Not found" } });
    for (const mediaUrl of ["https://example.com/a.png", "/public/company999/abc.png", `/public/company${c.a.company.id}/../x.png`])
      expect((await sendText(c, { body: "", mediaUrl })).body).toMatchObject({ error: "ERR_VALIDATION", fields: { mediaUrl: "Invalid media URL" } });
    expect((await sendText(c, { vCard: { name: "", number: "1" } })).status).toBe(400);
  });

  it("a channel without a driver keeps the message pending and the job retrying", async () => {
    const fb = await createConnection(c.t, c.a.token, { channel: "facebook" });
    await c.t.kernel.db.update(tickets).set({ whatsappId: fb.id }).where(eq(tickets.id, c.ticket.id));
    const res = await sendText(c, { body: "oi" });
    await c.t.kernel.jobs.runDue();
    const [job] = await jobsOf(c.t, DELIVER_JOB, res.body.id);
    expect(job).toMatchObject({ status: "pending", attempts: 1 });
    expect(job!.lastError).toContain('no channel driver for "facebook"');
    expect((await messageRow(c.t, res.body.id)).ack).toBe(0);
  });

  it("a second driver for one channel is refused", () => {
    expect(() => c.t.kernel.services.require("channels.registerDriver")(new FakeDriver())).toThrow(/already registered/);
  });
});

describe("acks from the provider", () => {
  it("rise and never go down; unknown messages answer false", async () => {
    const res = await sendText(c, { body: "oi" });
    await c.t.kernel.jobs.runDue();
    const ack = c.t.kernel.services.require("tickets.ack");
    const ref = { companyId: c.a.company.id, whatsappId: c.connection.id, providerId: res.body.providerId };
    expect(await ack(ref, 3)).toBe(true);
    expect(await ack(ref, 2)).toBe(true);
    expect((await messageRow(c.t, res.body.id)).ack).toBe(3);
    expect(await ack({ ...ref, providerId: "nope" }, 3)).toBe(false);
    // another company's reference finds nothing
    expect(await ack({ ...ref, companyId: 1 }, 5)).toBe(false);
    expect((await messageRow(c.t, res.body.id)).ack).toBe(3);
  });

  it("a late send result never lowers an ack that a provider report already raised", async () => {
    const res = await sendText(c, { body: "oi" });
    await c.t.kernel.services.require("tickets.ack")({ companyId: c.a.company.id, whatsappId: c.connection.id, providerId: res.body.providerId }, 4);
    // the send job then runs: already ack > 0, so it is not sent again and the ack stays
    await c.t.kernel.jobs.runDue();
    expect((await messageRow(c.t, res.body.id)).ack).toBe(4);
    // The stored kind is the one older versions wrote, so rows pending across an upgrade still run.
    const rows = await c.t.kernel.db.select().from(jobs).where(eq(jobs.kind, "tickets.deliver"));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((j) => j.status === "done")).toBe(true);
  });
});

describe("send: message variables (spec 000 §3)", () => {
  it("an attendant's text (a quick reply's too) goes out with its variables filled; a private note keeps them", async () => {
    const res = await sendText(c, { body: "Olá {{firstName}}, aqui é {{user}} (#{{ticket_id}})" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.body).toBe(`Olá Ana, aqui é ${c.a.user.name} (#${c.ticket.id})`);
    await c.t.kernel.jobs.runDue();
    expect(c.driver.sends.at(-1)!.message.body).toBe(`Olá Ana, aqui é ${c.a.user.name} (#${c.ticket.id})`);
    const note = await sendText(c, { body: "lembrar {{name}}", isPrivate: true });
    expect(note.body.body).toContain("lembrar {{name}}");
  });
});
