import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { createCompanyWithAdmin, createUser } from "../../../tests/support/fixtures.ts";
import { createQueue, limitQueues, validQueue } from "./queues.fixtures.ts";

let t: TestKernel;
let acme: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
beforeEach(async () => {
  t = await createTestKernel();
  acme = await createCompanyWithAdmin(t, "Acme");
});
afterEach(() => t.close());

describe("queues: happy", () => {
  it("an admin creates, reads, edits and deletes a queue; the default week is the spec's", async () => {
    const created = await t.call("POST", "/queue", { token: acme.token, body: { name: "Vendas", color: "#ff0000", orderQueue: 2 } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: "Vendas", color: "#ff0000", orderQueue: 2, closeTicket: false, ativarRoteador: false, tempoRoteador: 2, chatbots: [] });
    expect(created.body.schedules).toHaveLength(7);
    expect(created.body.schedules[0]).toEqual({ weekday: "Segunda-feira", weekdayEn: "monday", startTimeA: "08:00", endTimeA: "12:00", startTimeB: "13:00", endTimeB: "18:00" });
    const id = created.body.id;
    const schedules = created.body.schedules.map((d: Record<string, string>) =>
      d.weekdayEn === "sunday" ? { ...d, startTimeA: "", endTimeA: "", startTimeB: "", endTimeB: "" } : d,
    );
    const edited = await t.call("PUT", `/queue/${id}`, { token: acme.token, body: { name: "Vendas B2B", ativarRoteador: true, tempoRoteador: 15, schedules } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: "Vendas B2B", color: "#ff0000", ativarRoteador: true, tempoRoteador: 15 });
    expect(edited.body.schedules[6]).toMatchObject({ weekdayEn: "sunday", startTimeA: "" });
    expect((await t.call("GET", `/queue/${id}`, { token: acme.token })).body.name).toBe("Vendas B2B");
    const unordered = await t.call("PUT", `/queue/${id}`, { token: acme.token, body: { orderQueue: "" } });
    expect(unordered.body.orderQueue).toBeNull();
    expect((await t.call("DELETE", `/queue/${id}`, { token: acme.token })).status).toBe(200);
    expect((await t.call("GET", `/queue/${id}`, { token: acme.token })).status).toBe(404);
  });

  it('takes the spec form\'s empties: tempoRoteador 0 or "" is rotation off, ""/null order and references are none', async () => {
    const created = await t.call("POST", "/queue", {
      token: acme.token,
      body: validQueue({ ativarRoteador: false, tempoRoteador: 0, orderQueue: "", integrationId: "", fileListId: null }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ ativarRoteador: false, tempoRoteador: 2, orderQueue: null, integrationId: null, fileListId: null });
    const alone = await t.call("POST", "/queue", { token: acme.token, body: validQueue({ tempoRoteador: 0, integrationId: null, fileListId: "" }) });
    expect(alone.body).toMatchObject({ ativarRoteador: false, tempoRoteador: 2, integrationId: null, fileListId: null });
    // On edit, 0 switches rotation off and keeps the chosen minutes for when it is switched on again.
    const id = created.body.id;
    await t.call("PUT", `/queue/${id}`, { token: acme.token, body: { ativarRoteador: true, tempoRoteador: 15 } });
    const off = await t.call("PUT", `/queue/${id}`, { token: acme.token, body: { tempoRoteador: 0, orderQueue: "" } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body).toMatchObject({ ativarRoteador: false, tempoRoteador: 15, orderQueue: null });
    // The original form sends "" while rotation is off (issue 32): the same as 0.
    await t.call("PUT", `/queue/${id}`, { token: acme.token, body: { ativarRoteador: true, tempoRoteador: 10 } });
    const blank = await t.call("PUT", `/queue/${id}`, { token: acme.token, body: { ativarRoteador: false, tempoRoteador: "" } });
    expect(blank.status, JSON.stringify(blank.body)).toBe(200);
    expect(blank.body).toMatchObject({ ativarRoteador: false, tempoRoteador: 10 });
    const fresh = await t.call("POST", "/queue", { token: acme.token, body: validQueue({ ativarRoteador: false, tempoRoteador: "" }) });
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    expect(fresh.body).toMatchObject({ ativarRoteador: false, tempoRoteador: 2 });
  });

  it("lists by orderQueue (unset last) and attendants may read the list", async () => {
    await createQueue(t, acme.token, { name: "Sem ordem" });
    await createQueue(t, acme.token, { name: "Segunda", orderQueue: 2 });
    await createQueue(t, acme.token, { name: "Primeira", orderQueue: 1 });
    const plain = await createUser(t, acme.company.id);
    const res = await t.call("GET", "/queue", { token: plain.token });
    expect(res.status).toBe(200);
    expect(res.body.map((q: { name: string }) => q.name)).toEqual(["Primeira", "Segunda", "Sem ordem"]);
    expect(res.body[0].chatbots).toBeUndefined();
  });

  it("another company may reuse a colour", async () => {
    await createQueue(t, acme.token, { color: "#123456" });
    const other = await createCompanyWithAdmin(t, "Outra");
    expect((await t.call("POST", "/queue", { token: other.token, body: validQueue({ color: "#123456" }) })).status).toBe(200);
  });

  it("a plan's queue limit of 0 means unlimited", async () => {
    await limitQueues(t, acme.company.id, 0);
    for (let i = 0; i < 3; i++) await createQueue(t, acme.token);
    expect((await t.call("GET", "/queue", { token: acme.token })).body).toHaveLength(3);
  });

  it("announces create, update and delete on company-{id}-queue", async () => {
    const emit = vi.spyOn(t.kernel.realtime, "emit");
    const q = await createQueue(t, acme.token, { name: "Suporte" });
    await t.call("PUT", `/queue/${q.id}`, { token: acme.token, body: { name: "Suporte 2" } });
    await t.call("DELETE", `/queue/${q.id}`, { token: acme.token });
    const topic = `company-${acme.company.id}-queue`;
    const calls = emit.mock.calls.filter((c) => c[1] === topic).map((c) => c[2] as { action: string });
    expect(calls.map((c) => c.action)).toEqual(["create", "update", "delete"]);
    expect(calls[1]).toMatchObject({ queue: { id: q.id, name: "Suporte 2" } });
    expect(calls[2]).toEqual({ action: "delete", queueId: q.id });
  });
});

describe("queues: errors", () => {
  it("names the fields with the spec's messages", async () => {
    const res = await t.call("POST", "/queue", { token: acme.token, body: { name: "A", color: "#f" } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "ERR_VALIDATION", fields: { name: "Too Short!", color: "Too Short!" } });
    const missing = await t.call("POST", "/queue", { token: acme.token, body: {} });
    expect(missing.body.fields).toMatchObject({ name: "Required", color: "Required" });
    const long = await t.call("POST", "/queue", { token: acme.token, body: { name: "x".repeat(51), color: "#1234567890" } });
    expect(long.body.fields).toMatchObject({ name: "Too Long!", color: "Too Long!" });
  });

  it("refuses a colour another queue of the company has (case-insensitive), also on edit", async () => {
    const first = await createQueue(t, acme.token, { color: "#ABCDEF" });
    const dup = await t.call("POST", "/queue", { token: acme.token, body: validQueue({ color: "#abcdef" }) });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe("ERR_QUEUE_COLOR_ALREADY_EXISTS");
    const second = await createQueue(t, acme.token);
    const edit = await t.call("PUT", `/queue/${second.id}`, { token: acme.token, body: { color: "#abcdef" } });
    expect(edit.body.error).toBe("ERR_QUEUE_COLOR_ALREADY_EXISTS");
    // Keeping one's own colour is no conflict.
    expect((await t.call("PUT", `/queue/${first.id}`, { token: acme.token, body: { color: "#ABCDEF" } })).status).toBe(200);
  });

  it("requires a greeting once the company has more than one queue", async () => {
    const only = await t.call("POST", "/queue", { token: acme.token, body: { name: "Única", color: "#111" } });
    expect(only.status).toBe(200);
    const second = await t.call("POST", "/queue", { token: acme.token, body: { name: "Segunda", color: "#222" } });
    expect(second.status).toBe(400);
    expect(second.body.error).toBe("ERR_WAPP_GREETING_REQUIRED");
    await createQueue(t, acme.token, { greetingMessage: "Olá" });
    const edit = await t.call("PUT", `/queue/${only.body.id}`, { token: acme.token, body: { name: "Única editada" } });
    expect(edit.body.error).toBe("ERR_WAPP_GREETING_REQUIRED");
    expect((await t.call("PUT", `/queue/${only.body.id}`, { token: acme.token, body: { greetingMessage: "Oi" } })).status).toBe(200);
  });

  it("requires the out-of-hours message while scheduleType is 'queue'", async () => {
    await t.call("PUT", "/companySettings", { token: acme.token, body: { column: "scheduleType", data: "queue" } });
    const res = await t.call("POST", "/queue", { token: acme.token, body: validQueue() });
    expect(res.body).toMatchObject({ error: "ERR_VALIDATION", fields: { outOfHoursMessage: "Required" } });
    expect((await t.call("POST", "/queue", { token: acme.token, body: validQueue({ outOfHoursMessage: "Fechado" }) })).status).toBe(200);
  });

  it("enforces the plan's queue limit", async () => {
    await limitQueues(t, acme.company.id, 2);
    await createQueue(t, acme.token);
    await createQueue(t, acme.token);
    const third = await t.call("POST", "/queue", { token: acme.token, body: validQueue() });
    expect(third.status).toBe(403);
    expect(third.body).toMatchObject({ error: "ERR_PLAN_LIMIT_QUEUES", limit: 2 });
  });

  it("checks rotation minutes, order and office hours", async () => {
    const res = await t.call("POST", "/queue", { token: acme.token, body: validQueue({ tempoRoteador: 7, orderQueue: "x" }) });
    expect(res.body.fields).toMatchObject({ tempoRoteador: expect.stringContaining("2, 5, 10"), orderQueue: "Invalid value" });
    const day = { weekday: "Segunda-feira", weekdayEn: "monday", startTimeA: "12:00", endTimeA: "08:00", startTimeB: "13:00", endTimeB: "" };
    const hours = await t.call("POST", "/queue", { token: acme.token, body: validQueue({ schedules: [day] }) });
    expect(hours.body.fields).toMatchObject({ "schedules.0.endTimeA": "O fim deve ser depois do início", "schedules.0.endTimeB": "Informe o início e o fim do turno" });
  });

  it("rotation switched on needs real minutes: tempoRoteador 0 with ativarRoteador true is refused", async () => {
    const res = await t.call("POST", "/queue", { token: acme.token, body: validQueue({ ativarRoteador: true, tempoRoteador: 0 }) });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ tempoRoteador: expect.stringContaining("2, 5, 10") });
    expect((await t.call("POST", "/queue", { token: acme.token, body: validQueue({ ativarRoteador: true, tempoRoteador: "" }) })).status).toBe(400);
    for (const tempoRoteador of [null, " ", "abc", false, -2]) {
      const loose = await t.call("POST", "/queue", { token: acme.token, body: validQueue({ tempoRoteador }) });
      expect(loose.status, JSON.stringify(tempoRoteador)).toBe(400);
    }
  });

  it("unknown and malformed ids", async () => {
    expect((await t.call("PUT", "/queue/999", { token: acme.token, body: { name: "Nada" } })).status).toBe(404);
    expect((await t.call("DELETE", "/queue/999", { token: acme.token })).status).toBe(404);
    expect((await t.call("GET", "/queue/abc", { token: acme.token })).status).toBe(400);
  });
});

