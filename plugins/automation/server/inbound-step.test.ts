import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { defaultOfficeHours } from "../../office-hours/office-hours.contract.ts";
import { type BotWorld, botWorld } from "./automation.fixtures.ts";
import { localDate } from "../../../core/time/index.ts";
import { serverTimeZone } from "./snapshot-builder.ts";

/**
 * The inbound step enqueues a bot turn only where the engine may act: a connection with
 * nothing configured costs no job (issue 13 "Throughput"), whatever single option is set
 * still gets its turn, and a change counts from the next message.
 */
let w: BotWorld;
beforeEach(async () => {
  w = await botWorld();
});
afterEach(() => w.close());

const stepJobs = async () => Number((await w.t.kernel.database.client.execute("SELECT count(*) AS n FROM jobs WHERE kind = 'automation.step'")).rows[0]!.n);
const day = (offset: number) => localDate(Date.now() + offset * 86_400_000, serverTimeZone());
const closedWeek = () => defaultOfficeHours().map((d) => ({ ...d, startTimeA: "", endTimeA: "", startTimeB: "", endTimeB: "" }));
const put = (fields: Record<string, unknown>) => w.t.call("PUT", `/whatsapp/${w.api.id}`, { token: w.admin.token, body: fields });

describe("inbound step: nothing to automate", () => {
  it("a connection without greeting, queues, vacation or acting settings enqueues no step for pending tickets", async () => {
    await w.connect();
    const first = await w.says("Olá");
    await w.says("Alguém aí?");
    await w.says("Oi", "in-other", "5511988887777");
    expect(await stepJobs()).toBe(0);
    await w.settle();
    expect(await w.botTexts()).toEqual([]);
    expect(await w.ticket(first.ticketId)).toMatchObject({ status: "pending", queueId: null, isBot: false });
  });

  it("a greeting configured after a message counts from the next message (read in the unit, no stale cache)", async () => {
    await w.connect();
    await w.says("Olá", "in-before", "5511977776666");
    expect(await stepJobs()).toBe(0);
    expect((await put({ greetingMessage: "Bem-vindo!" })).status).toBe(200);
    const { ticketId } = await w.says("Olá");
    expect(await stepJobs()).toBe(1);
    await w.settle();
    expect(await w.botTexts(ticketId)).toEqual(["Bem-vindo!"]);
  });
});

describe("inbound step: any single option still gets its turn", () => {
  it("greeting only: the greeting answers", async () => {
    await w.connect({ greetingMessage: "Oi {{firstName}}!" });
    const { ticketId } = await w.says("Olá");
    await w.settle();
    expect(await w.botTexts(ticketId)).toEqual(["Oi Ana!"]);
  });

  it("one queue and no greeting: the ticket enters the queue", async () => {
    const sales = await w.queue({ name: "Vendas", greetingMessage: "" });
    await w.connect({ queueIds: [sales.id] });
    const { ticketId } = await w.says("Olá");
    await w.settle();
    expect(await w.ticket(ticketId)).toMatchObject({ queueId: sales.id, status: "pending" });
  });

  it("a collective vacation only: its message answers", async () => {
    await w.connect({ collectiveVacationStart: day(-1), collectiveVacationEnd: day(1), collectiveVacationMessage: "Férias." });
    const { ticketId } = await w.says("Olá");
    await w.settle();
    expect(await w.botTexts(ticketId)).toEqual(["Férias."]);
  });

  it("scheduleType connection with a closed week only: the out-of-hours message answers", async () => {
    await w.connect({ outOfHoursMessage: "Fechado.", schedules: closedWeek() });
    expect((await w.setting("scheduleType", "connection")).status).toBe(200);
    const { ticketId } = await w.says("Olá");
    await w.settle();
    expect(await w.botTexts(ticketId)).toEqual(["Fechado."]);
  });

  it("wallets enabled: the step is enqueued for the engine to decide", async () => {
    await w.connect();
    expect((await w.setting("DirectTicketsToWallets", "enabled")).status).toBe(200);
    await w.says("Olá");
    expect(await stepJobs()).toBe(1);
  });

  it("a ticket the bot holds goes on after the connection's options are removed", async () => {
    const a = await w.queue({ name: "Vendas" });
    const b = await w.queue({ name: "Suporte" });
    await w.connect({ greetingMessage: "Oi!", queueIds: [a.id, b.id] });
    const { ticketId } = await w.says("Olá");
    await w.settle();
    expect(await w.ticket(ticketId)).toMatchObject({ isBot: true });
    expect((await put({ greetingMessage: "", queueIds: [] })).status).toBe(200);
    const before = await stepJobs();
    await w.says("1");
    expect(await stepJobs()).toBe(before + 1);
    await w.settle();
  });
});
