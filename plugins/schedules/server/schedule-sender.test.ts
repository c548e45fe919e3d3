import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { createPlan } from "../../../tests/support/fixtures.ts";
import {
  type Company,
  createApiConnection,
  createCompanyWithAdmin,
  createContact,
  createSchedule,
  inMinutes,
  rowsOf,
  sendDue,
  startWebhookReceiver,
  type WebhookReceiver,
} from "./schedules.fixtures.ts";
import { dueRows, MAX_ATTEMPTS, retryDelayMs } from "./schedule-sender.ts";

let t: TestKernel;
let a: Company;
let receiver: WebhookReceiver;
let contactId: number;
let connection: { id: number; name: string; token: string };
beforeEach(async () => {
  t = await createTestKernel();
  receiver = await startWebhookReceiver();
  a = await createCompanyWithAdmin(t, "Alfa");
  connection = await createApiConnection(t, a.token, receiver.url);
  contactId = await createContact(t, a.token);
});
afterEach(async () => {
  await receiver.close();
  await t.close();
});

const get = async (id: number) => (await t.call("GET", `/schedules/${id}`, { token: a.token })).body;
const HOUR = 3_600_000;

describe("schedule sender: sends each occurrence once", () => {
  it("a due schedule goes out once through the connection's driver; later ticks send nothing", async () => {
    const s = await createSchedule(t, a.token, { body: "Lembrete da consulta", contactId, sendAt: inMinutes(-1) });
    expect(await sendDue(t)).toBe(1);
    expect(await sendDue(t)).toBe(0);
    await t.kernel.jobs.runDue();
    expect(receiver.messages().map((m) => m.body)).toEqual(["Lembrete da consulta"]);

    const after = await get(s.id);
    expect(after).toMatchObject({ status: "ENVIADA", timesSent: 1, lastError: null });
    expect(Date.parse(after.sentAt)).toBeGreaterThan(Date.now() - 60_000);
    // Defaults: openTicket enabled, statusTicket closed -> a closed ticket keeps the message as history.
    const [ticket] = await rowsOf(t, "tickets", a.company.id);
    expect(ticket).toMatchObject({ status: "closed", contact_id: contactId, whatsapp_id: connection.id, last_message: "Lembrete da consulta" });
    expect((await rowsOf(t, "ticket_logs", a.company.id)).map((l) => l.type)).toEqual(["create", "closed"]);
    const messages = await rowsOf(t, "messages", a.company.id);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ from_me: 1, ticket_id: ticket!.id, user_id: a.user.id });
  });

  it("waits for its time, then announces the schedule and the message", async () => {
    const s = await createSchedule(t, a.token, { body: "Daqui a uma hora", contactId, sendAt: inMinutes(60) });
    expect(await sendDue(t)).toBe(0);
    const sent: { event: string; payload: any }[] = [];
    t.kernel.realtime.emit = (_c, event, payload) => void sent.push({ event, payload });
    expect(await sendDue(t, Date.now() + HOUR + 1000)).toBe(1);
    expect(sent.find((e) => e.event === `company-${a.company.id}-schedule`)?.payload).toMatchObject({ action: "update", schedule: { id: s.id, status: "ENVIADA" } });
    expect(sent.some((e) => e.event === `company-${a.company.id}-appMessage` && e.payload.action === "create")).toBe(true);
  });

  it("opens a ticket for the chosen attendant and queue, signs and resolves variables", async () => {
    await t.call("PUT", "/companySettings", { token: a.token, body: { column: "sendSignMessage", data: "enabled" } });
    const queue = (await t.call("POST", "/queue", { token: a.token, body: { name: "Vendas", color: "#aa0000" } })).body;
    await createSchedule(t, a.token, {
      body: "Olá {{firstName}}, fila {{queue}} pela {{connection}}",
      contactId,
      sendAt: inMinutes(-1),
      statusTicket: "open",
      ticketUserId: a.user.id,
      queueId: queue.id,
      assinar: true,
    });
    await sendDue(t);
    const [ticket] = await rowsOf(t, "tickets", a.company.id);
    expect(ticket).toMatchObject({ status: "open", user_id: a.user.id, queue_id: queue.id });
    const [message] = await rowsOf(t, "messages", a.company.id);
    expect(message!.body).toBe(`*${a.user.name}:*\nOlá Ana, fila Vendas pela ${connection.name}`);
  });

  it("uses the contact's live ticket as it is, and sends the attachment", async () => {
    const inbound = await t.call("POST", "/channels/api/inbound", {
      body: { id: "in-1", number: "5511987654321", name: "Ana", body: "Oi" },
      headers: { authorization: `Bearer ${connection.token}` },
    });
    expect(inbound.status, JSON.stringify(inbound.body)).toBe(200);
    const s = await createSchedule(t, a.token, { body: "Segue o boleto", contactId, sendAt: inMinutes(-1), statusTicket: "open", ticketUserId: a.user.id });
    const form = new FormData();
    form.append("file", new File(["%PDF-1.4"], "boleto.pdf", { type: "application/pdf" }));
    expect((await t.call("POST", `/schedules/${s.id}/media-upload`, { token: a.token, body: form })).status).toBe(200);
    await sendDue(t);
    await t.kernel.jobs.runDue();
    const tickets = await rowsOf(t, "tickets", a.company.id);
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({ id: inbound.body.ticketId, status: "pending", user_id: null });
    const [out] = receiver.messages();
    expect(out).toMatchObject({ body: "Segue o boleto", mediaUrl: expect.stringMatching(new RegExp(`^/public/company${a.company.id}/`)) });
    // The conversation points at the file: deleting the sent schedule keeps it.
    await t.call("DELETE", `/schedules/${s.id}`, { token: a.token });
    expect((await t.call("GET", out!.mediaUrl!)).status).toBe(200);
  });

  it("openTicket disabled still sends, in a closed ticket without attendant or queue", async () => {
    await createSchedule(t, a.token, { body: "Aviso simples", contactId, sendAt: inMinutes(-1), openTicket: "disabled", statusTicket: "open" });
    await sendDue(t);
    expect(await rowsOf(t, "tickets", a.company.id)).toMatchObject([{ status: "closed", user_id: null, queue_id: null }]);
  });

  it("two ticks racing for the same rows send each once", async () => {
    for (let i = 0; i < 5; i++) await createSchedule(t, a.token, { body: `Mensagem ${i} aqui`, contactId, sendAt: inMinutes(-1) });
    const [x, y] = await Promise.all([sendDue(t), sendDue(t)]);
    expect(x + y).toBe(5);
    expect(await rowsOf(t, "messages", a.company.id)).toHaveLength(5);
  });
});

