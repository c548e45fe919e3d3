import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jobs, users } from "../../../core/db/tables.ts";
import { defaultOfficeHours } from "../../office-hours/office-hours.contract.ts";
import { type BotWorld, botWorld } from "./automation.fixtures.ts";

/** Durable timers and the rotation, across a restart in the middle. */
let w: BotWorld;
beforeEach(async () => {
  w = await botWorld();
});
afterEach(() => w.close());

const jobsOf = async (kind: string) => w.t.kernel.db.select().from(jobs).where(eq(jobs.kind, kind));

describe("timers", () => {
  it("redirect: timeSendQueue minutes without a choice moves the ticket to sendIdQueue, after a restart", async () => {
    const a = await w.queue({ name: "Vendas" });
    const b = await w.queue({ name: "Suporte" });
    await w.connect({ greetingMessage: "Oi!", queueIds: [a.id, b.id], timeSendQueue: 5, sendIdQueue: b.id });
    const { ticketId } = await w.says("Olá");
    await w.settle();
    const [timer] = await jobsOf("automation.timer");
    expect(timer).toMatchObject({ status: "pending" });
    expect(timer!.dueAt).toBeGreaterThan(Date.now() + 4 * 60_000);
    // Not due yet: nothing moves.
    await w.settle();
    expect(await w.ticket(ticketId)).toMatchObject({ queueId: null, isBot: true });

    await w.restart();
    await w.fastForward();
    expect(await w.ticket(ticketId)).toMatchObject({ queueId: b.id, status: "pending", isBot: false });
    const logs = (await w.rows()).logs.filter((l) => l.ticketId === ticketId).map((l) => l.type);
    expect(logs).toContain("redirect");
    // The bot is done: a later message gets no menu.
    const before = (await w.botTexts(ticketId)).length;
    await w.says("1");
    await w.settle();
    expect(await w.botTexts(ticketId)).toHaveLength(before);
  });

  it("a redirect timer whose ticket chose a queue meanwhile does nothing (stale)", async () => {
    const a = await w.queue({ name: "Vendas" });
    const b = await w.queue({ name: "Suporte" });
    await w.connect({ greetingMessage: "Oi!", queueIds: [a.id, b.id], timeSendQueue: 5, sendIdQueue: b.id });
    const { ticketId } = await w.says("Olá");
    await w.settle();
    await w.says("1");
    await w.settle();
    await w.fastForward();
    expect(await w.ticket(ticketId)).toMatchObject({ queueId: a.id });
    expect((await w.rows()).logs.filter((l) => l.ticketId === ticketId).map((l) => l.type)).not.toContain("redirect");
  });

  it("bot timeout: after timeUseBotQueues minutes the bot stops and the ticket waits", async () => {
    const a = await w.queue({ name: "Vendas" });
    const b = await w.queue({ name: "Suporte" });
    await w.connect({ greetingMessage: "Oi!", queueIds: [a.id, b.id], timeUseBotQueues: 2 });
    const { ticketId } = await w.says("Olá");
    await w.settle();
    await w.restart();
    await w.fastForward();
    expect(await w.ticket(ticketId)).toMatchObject({ queueId: null, isBot: false, status: "pending" });
    await w.says("1");
    await w.settle();
    expect(await w.botTexts(ticketId)).toHaveLength(1);
  });
});

describe("bot limits", () => {
  it("maxUseBotQueues: after that many menus an invalid reply stops the bot and the ticket waits without a queue", async () => {
    const a = await w.queue({ name: "Vendas" });
    const b = await w.queue({ name: "Suporte" });
    await w.connect({ greetingMessage: "Oi!", queueIds: [a.id, b.id], maxUseBotQueues: 2 });
    const { ticketId } = await w.says("Olá");
    await w.settle();
    await w.says("9");
    await w.settle();
    expect(await w.botTexts(ticketId)).toHaveLength(2);
    expect(await w.ticket(ticketId)).toMatchObject({ isBot: true, queueId: null });
    await w.says("9");
    await w.settle();
    expect(await w.ticket(ticketId)).toMatchObject({ isBot: false, queueId: null, status: "pending", userId: null });
    // Done: neither a third menu nor a late valid choice moves it.
    await w.says("1");
    await w.settle();
    expect(await w.botTexts(ticketId)).toHaveLength(2);
    expect(await w.ticket(ticketId)).toMatchObject({ queueId: null, isBot: false });
  });
});

