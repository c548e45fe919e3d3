import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestKernel, type TestKernel } from "../support/test-kernel.ts";
import { createCompanyWithAdmin, createUser } from "../support/fixtures.ts";

/**
 * Tenancy proof over the whole API: every documented route is called by company A's
 * admin and plain user with every id that belongs to company B in each path parameter
 * (and as `companyId` in the query and body). Nothing may answer with B's data, and
 * B's rows must be exactly as they were afterwards. New plugins are covered as soon as
 * their routes are in the OpenAPI document; `seedCompanyB` names the data to create.
 */
const MARK = "BETA-SECRET";
let t: TestKernel;
let a: { admin: string; user: string };
let bCompanyId: number;

async function seedCompanyB(token: string, companyId: number, adminId: number) {
  const calls: [string, string, unknown][] = [
    ["POST", "/users", { name: `${MARK} user`, email: "beta-user@beta.test", password: "Secret123", profile: "user" }],
    ["PUT", `/users/${adminId}`, { name: `${MARK} admin` }],
    ["PUT", "/companySettings", { column: "greetingAcceptedMessage", data: `${MARK} greeting` }],
    [
      "POST",
      "/queue",
      { name: "Beta fila", color: "#b0b0b0", greetingMessage: `${MARK} queue`, chatbots: [{ name: `${MARK} option`, greetingMessage: MARK, options: [{ name: `${MARK} step` }] }] },
    ],
    ["POST", "/contacts", { name: `${MARK} contact`, number: "5511987650000", email: "beta@beta.test", extraInfo: [{ name: "CPF", value: MARK }] }],
    ["POST", "/tags", { name: `${MARK} tag` }],
    ["POST", "/quick-messages", { shortcode: `${MARK} quick`, message: `${MARK} reply`, geral: true, visao: true }],
    ["POST", "/whatsapp", { name: `${MARK} zap`, greetingMessage: `${MARK} greeting`, webhookUrl: "http://127.0.0.1:9/beta" }],
    [
      "PUT",
      `/companies/${companyId}/schedules`,
      { schedules: [{ weekday: "segunda-feira", weekdayEn: "monday", startTimeA: "08:00", endTimeA: "12:00", startTimeB: "13:00", endTimeB: "18:00" }] },
    ],
  ];
  for (const [method, path, body] of calls) {
    const res = await t.call(method, path, { token, body });
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  }
  // B's contact carries a tag (contact_tags rows of B)
  const contact = (await t.call("GET", "/contacts", { token })).body.contacts[0];
  const synced = await t.call("POST", "/tags/sync", { token, body: { contactId: contact.id, tags: [{ name: `${MARK} tag` }, { name: `${MARK} other` }] } });
  expect(synced.status, JSON.stringify(synced.body)).toBe(200);
  // B's connection serves B's queue (whatsapp_queues rows of B)
  const [zap] = (await t.call("GET", "/whatsapp", { token })).body;
  const queue = (await t.call("GET", "/queue", { token })).body[0];
  const linked = await t.call("PUT", `/whatsapp/${zap.id}`, { token, body: { queueIds: [queue.id] } });
  expect(linked.status, JSON.stringify(linked.body)).toBe(200);
  // B's admin has a default connection (connections' user_default_connections) and a
  // ticket-list width (tickets' ticket_list_preferences)
  const defaulted = await t.call("PUT", `/users/${adminId}`, { token, body: { whatsappId: zap.id } });
  expect(defaulted.status, JSON.stringify(defaulted.body)).toBe(200);
  const widened = await t.call("PUT", `/users/toggleChangeWidht/${adminId}`, { token, body: { defaultTicketsManagerWidth: 640 } });
  expect(widened.status, JSON.stringify(widened.body)).toBe(200);
  // B's schedule names B's contact, connection, queue and admin, and carries a file (schedules)
  const schedule = await t.call("POST", "/schedules", {
    token,
    body: { body: `${MARK} schedule`, contactId: contact.id, sendAt: "2099-01-01T09:00:00Z", whatsappId: zap.id, queueId: queue.id, ticketUserId: adminId, statusTicket: "open" },
  });
  expect(schedule.status, JSON.stringify(schedule.body)).toBe(200);
  const file = new FormData();
  file.append("file", new File([MARK], "beta.txt", { type: "text/plain" }));
  const attached = await t.call("POST", `/schedules/${schedule.body.id}/media-upload`, { token, body: file });
  expect(attached.status, JSON.stringify(attached.body)).toBe(200);
}

