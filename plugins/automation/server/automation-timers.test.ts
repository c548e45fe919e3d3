import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { jobs, users } from "../../../core/db/tables.ts";
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