describe("queues: security", () => {
  it("writes are for admins only", async () => {
    const plain = await createUser(t, acme.company.id);
    const q = await createQueue(t, acme.token);
    expect((await t.call("POST", "/queue", { token: plain.token, body: validQueue() })).status).toBe(403);
    expect((await t.call("PUT", `/queue/${q.id}`, { token: plain.token, body: { name: "Hack" } })).status).toBe(403);
    expect((await t.call("DELETE", `/queue/${q.id}`, { token: plain.token })).status).toBe(403);
    expect((await t.call("GET", "/queue")).status).toBe(401);
  });

  it("another company can neither read, change nor delete a queue", async () => {
    const q = await createQueue(t, acme.token, { name: "Segredo" });
    const other = await createCompanyWithAdmin(t, "Intrusa");
    expect((await t.call("GET", `/queue/${q.id}`, { token: other.token })).status).toBe(404);
    expect((await t.call("PUT", `/queue/${q.id}`, { token: other.token, body: { name: "Hack" } })).status).toBe(404);
    expect((await t.call("DELETE", `/queue/${q.id}`, { token: other.token })).status).toBe(404);
    expect((await t.call("GET", "/queue", { token: other.token })).body).toEqual([]);
    expect((await t.call("GET", `/queue/${q.id}`, { token: acme.token })).body.name).toBe("Segredo");
  });

  it("the company comes from the token, never from the body", async () => {
    const other = await createCompanyWithAdmin(t, "Outra");
    const res = await t.call("POST", "/queue", { token: other.token, body: validQueue({ companyId: acme.company.id }) });
    expect(res.body.companyId).toBe(other.company.id);
    expect((await t.call("GET", "/queue", { token: acme.token })).body).toEqual([]);
  });
});
