import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCompanyWithAdmin, createUser } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { rangeOf } from "./report-range.ts";
import { at, type Pinned, pinnedTicket } from "./reports.fixtures.ts";
import { SlaService } from "./sla.service.ts";
import { SlaTargetsService } from "./sla-targets.service.ts";

/*
 * SLA per queue through the real server, on tickets whose clocks and messages are pinned
 * (reports.fixtures.ts). Targets: Vendas first response 10 min, resolution 60; Suporte first
 * response 5, no resolution target; Outros none. Day 2030-01-10, every figure by hand below.
 */

let t: TestKernel;
let token: string;
let companyId: number;
let adminId: number;
let userToken: string;
let plainToken: string;
const q: Record<string, number> = {};
let otherQueue: number;
let conn: { id: number; token: string };
let n = 0;

/** A message: the customer's, a bot's (from us, no user), an attendant's reply (their id) or internal note (`{ note: id }`). */
type Msg = ["customer" | "bot" | number | { note: number }, string];

async function ticket(queue: string | null, p: Pinned, messages: Msg[]) {
  const { ticketId } = await pinnedTicket(t, conn.token, `55118${String(++n).padStart(8, "0")}`, p);
  const client = t.kernel.database.client;
  await client.execute({ sql: "UPDATE tickets SET queue_id = ? WHERE id = ?", args: [queue ? q[queue]! : null, ticketId] });
  for (const [who, createdAt] of messages) {
    const fromMe = who !== "customer";
    const userId = typeof who === "number" ? who : typeof who === "object" ? who.note : null;
    await client.execute({
      sql: "INSERT INTO messages (company_id, ticket_id, provider_id, body, from_me, user_id, is_private, created_at, updated_at) VALUES (?, ?, ?, 'x', ?, ?, ?, ?, ?)",
      args: [companyId, ticketId, `sla-${ticketId}-${createdAt}-${String(fromMe)}`, fromMe ? 1 : 0, userId, typeof who === "object" ? 1 : 0, createdAt, createdAt],
    });
  }
  return ticketId;
}

beforeAll(async () => {
  t = await createTestKernel();
  const owner = await createCompanyWithAdmin(t, "SLA");
  token = owner.token;
  companyId = owner.company.id;
  const A = owner.user.id;
  adminId = A;
  const viewer = await createUser(t, companyId, { name: "Vê", showDashboard: "enabled" });
  userToken = viewer.token;
  const plain = await createUser(t, companyId, { name: "Zé" });
  plainToken = plain.token;
  for (const [name, color] of [
    ["Vendas", "#aa0000"],
    ["Suporte", "#00aa00"],
    ["Outros", "#0000aa"],
  ] as const) {
    const res = await t.call("POST", "/queue", { token, body: { name, color, greetingMessage: `Fila ${name}` } });
    expect(res.status).toBe(200);
    q[name] = res.body.id;
  }
  const other = await createCompanyWithAdmin(t, "Outra");
  otherQueue = (await t.call("POST", "/queue", { token: other.token, body: { name: "Alheia", color: "#abcdef" } })).body.id;
  conn = (await t.call("POST", "/whatsapp", { token, body: { name: "API", channel: "api", webhookUrl: "http://127.0.0.1:9/hook" } })).body;
  const d = (hhmm: string) => at("10", hhmm);
  // V1: first response 10:00 → 10:06 = 6 (met); resolution 10:00 → 10:50 = 50 (met).
  await ticket("Vendas", { status: "closed", userId: A, createdAt: d("10:00"), acceptedAt: d("10:05"), closedAt: d("10:50") }, [
    ["customer", d("10:00")],
    [A, d("10:06")],
  ]);
  // V2: 11:00 → 11:25 = 25 (missed); 11:00 → 12:30 = 90 (missed).
  await ticket("Vendas", { status: "closed", userId: A, createdAt: d("11:00"), acceptedAt: d("11:20"), closedAt: d("12:30") }, [
    ["customer", d("11:00")],
    [A, d("11:25")],
  ]);
  // V3: a bot 13:00–13:30 (its time excluded): the customer asks 13:31, reply 13:40 = 9 (met; 40 counting the bot);
  // resolution from the queue entry 13:30 to 14:00 = 30 (met).
  await ticket(
    "Vendas",
    {
      status: "closed",
      userId: A,
      createdAt: d("13:00"),
      acceptedAt: d("13:35"),
      closedAt: d("14:00"),
      logs: [
        ["chatBot", d("13:00")],
        ["queue", d("13:30")],
      ],
    },
    [
      ["customer", d("13:00")],
      ["bot", d("13:00")],
      ["customer", d("13:31")],
      [A, d("13:40")],
    ],
  );
  // V4: pending since 15:00, nobody answered.
  await ticket("Vendas", { status: "pending", createdAt: d("15:00") }, [["customer", d("15:00")]]);
  // V5: open since 16:00; only a bot's text and an internal note since: no human reply.
  await ticket("Vendas", { status: "open", userId: A, createdAt: d("16:00"), acceptedAt: d("16:00") }, [
    ["customer", d("16:00")],
    ["bot", d("16:01")],
    [{ note: A }, d("16:02")],
  ]);
  // S1: 10:00 → 10:05 = 5, exactly the target (met).
  await ticket("Suporte", { status: "closed", userId: A, createdAt: d("10:00"), acceptedAt: d("10:00"), closedAt: d("10:30") }, [
    ["customer", d("10:00")],
    [A, d("10:05")],
  ]);
  // Without a queue, and in a queue without targets: never counted. The 11th: outside the range.
  await ticket(null, { status: "closed", userId: A, createdAt: d("10:00"), acceptedAt: d("10:00"), closedAt: d("23:00") }, [["customer", d("10:00")]]);
  await ticket("Outros", { status: "pending", createdAt: d("10:00") }, [["customer", d("10:00")]]);
  await ticket("Vendas", { status: "pending", createdAt: at("11", "10:00") }, [["customer", at("11", "10:00")]]);
}, 90_000);
afterAll(() => t?.close());

