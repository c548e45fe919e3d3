import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { createUser } from "../../../tests/support/fixtures.ts";
import { type Company, createCompanyWithAdmin, createContact, createSchedule, inMinutes } from "./schedules.fixtures.ts";

let t: TestKernel;
let a: Company;
let contactId: number;
beforeEach(async () => {
  t = await createTestKernel();
  a = await createCompanyWithAdmin(t, "Alfa");
  contactId = await createContact(t, a.token);
});
afterEach(() => t.close());

describe("schedules: happy", () => {
  it("creates with the spec's defaults, reads, edits, lists and deletes", async () => {
    const sendAt = inMinutes(60);
    const created = await createSchedule(t, a.token, { body: "Olá, tudo bem?", contactId, sendAt });
    expect(created).toMatchObject({
      body: "Olá, tudo bem?",
      contactId,
      sendAt,
      sentAt: null,
      status: "PENDENTE",
      openTicket: "enabled",
      statusTicket: "closed",
      intervalo: 1,
      valorIntervalo: 0,
      enviarQuantasVezes: 1,
      tipoDias: 4,
      assinar: false,
      userId: a.user.id,
      companyId: a.company.id,
      contact: { id: contactId, name: "Ana Souza" },
      user: { id: a.user.id },
      whatsapp: null,
      mediaUrl: null,
      timesSent: 0,
    });
    expect((await t.call("GET", `/schedules/${created.id}`, { token: a.token })).body).toEqual(created);

    const edited = await t.call("PUT", `/schedules/${created.id}`, { token: a.token, body: { body: "Texto novo aqui", tipoDias: "6" } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ body: "Texto novo aqui", tipoDias: 6, sendAt });

    await createSchedule(t, a.token, { body: "Outra mensagem", contactId: await createContact(t, a.token, "Bruno Lima", "5511911112222"), sendAt: inMinutes(120) });
    const page = await t.call("GET", "/schedules", { token: a.token });
    expect(page.body).toMatchObject({ count: 2, hasMore: false });
    expect(page.body.schedules.map((s: { body: string }) => s.body)).toEqual(["Outra mensagem", "Texto novo aqui"]);
    expect((await t.call("GET", "/schedules?searchParam=bruno", { token: a.token })).body.schedules.map((s: { body: string }) => s.body)).toEqual(["Outra mensagem"]);
    expect((await t.call("GET", "/schedules?searchParam=NOVO", { token: a.token })).body.count).toBe(1);
    expect((await t.call("GET", `/schedules?contactId=${contactId}`, { token: a.token })).body.count).toBe(1);
    expect((await t.call("GET", "/schedules?contactId=&pageNumber=2", { token: a.token })).body).toMatchObject({ schedules: [], count: 2 });
    const range = (from: string, to: string) => `/schedules?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
    expect((await t.call("GET", range(inMinutes(90), inMinutes(150)), { token: a.token })).body.schedules.map((s: { body: string }) => s.body)).toEqual(["Outra mensagem"]);
    // An offset is read as the instant it names (not compared as text).
    const inSaoPaulo = (ms: number) => new Date(ms - 3 * 3_600_000).toISOString().replace("Z", "-03:00");
    expect((await t.call("GET", range(inSaoPaulo(Date.parse(sendAt)), inMinutes(61)), { token: a.token })).body.count).toBe(1);
    expect((await t.call("GET", range(inSaoPaulo(Date.parse(sendAt) + 1000), inMinutes(61)), { token: a.token })).body.count).toBe(0);
    expect((await t.call("GET", "/schedules?from=ontem", { token: a.token })).body.fields).toEqual({ from: "Invalid date" });

    expect((await t.call("DELETE", `/schedules/${created.id}`, { token: a.token })).body).toEqual({ message: "Schedule deleted" });
    expect((await t.call("GET", `/schedules/${created.id}`, { token: a.token })).status).toBe(404);
  });

  it("reads the spec form's empties and loose spellings; a wall-clock sendAt is the company's local time", async () => {
    const res = await t.call("POST", "/schedules/", {
      token: a.token,
      body: {
        body: "Mensagem do formulário",
        contactId: String(contactId),
        sendAt: "2030-03-04T09:30",
        sentAt: "",
        ticketUserId: "",
        queueId: null,
        whatsappId: 0,
        intervalo: "2",
        valorIntervalo: "",
        enviarQuantasVezes: null,
        tipoDias: 5,
        assinar: "true",
        status: "ENVIADA",
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // São Paulo is UTC-3 (no daylight saving since 2019).
    expect(res.body).toMatchObject({
      sendAt: "2030-03-04T12:30:00.000Z",
      ticketUserId: null,
      queueId: null,
      whatsappId: null,
      intervalo: 2,
      valorIntervalo: 0,
      enviarQuantasVezes: 1,
      tipoDias: 5,
      assinar: true,
      status: "PENDENTE",
      sentAt: null,
    });
  });

  it("openTicket disabled drops the attendant, queue and signature", async () => {
    const queue = (await t.call("POST", "/queue", { token: a.token, body: { name: "Vendas", color: "#aa0000" } })).body;
    const res = await createSchedule(t, a.token, {
      body: "Sem ticket aberto",
      contactId,
      sendAt: inMinutes(5),
      openTicket: "disabled",
      ticketUserId: a.user.id,
      queueId: queue.id,
      assinar: true,
    });
    expect(res).toMatchObject({ openTicket: "disabled", ticketUserId: null, queueId: null, assinar: false });
    const kept = await createSchedule(t, a.token, { body: "Com ticket aberto", contactId, sendAt: inMinutes(5), ticketUserId: a.user.id, queueId: queue.id, statusTicket: "open" });
    expect(kept).toMatchObject({ ticketUser: { id: a.user.id }, queue: { id: queue.id, name: "Vendas", color: "#aa0000" }, statusTicket: "open" });
  });

  it("attaches a file (served from the company's public folder), replaces and deletes it", async () => {
    const s = await createSchedule(t, a.token, { body: "Segue o arquivo", contactId, sendAt: inMinutes(30) });
    const form = new FormData();
    form.append("file", new File(["%PDF-1.4 test"], "meu boleto.pdf", { type: "application/pdf" }));
    const up = await t.call("POST", `/schedules/${s.id}/media-upload`, { token: a.token, body: form });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.mediaName).toBe("meu_boleto.pdf");
    expect(up.body.mediaUrl).toBe(`/public/company${a.company.id}/${up.body.mediaPath}`);
    const served = await t.call("GET", up.body.mediaUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-security-policy")).toContain("sandbox");

    const again = new FormData();
    again.append("file", new File(["hello"], "nota.txt", { type: "text/plain" }));
    const replaced = await t.call("POST", `/schedules/${s.id}/media-upload`, { token: a.token, body: again });
    expect(replaced.body.mediaName).toBe("nota.txt");
    expect((await t.call("GET", up.body.mediaUrl)).status).toBe(404);

    const removed = await t.call("DELETE", `/schedules/${s.id}/media-upload/`, { token: a.token });
    expect(removed.body).toMatchObject({ mediaPath: null, mediaName: null, mediaUrl: null });
    expect((await t.call("GET", replaced.body.mediaUrl)).status).toBe(404);
  });

  it("announces create, update and delete on company-{id}-schedule", async () => {
    const sent: { event: string; payload: any }[] = [];
    t.kernel.realtime.emit = (_c, event, payload) => void sent.push({ event, payload });
    const s = await createSchedule(t, a.token, { body: "Anúncio ao vivo", contactId, sendAt: inMinutes(10) });
    await t.call("PUT", `/schedules/${s.id}`, { token: a.token, body: { body: "Anúncio alterado" } });
    await t.call("DELETE", `/schedules/${s.id}`, { token: a.token });
    const events = sent.filter((e) => e.event === `company-${a.company.id}-schedule`).map((e) => e.payload);
    expect(events.map((p) => [p.action, p.schedule?.body ?? p.scheduleId])).toEqual([
      ["create", "Anúncio ao vivo"],
      ["update", "Anúncio alterado"],
      ["delete", s.id],
    ]);
  });

  it("every user of the company sees and manages the company's schedules", async () => {
    const plain = await createUser(t, a.company.id);
    const s = await createSchedule(t, a.token, { body: "Do administrador", contactId, sendAt: inMinutes(10) });
    expect((await t.call("GET", "/schedules", { token: plain.token })).body.count).toBe(1);
    expect((await t.call("PUT", `/schedules/${s.id}`, { token: plain.token, body: { body: "Do atendente agora" } })).status).toBe(200);
  });
});
