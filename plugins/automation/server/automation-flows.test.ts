import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { jobs } from "../../../core/db/tables.ts";
import { defaultOfficeHours } from "../../office-hours/office-hours.contract.ts";
import { type BotWorld, botWorld } from "./automation.fixtures.ts";

/** Option trees, office hours and exactly-once, as customer conversations on the API channel. */
let w: BotWorld;
beforeEach(async () => {
  w = await botWorld();
});
afterEach(() => w.close());

const stepJobs = async () => (await w.t.kernel.db.select().from(jobs)).filter((j) => j.kind === "automation.step");

describe("chatbot option trees", () => {
  it("text answers and shows its steps; attendent assigns; queue moves; closeTicket closes", async () => {
    const other = await w.queue({ name: "Financeiro", greetingMessage: "Financeiro, diga." });
    const bia = await w.t.call("POST", "/users", { token: w.admin.token, body: { name: "Bia", email: "bia2@example.com", password: "Secret123!", profile: "user" } });
    const sales = await w.queue({
      name: "Vendas",
      greetingMessage: "Vendas:",
      chatbots: [
        {
          name: "Preços",
          greetingMessage: "Tabela de preços:",
          queueType: "text",
          options: [
            { name: "Voltar ao início", greetingMessage: "Até logo", queueType: "text", closeTicket: true },
            { name: "Mais", greetingMessage: "Mais preços", queueType: "text" },
          ],
        },
        { name: "Falar com a Bia", greetingMessage: "Chamando a Bia", queueType: "attendent", optUserId: bia.body.id },
        { name: "Financeiro", greetingMessage: "", queueType: "queue", optQueueId: other.id },
      ],
    });
    await w.connect({ greetingMessage: "Oi!", queueIds: [sales.id] });

    // One queue: straight into it, its greeting heads the first level of its tree.
    const first = await w.says("Olá", "t1", "5511900000001");
    await w.settle();
    const texts1 = await w.botTexts(first.ticketId);
    expect(texts1.at(-1)).toContain("*1* - Preços\n*2* - Falar com a Bia\n*3* - Financeiro");
    await w.says("1", "t2", "5511900000001");
    await w.settle();
    expect((await w.botTexts(first.ticketId)).at(-1)).toContain("Tabela de preços:");
    await w.says("1", "t3", "5511900000001");
    await w.settle();
    expect((await w.botTexts(first.ticketId)).at(-1)).toBe("Até logo");
    expect(await w.ticket(first.ticketId)).toMatchObject({ status: "closed" });

    const second = await w.says("Olá", "u1", "5511900000002");
    await w.settle();
    await w.says("2", "u2", "5511900000002");
    await w.settle();
    expect(await w.ticket(second.ticketId)).toMatchObject({ status: "open", userId: bia.body.id, queueId: sales.id, isBot: false });

    const third = await w.says("Olá", "v1", "5511900000003");
    await w.settle();
    await w.says("3", "v2", "5511900000003");
    await w.settle();
    expect(await w.ticket(third.ticketId)).toMatchObject({ status: "pending", queueId: other.id });
    expect((await w.botTexts(third.ticketId)).at(-1)).toBe("Financeiro, diga.");
  });
});

describe("office hours", () => {
  it("closed (company scheduleType): the out-of-hours message once, the ticket stays pending without menu", async () => {
    const a = await w.queue({ name: "Vendas" });
    const b = await w.queue({ name: "Suporte" });
    await w.connect({ greetingMessage: "Oi!", outOfHoursMessage: "Estamos fechados.", queueIds: [a.id, b.id] });
    const closed = defaultOfficeHours().map((d) => ({ ...d, startTimeA: "", endTimeA: "", startTimeB: "", endTimeB: "" }));
    expect((await w.t.call("PUT", `/companies/${w.api.companyId}/schedules`, { token: w.admin.token, body: { schedules: closed } })).status).toBe(200);
    expect((await w.setting("scheduleType", "company")).status).toBe(200);
    const { ticketId } = await w.says("Olá");
    await w.settle();
    await w.says("Alguém?");
    await w.settle();
    expect(await w.botTexts(ticketId)).toEqual(["Estamos fechados."]);
    expect(await w.ticket(ticketId)).toMatchObject({ status: "pending", queueId: null });
  });
});

describe("exactly once", () => {
  it("a duplicated inbound id is stored once and answered with one menu", async () => {
    const a = await w.queue({ name: "Vendas" });
    const b = await w.queue({ name: "Suporte" });
    await w.connect({ greetingMessage: "Oi!", queueIds: [a.id, b.id] });
    const first = await w.says("Olá", "dup-1");
    const again = await w.says("Olá", "dup-1");
    expect(again.duplicate).toBe(true);
    await w.settle();
    expect(await w.botTexts(first.ticketId)).toHaveLength(1);
    expect(await stepJobs()).toHaveLength(1);
  });

  it("two messages arriving together get one menu", async () => {
    const a = await w.queue({ name: "Vendas" });
    const b = await w.queue({ name: "Suporte" });
    await w.connect({ greetingMessage: "Oi!", queueIds: [a.id, b.id] });
    const [first] = await Promise.all([w.says("Olá", "m-1"), w.says("tudo bem?", "m-2")]);
    await w.settle();
    expect(await w.botTexts(first.ticketId)).toHaveLength(1);
  });

  it("a ticket an attendant holds is never touched (no job, no message)", async () => {
    const a = await w.queue({ name: "Vendas" });
    const b = await w.queue({ name: "Suporte" });
    await w.connect({ greetingMessage: "Oi!", queueIds: [a.id, b.id] });
    const { ticketId } = await w.says("Olá", "o-1");
    await w.settle();
    const taken = await w.t.call("PUT", `/tickets/${ticketId}`, { token: w.admin.token, body: { status: "open", userId: w.admin.user.id } });
    expect(taken.status).toBe(200);
    const before = (await stepJobs()).length;
    await w.says("1", "o-2");
    await w.settle();
    expect(await stepJobs()).toHaveLength(before);
    expect(await w.botTexts(ticketId)).toHaveLength(1);
    expect(await w.ticket(ticketId)).toMatchObject({ status: "open", userId: w.admin.user.id, queueId: null });
  });
});
