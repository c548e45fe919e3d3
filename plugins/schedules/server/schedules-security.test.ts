import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { createUser } from "../../../tests/support/fixtures.ts";
import { type Company, createApiConnection, createCompanyWithAdmin, createContact, createSchedule, inMinutes } from "./schedules.fixtures.ts";

let t: TestKernel;
let a: Company;
let b: Company;
let bSchedule: { id: number };
let bContact: number;
beforeEach(async () => {
  t = await createTestKernel();
  a = await createCompanyWithAdmin(t, "Alfa");
  b = await createCompanyWithAdmin(t, "Beta");
  bContact = await createContact(t, b.token, "Cliente Beta");
  bSchedule = await createSchedule(t, b.token, { body: "Segredo da Beta", contactId: bContact, sendAt: inMinutes(60) });
});
afterEach(() => t.close());

describe("schedules: security", () => {
  it("another company's schedule is not found, not listed and not changed", async () => {
    const id = bSchedule.id;
    for (const [method, path] of [
      ["GET", `/schedules/${id}`],
      ["PUT", `/schedules/${id}`],
      ["DELETE", `/schedules/${id}`],
      ["DELETE", `/schedules/${id}/media-upload`],
    ] as const) {
      const res = await t.call(method, path, { token: a.token, body: method === "PUT" ? { body: "Tomada pela Alfa" } : undefined });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error).toBe("ERR_NO_SCHEDULE_FOUND");
    }
    const form = new FormData();
    form.append("file", new File(["x"], "a.txt", { type: "text/plain" }));
    expect((await t.call("POST", `/schedules/${id}/media-upload`, { token: a.token, body: form })).status).toBe(404);
    expect((await t.call("GET", "/schedules?searchParam=Segredo", { token: a.token })).body).toEqual({ schedules: [], count: 0, hasMore: false });
    expect((await t.call("GET", `/schedules?contactId=${bContact}`, { token: a.token })).body.count).toBe(0);
    expect((await t.call("GET", `/schedules/${id}`, { token: b.token })).body).toMatchObject({ body: "Segredo da Beta", status: "PENDENTE" });
  });

  it("a schedule may point only at the company's own contact, connection, queue and attendant", async () => {
    const sendAt = inMinutes(60);
    const mine = await createContact(t, a.token);
    const bConnection = await createApiConnection(t, b.token, "http://127.0.0.1:9/hook");
    const bQueue = (await t.call("POST", "/queue", { token: b.token, body: { name: "Fila Beta", color: "#0000aa" } })).body;
    const bUser = await createUser(t, b.company.id);
    const post = (body: Record<string, unknown>) => t.call("POST", "/schedules", { token: a.token, body: { body: "Olá, tudo bem?", contactId: mine, sendAt, ...body } });
    expect((await post({ contactId: bContact })).body.error).toBe("ERR_NO_CONTACT_FOUND");
    expect((await post({ whatsappId: bConnection.id })).body.error).toBe("ERR_NO_WAPP_FOUND");
    expect((await post({ queueId: bQueue.id })).body.fields).toEqual({ queueId: "Invalid value" });
    expect((await post({ ticketUserId: bUser.user.id })).body.error).toBe("ERR_NO_USER_FOUND");
    const own = await createSchedule(t, a.token, { body: "Da própria Alfa", contactId: mine, sendAt });
    expect((await t.call("PUT", `/schedules/${own.id}`, { token: a.token, body: { contactId: bContact } })).body.error).toBe("ERR_NO_CONTACT_FOUND");
  });

  it("the company comes from the token: a companyId or userId in the body is ignored", async () => {
    const mine = await createContact(t, a.token);
    const plain = await createUser(t, a.company.id);
    const res = await t.call("POST", "/schedules", {
      token: plain.token,
      body: { body: "Olá, tudo bem?", contactId: mine, sendAt: inMinutes(60), companyId: b.company.id, userId: b.user.id },
    });
    expect(res.body).toMatchObject({ companyId: a.company.id, userId: plain.user.id });
  });

  it("events go to the schedule's company only; no token, no schedules", async () => {
    const companies: number[] = [];
    t.kernel.realtime.emit = (companyId, event) => void (event.endsWith("-schedule") && companies.push(companyId));
    await createSchedule(t, a.token, { body: "Evento da Alfa", contactId: await createContact(t, a.token), sendAt: inMinutes(60) });
    expect(companies).toEqual([a.company.id]);
    expect((await t.call("GET", "/schedules")).status).toBe(401);
  });
});
