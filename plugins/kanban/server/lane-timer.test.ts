import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createPlan } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import {
  type Company,
  attendant,
  createApiConnection,
  createCompanyWithAdmin,
  createLane,
  customerWrites,
  lanesOf,
  moveDue,
  putInLane,
  sqlRows,
  startWebhookReceiver,
} from "./kanban.fixtures.ts";
import { returnLinkQuery } from "./lane-return.ts";
import { dueLinksQuery } from "./lane-timer.ts";

let t: TestKernel;
let a: Company;
let api: { id: number; token: string };
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeEach(async () => {
  receiver = await startWebhookReceiver();
  t = await createTestKernel();
  a = await createCompanyWithAdmin(t, "Alfa");
  api = await createApiConnection(t, a.token, receiver.url);
});
afterEach(async () => {
  await t.close();
  await receiver.close();
});

/** Outbound messages stored for a ticket (what the customer is sent). */
const sentTo = async (ticketId: number) => (await sqlRows(t, "SELECT body FROM messages WHERE ticket_id = ? AND from_me = 1 ORDER BY id", [ticketId])).map((r) => r.body);
const HOUR = 3_600_000;

describe("lane timer: happy", () => {
  it("moves a ticket that stayed timeLane hours to nextLaneId and greets the customer once, variables filled", async () => {
    const follow = await createLane(t, a.token, { name: "Follow-up", greetingMessageLane: "Olá {{firstName}}, conseguiu ver a proposta?" });
    const sent = await createLane(t, a.token, { name: "Proposta enviada", timeLane: 24, nextLaneId: follow.id });
    const ticket = await customerWrites(t, api.token, "5511900001001", "Oi", "Ana Souza");
    await putInLane(t, a.token, ticket.ticketId, sent.id, 23);

    expect(await moveDue(t)).toBe(0); // 23 of 24 hours
    expect(await lanesOf(t, ticket.ticketId)).toEqual([sent.id]);
    expect(await moveDue(t, Date.now() + HOUR + 1000)).toBe(1);
    expect(await lanesOf(t, ticket.ticketId)).toEqual([follow.id]);
    expect(await sentTo(ticket.ticketId)).toEqual(["Olá Ana, conseguiu ver a proposta?"]);
    // Never twice: the link it read is gone, the new one starts its own (untimed) lane.
    expect(await moveDue(t, Date.now() + 100 * HOUR)).toBe(0);
    await t.kernel.jobs.runDue();
    expect(receiver.bodies).toEqual(["Olá Ana, conseguiu ver a proposta?"]);
  });

  it("the new lane's clock starts at the move; a chain moves one lane per expiry", async () => {
    const c = await createLane(t, a.token, { name: "Etapa C" });
    const b = await createLane(t, a.token, { name: "Etapa B", timeLane: 2, nextLaneId: c.id });
    const lane = await createLane(t, a.token, { name: "Etapa A", timeLane: 1, nextLaneId: b.id });
    const ticket = await customerWrites(t, api.token, "5511900001002");
    await putInLane(t, a.token, ticket.ticketId, lane.id, 5);
    expect(await moveDue(t)).toBe(1);
    expect(await lanesOf(t, ticket.ticketId)).toEqual([b.id]);
    expect(await moveDue(t)).toBe(0);
    expect(await moveDue(t, Date.now() + 2 * HOUR + 1000)).toBe(1);
    expect(await lanesOf(t, ticket.ticketId)).toEqual([c.id]);
    // No greeting configured: nothing is sent.
    expect(await sentTo(ticket.ticketId)).toEqual([]);
  });

  it("keeps the ticket's other tags; a closed ticket moves silently", async () => {
    const next = await createLane(t, a.token, { greetingMessageLane: "Oi" });
    const lane = await createLane(t, a.token, { timeLane: 1, nextLaneId: next.id });
    const chip = await t.call("POST", "/tags", { token: a.token, body: { name: "VIP" } });
    const ticket = await customerWrites(t, api.token, "5511900001003");
    await putInLane(t, a.token, ticket.ticketId, chip.body.id);
    await putInLane(t, a.token, ticket.ticketId, lane.id, 2);
    await sqlRows(t, "UPDATE tickets SET status = 'closed' WHERE id = ?", [ticket.ticketId]);
    expect(await moveDue(t)).toBe(1);
    expect(await lanesOf(t, ticket.ticketId)).toEqual([chip.body.id, next.id].sort((x, y) => x - y));
    expect(await sqlRows(t, "SELECT id FROM messages WHERE company_id = ? AND from_me = 1", [a.company.id])).toEqual([]);
  });

  it("two ticks (or two nodes) racing move each ticket once and greet once", async () => {
    const next = await createLane(t, a.token, { greetingMessageLane: "Uma vez só" });
    const lane = await createLane(t, a.token, { timeLane: 3, nextLaneId: next.id });
    const tickets = [];
    for (let i = 0; i < 5; i++) tickets.push(await customerWrites(t, api.token, `551190000110${i}`));
    for (const x of tickets) await putInLane(t, a.token, x.ticketId, lane.id, 4);
    const [one, two] = await Promise.all([moveDue(t), moveDue(t)]);
    expect(one + two).toBe(5);
    for (const x of tickets) {
      expect(await lanesOf(t, x.ticketId)).toEqual([next.id]);
      expect(await sentTo(x.ticketId)).toEqual(["Uma vez só"]);
    }
  });

  it("rollbackLaneId: a customer's message brings the ticket back; the attendant's own messages do not", async () => {
    const talking = await createLane(t, a.token, { name: "Em conversa", greetingMessageLane: "não enviar" });
    const waiting = await createLane(t, a.token, { name: "Aguardando", rollbackLaneId: talking.id });
    const ticket = await customerWrites(t, api.token, "5511900001201");
    await putInLane(t, a.token, ticket.ticketId, waiting.id);
    const user = await attendant(t, a.company.id, []);
    await sqlRows(t, "UPDATE tickets SET status = 'open', user_id = ? WHERE id = ?", [user.user.id, ticket.ticketId]);
    const reply = await t.call("POST", `/messages/${ticket.ticketId}`, { token: user.token, body: { body: "Já te respondo" } });
    expect(reply.status).toBe(200);
    expect(await lanesOf(t, ticket.ticketId)).toEqual([waiting.id]);

    await customerWrites(t, api.token, "5511900001201", "Voltei");
    expect(await lanesOf(t, ticket.ticketId)).toEqual([talking.id]);
    expect(await sentTo(ticket.ticketId)).toEqual(["Já te respondo"]);
  });
});

