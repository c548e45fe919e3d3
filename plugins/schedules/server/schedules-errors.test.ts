import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { createPlan } from "../../../tests/support/fixtures.ts";
import { type Company, createApiConnection, createCompanyWithAdmin, createContact, createSchedule, inMinutes, sendDue, startWebhookReceiver } from "./schedules.fixtures.ts";

let t: TestKernel;
let a: Company;
let contactId: number;
beforeEach(async () => {
  t = await createTestKernel();
  a = await createCompanyWithAdmin(t, "Alfa");
  contactId = await createContact(t, a.token);
});
afterEach(() => t.close());

const post = (body: Record<string, unknown>) => t.call("POST", "/schedules", { token: a.token, body });

describe("schedules: errors", () => {
  it("names the field with the spec's messages (spec 000 §5)", async () => {
    expect((await post({})).body).toMatchObject({ error: "ERR_VALIDATION", fields: { body: "Required", contactId: "Required", sendAt: "Required" } });
    const sendAt = inMinutes(60);
    expect((await post({ body: "", contactId, sendAt })).body.fields).toEqual({ body: "Obrigatório" });
    expect((await post({ body: "Oi!", contactId, sendAt })).body.fields).toEqual({ body: "Mensagem muito curta" });
    expect((await post({ body: "Olá, tudo bem?", contactId: "", sendAt: "" })).body.fields).toEqual({ contactId: "Obrigatório", sendAt: "Obrigatório" });
    expect((await post({ body: "Olá, tudo bem?", contactId, sendAt: "amanhã" })).body.fields).toEqual({ sendAt: "Invalid date" });
    expect((await post({ body: "Olá, tudo bem?", contactId, sendAt: "2030-02-30T10:00" })).body.fields).toEqual({ sendAt: "Invalid date" });
    expect((await post({ body: "Olá, tudo bem?", contactId, sendAt, intervalo: 7, tipoDias: "3", openTicket: "sim" })).body.fields).toEqual({
      intervalo: "Invalid value",
      tipoDias: "Invalid value",
      openTicket: "Invalid value",
    });
    expect((await post({ body: "Olá, tudo bem?", contactId, sendAt, enviarQuantasVezes: 3 })).body.fields).toEqual({ valorIntervalo: "Obrigatório" });
  });

  it("unknown ids answer 404 with the owner's code", async () => {
    const sendAt = inMinutes(60);
    expect((await t.call("GET", "/schedules/999", { token: a.token })).body).toEqual({ error: "ERR_NO_SCHEDULE_FOUND" });
    expect((await t.call("PUT", "/schedules/999", { token: a.token, body: { body: "Texto válido" } })).status).toBe(404);
    expect((await t.call("DELETE", "/schedules/999", { token: a.token })).status).toBe(404);
    expect((await t.call("DELETE", "/schedules/999/media-upload", { token: a.token })).status).toBe(404);
    expect((await post({ body: "Olá, tudo bem?", contactId: 999, sendAt })).body.error).toBe("ERR_NO_CONTACT_FOUND");
    expect((await post({ body: "Olá, tudo bem?", contactId, sendAt, whatsappId: 999 })).body.error).toBe("ERR_NO_WAPP_FOUND");
    expect((await post({ body: "Olá, tudo bem?", contactId, sendAt, ticketUserId: 999 })).body.error).toBe("ERR_NO_USER_FOUND");
    expect((await post({ body: "Olá, tudo bem?", contactId, sendAt, queueId: 999 })).body.fields).toEqual({ queueId: "Invalid value" });
  });

  it("an edit that changes nothing is a validation error", async () => {
    const s = await createSchedule(t, a.token, { body: "Olá, tudo bem?", contactId, sendAt: inMinutes(60) });
    const res = await t.call("PUT", `/schedules/${s.id}`, { token: a.token, body: { unknown: 1 } });
    expect(res.body).toEqual({ error: "ERR_VALIDATION", fields: { body: "Nothing to update" } });
  });

  it("a sent schedule is read-only (edit, attach, detach) but may be deleted", async () => {
    const receiver = await startWebhookReceiver();
    try {
      await createApiConnection(t, a.token, receiver.url);
      const s = await createSchedule(t, a.token, { body: "Já foi enviada", contactId, sendAt: inMinutes(-1) });
      await sendDue(t);
      const edit = await t.call("PUT", `/schedules/${s.id}`, { token: a.token, body: { body: "Mudança tardia" } });
      expect(edit.status).toBe(400);
      expect(edit.body.error).toBe("ERR_SCHEDULE_ALREADY_SENT");
      const form = new FormData();
      form.append("file", new File(["x"], "a.txt", { type: "text/plain" }));
      expect((await t.call("POST", `/schedules/${s.id}/media-upload`, { token: a.token, body: form })).body.error).toBe("ERR_SCHEDULE_ALREADY_SENT");
      expect((await t.call("DELETE", `/schedules/${s.id}/media-upload`, { token: a.token })).body.error).toBe("ERR_SCHEDULE_ALREADY_SENT");
      expect((await t.call("DELETE", `/schedules/${s.id}`, { token: a.token })).status).toBe(200);
    } finally {
      await receiver.close();
    }
  });

  it("a media upload without a file is a validation error", async () => {
    const s = await createSchedule(t, a.token, { body: "Olá, tudo bem?", contactId, sendAt: inMinutes(60) });
    const res = await t.call("POST", `/schedules/${s.id}/media-upload`, { token: a.token, body: new FormData() });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ file: "Required" });
  });

  it("with useSchedules off in the company's plan every route answers ERR_PLAN_FEATURE_DISABLED", async () => {
    const planId = await createPlan(t, { useSchedules: false });
    const b = await createCompanyWithAdmin(t, "Sem agenda", { planId });
    for (const [method, path] of [
      ["GET", "/schedules"],
      ["GET", "/schedules/1"],
      ["POST", "/schedules"],
      ["PUT", "/schedules/1"],
      ["DELETE", "/schedules/1"],
      ["DELETE", "/schedules/1/media-upload"],
    ] as const) {
      const res = await t.call(method, path, { token: b.token, body: method === "POST" || method === "PUT" ? { body: "Olá, tudo bem?" } : undefined });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error).toBe("ERR_PLAN_FEATURE_DISABLED");
    }
  });
});
