import { describe, expect, it } from "vitest";
import { Conversation, queue, texts } from "./engine.fixtures.ts";

const queues = [queue(1, "Vendas"), queue(2, "Suporte")];
const vacation = { start: "2026-03-01", end: "2026-03-10", message: "Férias coletivas até dia 10." };

describe("collective vacation", () => {
  it("answers its message instead of the menu during the period, once per ticket", () => {
    const c = new Conversation({ queues, connection: { collectiveVacation: vacation } });
    expect(texts(c.say("Olá"))).toEqual(["Férias coletivas até dia 10."]);
    expect(c.say("Oi?").actions).toEqual([{ type: "notHandled", reason: "vacationAnswered" }]);
    expect(c.ticket).toMatchObject({ status: "pending", queueId: null, isBot: false });
  });

  it("counts both ends of the period", () => {
    for (const today of ["2026-03-01", "2026-03-10"]) {
      const c = new Conversation({ queues, connection: { collectiveVacation: vacation } });
      c.today = today;
      expect(texts(c.say("Olá"))).toEqual(["Férias coletivas até dia 10."]);
    }
  });

  it("outside the period the flow runs; after it, the next message starts the menu", () => {
    const c = new Conversation({ queues, connection: { collectiveVacation: vacation } });
    c.today = "2026-02-28";
    expect(c.state).toBeNull();
    expect(texts(c.say("Olá"))[0]).toContain("*1* - Vendas");
    const later = new Conversation({ queues, connection: { collectiveVacation: vacation } });
    later.say("Olá");
    later.today = "2026-03-11";
    expect(texts(later.say("Voltaram?"))[0]).toContain("*1* - Vendas");
  });

  it("comes before office hours", () => {
    const c = new Conversation({ queues, connection: { collectiveVacation: vacation }, settings: { scheduleType: "company" } });
    c.isOpen = () => false;
    expect(texts(c.say("Olá"))).toEqual(["Férias coletivas até dia 10."]);
  });

  it("does nothing without a message or without both dates", () => {
    for (const v of [
      { ...vacation, message: " " },
      { ...vacation, end: null },
    ]) {
      const c = new Conversation({ queues, connection: { collectiveVacation: v } });
      expect(texts(c.say("Olá"))[0]).toContain("*1* - Vendas");
    }
  });
});