const targets = () => [
  { queueId: q.Vendas!, firstResponseMinutes: 10, resolutionMinutes: 60 },
  { queueId: q.Suporte!, firstResponseMinutes: 5, resolutionMinutes: null },
];

describe("GET/PUT /reports/sla", () => {
  it("lists every queue of the company with no targets, then saves and answers them", async () => {
    const before = await t.call("GET", "/reports/sla", { token });
    expect(before.status).toBe(200);
    expect(before.body.targets.map((x: { queueName: string }) => x.queueName)).toEqual(["Outros", "Suporte", "Vendas"]);
    expect(before.body.targets.every((x: { firstResponseMinutes: null }) => x.firstResponseMinutes === null)).toBe(true);
    const saved = await t.call("PUT", "/reports/sla/", { token, body: { targets: [...targets(), { queueId: q.Outros!, firstResponseMinutes: null, resolutionMinutes: null }] } });
    expect(saved.status).toBe(200);
    expect(saved.body.targets).toEqual([
      { queueId: q.Outros, queueName: "Outros", queueColor: "#0000aa", firstResponseMinutes: null, resolutionMinutes: null },
      { queueId: q.Suporte, queueName: "Suporte", queueColor: "#00aa00", firstResponseMinutes: 5, resolutionMinutes: null },
      { queueId: q.Vendas, queueName: "Vendas", queueColor: "#aa0000", firstResponseMinutes: 10, resolutionMinutes: 60 },
    ]);
    expect((await t.call("GET", "/reports/sla", { token: userToken })).body).toEqual(saved.body);
  });

  it("refuses another company's queue, a repeated queue and bad minutes, naming the field; nothing changes", async () => {
    const foreign = await t.call("PUT", "/reports/sla", { token, body: { targets: [{ queueId: otherQueue, firstResponseMinutes: 5, resolutionMinutes: null }] } });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({ error: "ERR_VALIDATION", fields: { "targets.0.queueId": "Invalid queue" } });
    const twice = await t.call("PUT", "/reports/sla", { token, body: { targets: [...targets(), targets()[0]] } });
    expect(twice.body.fields).toEqual({ "targets.2.queueId": "Duplicated queue" });
    for (const bad of [0, 1.5, 600_000, "10"]) {
      const res = await t.call("PUT", "/reports/sla", { token, body: { targets: [{ queueId: q.Vendas, firstResponseMinutes: bad, resolutionMinutes: null }] } });
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.error).toBe("ERR_VALIDATION");
    }
    expect((await t.call("GET", "/reports/sla", { token })).body.targets.find((x: { queueId: number }) => x.queueId === q.Vendas)).toMatchObject({ firstResponseMinutes: 10 });
  });

  it("writes are for admins; reading needs showDashboard", async () => {
    const res = await t.call("PUT", "/reports/sla", { token: userToken, body: { targets: [] } });
    expect(res.status).toBe(403);
    const denied = await t.call("GET", "/reports/sla", { token: plainToken });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe("ERR_REPORTS_FORBIDDEN");
    expect((await t.call("GET", "/reports/sla/compliance", { token: plainToken })).status).toBe(403);
  });
});