/** Every row of every table that belongs to company B (by company_id, or the company row itself). */
async function snapshotOfB(): Promise<string> {
  const client = t.kernel.database.client;
  const tables = await client.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND substr(name, 1, 1) <> '_'");
  const out: Record<string, unknown[]> = {};
  for (const row of tables.rows) {
    const name = String(row.name);
    const cols = await client.execute(`PRAGMA table_info("${name}")`);
    const names = cols.rows.map((c) => String(c.name));
    if (name === "companies") out[name] = (await client.execute({ sql: `SELECT * FROM companies WHERE id = ?`, args: [bCompanyId] })).rows;
    else if (names.includes("company_id"))
      // Tables keyed otherwise (e.g. whatsapp_auth_keys) are ordered by every column.
      out[name] = (
        await client.execute({
          sql: `SELECT * FROM "${name}" WHERE company_id = ? ORDER BY ${names.includes("id") ? "id" : names.map((_, i) => i + 1).join(", ")}`,
          args: [bCompanyId],
        })
      ).rows;
  }
  return JSON.stringify(out);
}

async function idsOfB(): Promise<number[]> {
  const snap = JSON.parse(await snapshotOfB()) as Record<string, { id?: number }[]>;
  const ids = new Set<number>([bCompanyId]);
  for (const rows of Object.values(snap)) for (const r of rows) if (typeof r.id === "number") ids.add(r.id);
  return [...ids];
}

beforeAll(async () => {
  t = await createTestKernel();
  const companyA = await createCompanyWithAdmin(t, "Alfa");
  const plainA = await createUser(t, companyA.company.id);
  a = { admin: companyA.token, user: plainA.token };
  const companyB = await createCompanyWithAdmin(t, `${MARK} company`);
  bCompanyId = companyB.company.id;
  await seedCompanyB(companyB.token, bCompanyId, companyB.user.id);
}, 60_000);
afterAll(() => t.close());

describe("tenancy: company A can read, change or delete nothing of company B", () => {
  it("through any documented route", async () => {
    const before = await snapshotOfB();
    expect(before).toContain(MARK);
    const ids = await idsOfB();
    const doc = (await t.call("GET", "/openapi.json")).body as { paths: Record<string, Record<string, unknown>> };
    const leaks: string[] = [];
    let calls = 0;
    const skip = /^\/(auth\/(login|signup|logout)|forgetpassword|resetpasswords)/;
    const body = {
      name: "HACKED",
      title: "HACKED",
      text: "HACKED",
      email: "hacked@alfa.test",
      password: "Hacked123",
      value: "HACKED",
      column: "greetingAcceptedMessage",
      data: "HACKED",
      companyId: bCompanyId,
      schedules: [],
    };
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (skip.test(path)) continue;
      const params = path.match(/\{[^}]+\}/g) ?? [];
      const variants = params.length ? ids.map((id) => params.reduce((p, name) => p.replace(name, String(id)), path)) : [path];
      for (const method of Object.keys(methods)) {
        for (const concrete of variants) {
          const url = `${concrete}${concrete.includes("?") ? "&" : "?"}companyId=${bCompanyId}&column=greetingAcceptedMessage`;
          for (const token of [a.admin, a.user]) {
            const res = await t.call(method.toUpperCase(), url, { token, body: method === "get" || method === "delete" ? undefined : body });
            calls++;
            if (JSON.stringify(res.body ?? "").includes(MARK)) leaks.push(`${method.toUpperCase()} ${url} -> ${res.status}`);
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(100);
    expect(leaks, "responses carrying company B's data").toEqual([]);
    expect(await snapshotOfB(), "company B's rows changed").toBe(before);
  }, 300_000);
});