describe("schedule sender: recurrence and business days", () => {
  it("repeats every valorIntervalo days, enviarQuantasVezes times, then is done", async () => {
    const start = Date.now() - 60_000;
    const s = await createSchedule(t, a.token, {
      body: "Lembrete diário",
      contactId,
      sendAt: new Date(start).toISOString(),
      intervalo: 1,
      valorIntervalo: 2,
      enviarQuantasVezes: 3,
    });
    expect(await sendDue(t)).toBe(1);
    let row = await get(s.id);
    expect(row).toMatchObject({ status: "PENDENTE", timesSent: 1, sendAt: new Date(start + 48 * HOUR).toISOString() });
    expect(await sendDue(t, start + 47 * HOUR)).toBe(0);
    expect(await sendDue(t, start + 48 * HOUR + 1000)).toBe(1);
    expect(await sendDue(t, start + 96 * HOUR + 1000)).toBe(1);
    row = await get(s.id);
    expect(row).toMatchObject({ status: "ENVIADA", timesSent: 3 });
    expect(await sendDue(t, start + 1000 * HOUR)).toBe(0);
    expect(await rowsOf(t, "messages", a.company.id)).toHaveLength(3);
  });

  it("an occurrence missed while the server was down is not sent late: no burst", async () => {
    const start = Date.now() - 60_000;
    const s = await createSchedule(t, a.token, { body: "A cada minuto", contactId, sendAt: new Date(start).toISOString(), intervalo: 4, valorIntervalo: 1, enviarQuantasVezes: 5 });
    // Back 10 minutes later: the first is sent (late), the four after it have passed.
    expect(await sendDue(t, start + 10 * 60_000)).toBe(1);
    expect(await get(s.id)).toMatchObject({ status: "ENVIADA", timesSent: 1 });
  });

  it("tipoDias moves a Saturday to the Friday before (5) or the Monday after (6), at the same local time", async () => {
    // 2030-03-09 is a Saturday; 10:00 in São Paulo is 13:00 UTC.
    const before = await createSchedule(t, a.token, { body: "Sexta antes", contactId, sendAt: "2030-03-09T10:00", tipoDias: 5 });
    const after = await createSchedule(t, a.token, { body: "Segunda depois", contactId, sendAt: "2030-03-09T10:00", tipoDias: 6 });
    const asIs = await createSchedule(t, a.token, { body: "No sábado mesmo", contactId, sendAt: "2030-03-09T10:00", tipoDias: 4 });
    const at = (iso: string) => Date.parse(iso);
    expect(await sendDue(t, at("2030-03-08T12:59:59Z"))).toBe(0);
    expect(await sendDue(t, at("2030-03-08T13:00:00Z"))).toBe(1);
    expect((await get(before.id)).status).toBe("ENVIADA");
    expect(await sendDue(t, at("2030-03-09T13:00:00Z"))).toBe(1);
    expect((await get(asIs.id)).status).toBe("ENVIADA");
    expect(await sendDue(t, at("2030-03-11T12:59:59Z"))).toBe(0);
    expect(await sendDue(t, at("2030-03-11T13:00:00Z"))).toBe(1);
    expect((await get(after.id)).status).toBe("ENVIADA");
  });
});