describe("lane timer: errors and gating", () => {
  it("lanes without a time or a next lane, a deleted next lane and a lane leading to itself move nothing", async () => {
    const next = await createLane(t, a.token);
    const untimed = await createLane(t, a.token, { nextLaneId: next.id });
    const endless = await createLane(t, a.token, { timeLane: 1 });
    const doomed = await createLane(t, a.token);
    const toDoomed = await createLane(t, a.token, { timeLane: 1, nextLaneId: doomed.id });
    const ticket = await customerWrites(t, api.token, "5511900001301");
    for (const lane of [untimed, endless, toDoomed]) await putInLane(t, a.token, ticket.ticketId, lane.id, 10);
    await t.call("DELETE", `/tags/${doomed.id}`, { token: a.token });
    const loop = await createLane(t, a.token, { timeLane: 1, greetingMessageLane: "De novo?" });
    await t.call("PUT", `/tags/${loop.id}`, { token: a.token, body: { nextLaneId: loop.id } });
    const other = await customerWrites(t, api.token, "5511900001302");
    await putInLane(t, a.token, other.ticketId, loop.id, 10);
    expect(await moveDue(t)).toBe(0);
    expect(await sentTo(other.ticketId)).toEqual([]);
    expect(await lanesOf(t, ticket.ticketId)).toEqual([untimed.id, endless.id, toDoomed.id].sort((x, y) => x - y));
  });

  it("a company whose plan drops kanban, or that is disabled, moves nothing until that changes; others go on", async () => {
    const planId = await createPlan(t, { useKanban: true });
    const c = await createCompanyWithAdmin(t, "Gamma", { planId });
    const cApi = await createApiConnection(t, c.token, receiver.url);
    const cNext = await createLane(t, c.token);
    const cLane = await createLane(t, c.token, { timeLane: 1, nextLaneId: cNext.id });
    const cTicket = await customerWrites(t, cApi.token, "5511900001401");
    await putInLane(t, c.token, cTicket.ticketId, cLane.id, 2);
    const next = await createLane(t, a.token);
    const lane = await createLane(t, a.token, { timeLane: 1, nextLaneId: next.id });
    const ticket = await customerWrites(t, api.token, "5511900001402");
    await putInLane(t, a.token, ticket.ticketId, lane.id, 2);

    const { token: superToken } = await t.login();
    expect((await t.call("PUT", `/plans/${planId}`, { token: superToken, body: { useKanban: false } })).status).toBe(200);
    expect(await moveDue(t)).toBe(1);
    expect(await lanesOf(t, cTicket.ticketId)).toEqual([cLane.id]);
    expect(await lanesOf(t, ticket.ticketId)).toEqual([next.id]);

    await t.call("PUT", `/plans/${planId}`, { token: superToken, body: { useKanban: true } });
    await sqlRows(t, "UPDATE companies SET status = 0 WHERE id = ?", [c.company.id]);
    await t.kernel.companyAccess.invalidate(c.company.id);
    expect(await moveDue(t)).toBe(0);
    await sqlRows(t, "UPDATE companies SET status = 1 WHERE id = ?", [c.company.id]);
    await t.kernel.companyAccess.invalidate(c.company.id);
    expect(await moveDue(t)).toBe(1);
    expect(await lanesOf(t, cTicket.ticketId)).toEqual([cNext.id]);
  });

  it("the tick is one indexed query: the timed lanes' partial index, then a range of the link index per lane", async () => {
    const plan = await t.kernel.db.all<{ detail: string }>(sql`EXPLAIN QUERY PLAN ${dueLinksQuery(Date.now(), [7])}`);
    const details = plan.map((r) => String(r.detail));
    expect(details.some((d) => /tags_timed_lanes_idx/.test(d))).toBe(true);
    expect(details.some((d) => /ticket_tags_tag_created_idx \(tag_id=\? AND created_at<\?\)/.test(d))).toBe(true);
    expect(details.filter((d) => /^SCAN/.test(d) && !/tags_timed_lanes_idx/.test(d))).toEqual([]);
  });

  it("a customer's message reads the ticket's own links first, then lanes by id, with or without many tags", async () => {
    for (let i = 0; i < 30; i++) await createLane(t, a.token, { name: `Raia ${i}` });
    for (const analyzed of [false, true]) {
      if (analyzed) await t.kernel.db.run(sql`ANALYZE`);
      const plan = await t.kernel.db.all<{ detail: string }>(sql`EXPLAIN QUERY PLAN ${returnLinkQuery(a.company.id, 1)}`);
      const details = plan.map((r) => String(r.detail));
      expect(details[0]).toMatch(/^SEARCH ticket_tags USING COVERING INDEX ticket_tags_unique \(ticket_id=\?\)/);
      // Each lane by its id (the primary key, or the company index's rowid once analyzed).
      expect(details.slice(1)).toEqual([expect.stringMatching(/^SEARCH tags USING .*rowid=\?\)$/), expect.stringMatching(/^SEARCH tags USING .*rowid=\?\)$/)]);
    }
  });
});