async function attendantsOf(queueId: number, names: string[]) {
  const ids: number[] = [];
  for (const name of names) {
    const res = await w.t.call("POST", "/users", {
      token: w.admin.token,
      body: { name, email: `${name.toLowerCase()}@rot.example`, password: "Secret123!", profile: "user", queueIds: [queueId] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    ids.push(res.body.id);
  }
  return ids;
}
const everyoneOnline = () => w.t.kernel.db.update(users).set({ online: true }).where(eq(users.companyId, w.api.companyId));
const opensOf = async (ticketIds: number[]) => (await w.rows()).logs.filter((l) => l.type === "open" && ticketIds.includes(l.ticketId));

describe("rotation", () => {
  it("gives waiting tickets to the queue's online attendants in turn, each ticket once, and retries while nobody is online", async () => {
    const sales = await w.queue({ name: "Vendas", ativarRoteador: true, tempoRoteador: 2 });
    await w.connect({ greetingMessage: "Oi!", queueIds: [sales.id] });
    const ids: number[] = [];
    for (const name of ["Ana", "Bia"]) {
      const res = await w.t.call("POST", "/users", {
        token: w.admin.token,
        body: { name, email: `${name.toLowerCase()}@rot.example`, password: "Secret123!", profile: "user", queueIds: [sales.id] },
      });
      ids.push(res.body.id);
    }
    // Nobody online: the ticket waits and the round is re-armed.
    const first = await w.says("Olá", "r-1", "5511900000011");
    await w.settle();
    expect(await w.ticket(first.ticketId)).toMatchObject({ queueId: sales.id, status: "pending", userId: null });
    expect((await jobsOf("automation.rotate")).some((j) => j.status === "pending")).toBe(true);

    await w.t.kernel.db.update(users).set({ online: true }).where(eq(users.companyId, w.api.companyId));
    const second = await w.says("Olá", "r-2", "5511900000012");
    await w.settle();
    await w.fastForward();
    const a = await w.ticket(first.ticketId);
    const b = await w.ticket(second.ticketId);
    expect([a.userId, b.userId].sort()).toEqual([...ids].sort());
    expect(a).toMatchObject({ status: "open" });
    const opens = (await w.rows()).logs.filter((l) => l.type === "open" && [first.ticketId, second.ticketId].includes(l.ticketId));
    expect(opens).toHaveLength(2);
  });
});

describe("rotation restarts the expiry clocks", () => {
  it("a ticket that waited long is given with fresh activity clocks and no warning, so the expiry sweep does not close it at once", async () => {
    const sales = await w.queue({ name: "Vendas", ativarRoteador: true, tempoRoteador: 2 });
    await w.connect({ greetingMessage: "Oi!", queueIds: [sales.id] });
    await w.t.call("POST", "/users", {
      token: w.admin.token,
      body: { name: "Ana", email: "ana@clock.example", password: "Secret123!", profile: "user", queueIds: [sales.id] },
    });
    const waited = await w.says("Olá", "c-1", "5511900000031");
    await w.settle();
    const longAgo = "2020-01-01T00:00:00.000Z";
    await w.t.kernel.db.run(sql`UPDATE tickets SET activity_at = ${longAgo}, agent_activity_at = ${longAgo}, warned_at = ${longAgo} WHERE id = ${waited.ticketId}`);

    await w.t.kernel.db.update(users).set({ online: true }).where(eq(users.companyId, w.api.companyId));
    await w.fastForward();
    expect(await w.ticket(waited.ticketId)).toMatchObject({ status: "open" });
    const [clocks] = await w.t.kernel.db.all<{ activity_at: string; agent_activity_at: string; warned_at: string | null }>(
      sql`SELECT activity_at, agent_activity_at, warned_at FROM tickets WHERE id = ${waited.ticketId}`,
    );
    expect(clocks?.warned_at).toBeNull();
    expect(clocks?.activity_at > longAgo && clocks?.agent_activity_at > longAgo).toBe(true);
  });
});

describe("rotation: userRandom and restarts", () => {
  afterEach(() => vi.restoreAllMocks());

  it("userRandom picks at random instead of in turn", async () => {
    const sales = await w.queue({ name: "Vendas", ativarRoteador: true, tempoRoteador: 2 });
    await w.connect({ greetingMessage: "", queueIds: [sales.id] });
    const ids = await attendantsOf(sales.id, ["Caio", "Duda"]);
    await everyoneOnline();
    expect((await w.setting("userRandom", "enabled")).status).toBe(200);
    // The draw always lands on the last online attendant: in turn would alternate.
    vi.spyOn(Math, "random").mockReturnValue(0.99);
    const tickets: number[] = [];
    for (const number of ["5511900000041", "5511900000042", "5511900000043"]) {
      tickets.push((await w.says("Olá", `rnd-${number}`, number)).ticketId);
      await w.settle();
    }
    for (const id of tickets) expect(await w.ticket(id)).toMatchObject({ status: "open", userId: ids[1] });
    expect(await opensOf(tickets)).toHaveLength(3);
  });

  it("a rotation round pending across a restart gives the ticket once when an attendant comes online", async () => {
    const sales = await w.queue({ name: "Vendas", ativarRoteador: true, tempoRoteador: 5 });
    await w.connect({ greetingMessage: "", queueIds: [sales.id] });
    const [caio] = await attendantsOf(sales.id, ["Caio"]);
    const { ticketId } = await w.says("Olá");
    await w.settle();
    const armed = (await jobsOf("automation.rotate")).filter((j) => j.status === "pending");
    expect(armed).toHaveLength(1);
    expect(armed[0]!.dueAt).toBeGreaterThan(Date.now());

    await w.restart();
    await everyoneOnline();
    await w.fastForward();
    expect(await w.ticket(ticketId)).toMatchObject({ status: "open", userId: caio, queueId: sales.id });
    expect(await opensOf([ticketId])).toHaveLength(1);
    // Nothing left waiting: the rotation does not re-arm itself.
    expect((await jobsOf("automation.rotate")).filter((j) => j.status === "pending")).toHaveLength(0);
    // A later round (another restart, a duplicated job) finds nothing to give.
    await w.restart();
    await w.fastForward();
    expect(await opensOf([ticketId])).toHaveLength(1);
  });
});

describe("rotation out of hours", () => {
  it("a ticket entering a closed rotation queue (scheduleType queue) is handed out once an attendant comes online", async () => {
    const closed = defaultOfficeHours().map((d) => ({ ...d, startTimeA: "", endTimeA: "", startTimeB: "", endTimeB: "" }));
    const sales = await w.queue({ name: "Vendas", outOfHoursMessage: "Fechados.", schedules: closed, ativarRoteador: true, tempoRoteador: 2 });
    await w.connect({ greetingMessage: "", queueIds: [sales.id] });
    expect((await w.setting("scheduleType", "queue")).status).toBe(200);
    const [caio] = await attendantsOf(sales.id, ["Caio"]);
    const { ticketId } = await w.says("Olá");
    await w.settle();
    expect(await w.botTexts(ticketId)).toEqual(["Fechados."]);
    expect(await w.ticket(ticketId)).toMatchObject({ status: "pending", queueId: sales.id, isBot: false });
    // Next morning: the attendant logs in; the rotation's next round gives the ticket.
    await everyoneOnline();
    await w.fastForward();
    expect(await w.ticket(ticketId)).toMatchObject({ status: "open", userId: caio });
  });
});