describe("GET /reports/sla/compliance", () => {
  it("answers % met per queue with a target, by hand", async () => {
    const res = await t.call("GET", "/reports/sla/compliance?date_from=2030-01-10&date_to=2030-01-10", { token: userToken });
    expect(res.status).toBe(200);
    // Now (today) is before the fixture's day: V4 and V5 are still inside their targets (running).
    expect(res.body).toEqual({
      from: "2030-01-10",
      to: "2030-01-10",
      businessHours: false,
      queues: [
        { queueId: q.Suporte, queueName: "Suporte", queueColor: "#00aa00", firstResponse: { targetMinutes: 5, met: 1, missed: 0, running: 0, perc: 100 }, resolution: null },
        {
          queueId: q.Vendas,
          queueName: "Vendas",
          queueColor: "#aa0000",
          // V1 and V3 met, V2 missed: 2 of 3.
          firstResponse: { targetMinutes: 10, met: 2, missed: 1, running: 2, perc: 66.67 },
          resolution: { targetMinutes: 60, met: 2, missed: 1, running: 2, perc: 66.67 },
        },
      ],
    });
  });

  it("a clock still running past its target is missed (as of 16:20 that day)", async () => {
    const sla = new SlaService(t.kernel.db, new SlaTargetsService(t.kernel.db));
    const all = await sla.compliance(companyId, rangeOf({ from: "2030-01-10", to: "2030-01-10" }), { now: new Date(at("10", "16:20")) });
    const vendas = all.find((x) => x.queueId === q.Vendas);
    // First response: V4 waits since 15:00 (80 > 10) and V5 since 16:00 (20 > 10): missed; 2 of 5.
    expect(vendas!.firstResponse).toEqual({ targetMinutes: 10, met: 2, missed: 3, running: 0, perc: 40 });
    // Resolution: V4 80 > 60 missed, V5 20 ≤ 60 running: 2 of 4.
    expect(vendas!.resolution).toEqual({ targetMinutes: 60, met: 2, missed: 2, running: 1, perc: 50 });
  });

  it("is empty without targets, scoped to the company, and names a bad date", async () => {
    const other = await createCompanyWithAdmin(t, "Sem metas");
    expect((await t.call("GET", "/reports/sla/compliance?date_from=2030-01-10&date_to=2030-01-10", { token: other.token })).body.queues).toEqual([]);
    const bad = await t.call("GET", "/reports/sla/compliance?date_from=ontem", { token });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("ERR_VALIDATION");
  });
});

describe("the panel marks tickets about to breach", () => {
  it("warns from 80 % of the first-response target with no human reply, breached past it, nothing once answered", async () => {
    const client = t.kernel.database.client;
    const mark = async () => {
      const groups = (await t.call("GET", "/usersMoments", { token })).body as { tickets: { id: number; sla: { state: string; dueAt: string } | null }[] }[];
      return groups.flatMap((g) => g.tickets).find((x) => x.id === live);
    };
    // A customer writes now into Vendas (target 10 min).
    const live = await ticket("Vendas", { status: "pending", createdAt: new Date().toISOString() }, []);
    const ago = (min: number) => new Date(Date.now() - min * 60_000).toISOString();
    const setAsked = (when: string) => client.execute({ sql: "UPDATE messages SET created_at = ? WHERE ticket_id = ? AND from_me = 0", args: [when, live] });
    await client.execute({ sql: "UPDATE tickets SET created_at = ?, updated_at = ? WHERE id = ?", args: [ago(30), new Date().toISOString(), live] });
    await setAsked(ago(5));
    expect((await mark())?.sla).toMatchObject({ state: "ok" });
    await setAsked(ago(9));
    const warned = (await mark())!.sla!;
    expect(warned.state).toBe("warning");
    expect(Date.parse(warned.dueAt) - Date.now()).toBeGreaterThan(0);
    await setAsked(ago(11));
    expect((await mark())?.sla?.state).toBe("breached");
    // A human answers: no mark.
    await client.execute({
      sql: "INSERT INTO messages (company_id, ticket_id, provider_id, body, from_me, user_id, is_private, created_at, updated_at) VALUES (?, ?, 'reply-live', 'oi', 1, ?, 0, ?, ?)",
      args: [companyId, live, adminId, ago(1), ago(1)],
    });
    expect((await mark())?.sla).toBeNull();
  });
});
