import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { defaultOfficeHours } from "../../office-hours/office-hours.contract.ts";
import { type BotWorld, botWorld } from "./automation.fixtures.ts";
import { localDate } from "../../../core/time/index.ts";
import { serverTimeZone } from "./snapshot-builder.ts";

/** Collective vacation and office hours by connection or queue, as customer conversations on the API channel. */
let w: BotWorld;
beforeEach(async () => {
  w = await botWorld();
});
afterEach(() => w.close());

const DAY = 86_400_000;
const day = (offset: number) => localDate(Date.now() + offset * DAY, serverTimeZone());
/** A week whose every day has empty shifts: closed all week. */
const closedWeek = () => defaultOfficeHours().map((d) => ({ ...d, startTimeA: "", endTimeA: "", startTimeB: "", endTimeB: "" }));
/** Open all day, every day but its last minute (the default week closes at night, when tests may run). */
const openWeek = () => defaultOfficeHours().map((d) => ({ ...d, startTimeA: "00:00", endTimeA: "23:59", startTimeB: "", endTimeB: "" }));

describe("collective vacation", () => {
  it("during the period the vacation message answers once, instead of the menu, and the ticket stays pending", async () => {
    const a = await w.queue({ name: "Vendas" });
    const b = await w.queue({ name: "Suporte" });
    await w.connect({
      greetingMessage: "Oi!",
      queueIds: [a.id, b.id],
      collectiveVacationStart: day(-1),
      collectiveVacationEnd: day(1),
      collectiveVacationMessage: "Férias coletivas até {{date}}.",
    });
    const { ticketId } = await w.says("Olá");
    await w.settle();
    await w.says("1");
    await w.settle();
    const texts = await w.botTexts(ticketId);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/^Férias coletivas até /);
    expect(texts[0]).not.toContain("{{");
    expect(w.posted()).toEqual(texts);
    expect(await w.ticket(ticketId)).toMatchObject({ status: "pending", queueId: null });
  });

  it("once the period is moved into the past, the next message starts the flow where it was", async () => {
    const a = await w.queue({ name: "Vendas", greetingMessage: "Vendas aqui." });
    await w.connect({ greetingMessage: "Oi!", queueIds: [a.id], collectiveVacationStart: day(-1), collectiveVacationEnd: day(1), collectiveVacationMessage: "Férias." });
    const { ticketId } = await w.says("Olá");
    await w.settle();
    expect(await w.ticket(ticketId)).toMatchObject({ queueId: null });
    const edited = await w.t.call("PUT", `/whatsapp/${w.api.id}`, { token: w.admin.token, body: { collectiveVacationStart: day(-5), collectiveVacationEnd: day(-2) } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    await w.says("Oi?");
    await w.settle();
    expect(await w.botTexts(ticketId)).toEqual(["Férias.", "Oi!", "Vendas aqui."]);
    expect(await w.ticket(ticketId)).toMatchObject({ queueId: a.id, status: "pending" });
  });

  it("a period that ended yesterday leaves the bot as usual", async () => {
    const a = await w.queue({ name: "Vendas" });
    const b = await w.queue({ name: "Suporte" });
    await w.connect({ greetingMessage: "Oi!", queueIds: [a.id, b.id], collectiveVacationStart: day(-5), collectiveVacationEnd: day(-1), collectiveVacationMessage: "Férias." });
    const { ticketId } = await w.says("Olá");
    await w.settle();
    expect(await w.botTexts(ticketId)).toEqual(["Oi!\n\n*1* - Vendas\n*2* - Suporte"]);
  });
});

describe("office hours by connection", () => {
  it("scheduleType connection: the connection's closed week answers its out-of-hours message once, no menu", async () => {
    const a = await w.queue({ name: "Vendas" });
    const b = await w.queue({ name: "Suporte" });
    await w.connect({ greetingMessage: "Oi!", outOfHoursMessage: "Conexão fechada.", queueIds: [a.id, b.id], schedules: closedWeek() });
    expect((await w.setting("scheduleType", "connection")).status).toBe(200);
    const { ticketId } = await w.says("Olá");
    await w.settle();
    await w.says("1");
    await w.settle();
    expect(await w.botTexts(ticketId)).toEqual(["Conexão fechada."]);
    expect(await w.ticket(ticketId)).toMatchObject({ status: "pending", queueId: null });
  });

  it("the connection's hours are ignored while scheduleType is disabled", async () => {
    const a = await w.queue({ name: "Vendas" });
    const b = await w.queue({ name: "Suporte" });
    await w.connect({ greetingMessage: "Oi!", outOfHoursMessage: "Conexão fechada.", queueIds: [a.id, b.id], schedules: closedWeek() });
    expect((await w.setting("scheduleType", "disabled")).status).toBe(200);
    const { ticketId } = await w.says("Olá");
    await w.settle();
    expect(await w.botTexts(ticketId)).toEqual(["Oi!\n\n*1* - Vendas\n*2* - Suporte"]);
  });
});

describe("office hours by queue", () => {
  it("scheduleType queue: choosing a closed queue answers that queue's out-of-hours message instead of its greeting, once", async () => {
    const open = await w.queue({ name: "Vendas", schedules: openWeek() });
    const closed = await w.queue({ name: "Suporte", greetingMessage: "Suporte aqui.", outOfHoursMessage: "Suporte fechado.", schedules: closedWeek() });
    await w.connect({ greetingMessage: "Oi!", outOfHoursMessage: "Conexão fechada.", queueIds: [open.id, closed.id], schedules: closedWeek() });
    expect((await w.setting("scheduleType", "queue")).status).toBe(200);
    const { ticketId } = await w.says("Olá");
    await w.settle();
    // The connection's week does not count with scheduleType queue: the menu goes out.
    expect(await w.botTexts(ticketId)).toEqual(["Oi!\n\n*1* - Vendas\n*2* - Suporte"]);
    await w.says("2");
    await w.settle();
    await w.says("alguém?");
    await w.settle();
    const texts = await w.botTexts(ticketId);
    expect(texts.slice(1)).toEqual(["Suporte fechado."]);
    expect(await w.ticket(ticketId)).toMatchObject({ status: "pending", queueId: closed.id });
  });

  it("scheduleType queue: an open queue greets as usual", async () => {
    const open = await w.queue({ name: "Vendas", greetingMessage: "Vendas aqui.", outOfHoursMessage: "Vendas fechada.", schedules: openWeek() });
    await w.connect({ greetingMessage: "Oi!", queueIds: [open.id] });
    expect((await w.setting("scheduleType", "queue")).status).toBe(200);
    const { ticketId } = await w.says("Olá");
    await w.settle();
    expect(await w.botTexts(ticketId)).toEqual(["Oi!", "Vendas aqui."]);
  });
});
