import { describe, expect, it } from "vitest";
import type { BotPhase } from "./bot-state.ts";
import { Conversation, kinds, option, queue, texts } from "./engine.fixtures.ts";

/**
 * Whole conversations as scripts: each line is what the customer writes (or a timer that
 * fires), what the bot answers and does, and the phase it leaves the ticket in.
 */
interface Line {
  say?: string;
  fire?: "redirect" | "botTimeout";
  after?: number;
  answers: string[];
  does?: string[];
  phase: BotPhase;
}

function play(c: Conversation, script: Line[]): void {
  script.forEach((line, i) => {
    if (line.after) c.after(line.after);
    const d = line.fire ? c.fire(line.fire) : c.say(line.say ?? "");
    expect(texts(d), `line ${i + 1}: answers`).toEqual(line.answers);
    if (line.does)
      expect(
        kinds(d).filter((k) => k !== "send"),
        `line ${i + 1}: does`,
      ).toEqual(line.does);
    expect(c.state?.phase, `line ${i + 1}: phase`).toBe(line.phase);
  });
}

const suporte = queue(2, "Suporte", {
  greetingMessage: "Suporte, {{firstName}}:",
  options: [
    option(20, "Internet", { greetingMessage: "Reinicie o roteador." }),
    option(21, "Falar com técnico", { queueType: "attendent", optUserId: 8, greetingMessage: "Um técnico vai te atender." }),
  ],
});

describe("scripted conversations", () => {
  it("menu, a wrong answer, a queue, its tree, an attendant", () => {
    const c = new Conversation({ queues: [queue(1, "Vendas"), suporte], connection: { timeSendQueue: 30, sendIdQueue: 1 } });
    play(c, [
      { say: "Olá", answers: ["Olá! Escolha um setor:\n\n*1* - Vendas\n*2* - Suporte"], does: ["log", "setBot", "scheduleTimer"], phase: "queueMenu" },
      { say: "internet caiu", answers: ["Olá! Escolha um setor:\n\n*1* - Vendas\n*2* - Suporte"], does: ["setBot"], phase: "queueMenu" },
      {
        say: "2",
        answers: ["Suporte, {{firstName}}:\n\n*1* - Internet\n*2* - Falar com técnico\n*0* - Voltar"],
        does: ["setQueue", "log", "setBot", "cancelTimer"],
        phase: "optionMenu",
      },
      { say: "2", answers: ["Um técnico vai te atender."], does: ["assignUser", "setBot"], phase: "waiting" },
      { say: "obrigado", answers: [], does: ["notHandled"], phase: "waiting" },
    ]);
    expect(c.ticket).toMatchObject({ status: "open", userId: 8, queueId: 2, isBot: false });
  });

  it("a customer who never answers is redirected", () => {
    const c = new Conversation({ queues: [queue(1, "Vendas"), suporte], connection: { timeSendQueue: 30, sendIdQueue: 1, timeUseBotQueues: 10 } });
    play(c, [
      { say: "Olá", answers: ["Olá! Escolha um setor:\n\n*1* - Vendas\n*2* - Suporte"], does: ["log", "setBot", "scheduleTimer", "scheduleTimer"], phase: "queueMenu" },
      { fire: "botTimeout", answers: [], does: ["setBot"], phase: "waiting" },
      { after: 5, say: "e aí?", answers: [], does: ["notHandled"], phase: "waiting" },
      { fire: "redirect", answers: [], does: ["setQueue", "log"], phase: "waiting" },
    ]);
    expect(c.ticket).toMatchObject({ status: "pending", queueId: 1, isBot: false });
  });
});