describe("schedule sender: failures", () => {
  it("a failure is ERRO with the reason, nothing is stored, and it is retried with backoff until it works", async () => {
    const other = await createCompanyWithAdmin(t, "Beta");
    const otherContact = await createContact(t, other.token);
    // No connection at all: the default one is missing.
    const s = await createSchedule(t, other.token, { body: "Sem conexão ainda", contactId: otherContact, sendAt: inMinutes(-1) });
    const now = Date.now();
    expect(await sendDue(t, now)).toBe(0);
    const failed = (await t.call("GET", `/schedules/${s.id}`, { token: other.token })).body;
    expect(failed).toMatchObject({ status: "ERRO", lastError: "ERR_NO_DEF_WAPP_FOUND", sentAt: null, timesSent: 0 });
    expect(await rowsOf(t, "tickets", other.company.id)).toEqual([]);
    expect(await rowsOf(t, "messages", other.company.id)).toEqual([]);

    expect(await sendDue(t, now + retryDelayMs(1) - 1000)).toBe(0);
    await createApiConnection(t, other.token, receiver.url);
    expect(await sendDue(t, now + retryDelayMs(1) + 1000)).toBe(1);
    expect((await t.call("GET", `/schedules/${s.id}`, { token: other.token })).body).toMatchObject({ status: "ENVIADA", lastError: null, timesSent: 1 });
  });

  it("gives up after MAX_ATTEMPTS; an edit re-arms it", async () => {
    const s = await createSchedule(t, a.token, { body: "Contato sumirá", contactId, sendAt: inMinutes(-1), whatsappId: connection.id });
    await t.call("DELETE", `/whatsapp/${connection.id}`, { token: a.token });
    let now = Date.now();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await sendDue(t, now)).toBe(0);
      now += retryDelayMs(attempt) + 1000;
    }
    expect(await sendDue(t, now + 100 * HOUR)).toBe(0);
    const row = await get(s.id);
    expect(row).toMatchObject({ status: "ERRO", lastError: "ERR_NO_DEF_WAPP_FOUND", whatsappId: null });
    const fresh = await createApiConnection(t, a.token, receiver.url, "Nova");
    const edited = await t.call("PUT", `/schedules/${s.id}`, { token: a.token, body: { whatsappId: fresh.id } });
    expect(edited.body).toMatchObject({ status: "PENDENTE", lastError: null });
    expect(await sendDue(t)).toBe(1);
  });

  it("a company whose plan lost useSchedules sends nothing (ERRO)", async () => {
    const s = await createSchedule(t, a.token, { body: "Plano sem agenda", contactId, sendAt: inMinutes(-1) });
    const planId = await createPlan(t, { useSchedules: false });
    const { token } = await t.login();
    expect((await t.call("PUT", `/companies/${a.company.id}`, { token, body: { planId } })).status).toBe(200);
    await sendDue(t);
    const [row] = (await t.kernel.database.client.execute({ sql: "SELECT status, last_error FROM schedules WHERE id = ?", args: [s.id] })).rows;
    expect(row).toMatchObject({ status: "ERRO", last_error: "ERR_PLAN_FEATURE_DISABLED" });
    expect(await rowsOf(t, "messages", a.company.id)).toEqual([]);
  });
});

describe("schedule sender: cost", () => {
  it("the tick is one query on the partial index of rows left to send, without a sort or a scan", async () => {
    const { sql, params } = dueRows(t.kernel.db, Date.now()).toSQL();
    const plan = await t.kernel.database.client.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args: params as never });
    const steps = plan.rows.map((r) => String(r.detail));
    expect(steps, steps.join("\n")).toEqual([expect.stringMatching(/^SEARCH schedules USING (COVERING )?INDEX schedules_due_idx \(due_at<\?\)$/)]);
  });
});
