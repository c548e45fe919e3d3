import { describe, expect, it } from "vitest";
import { decideInbound } from "./decide-inbound.ts";
import { Conversation } from "./engine.fixtures.ts";
import { consentOf, scoreOf } from "./lifecycle-answers.ts";

describe("reading the answers (issue 14)", () => {
  it("scores 0..10 in the usual spellings; anything else is no score", () => {
    for (const [text, score] of [
      ["9", 9],
      ["*10*", 10],
      ["0", 0],
      ["nota 8", 8],
      ["7!", 7],
      [" 5 ", 5],
    ] as const)
      expect(scoreOf(text), text).toBe(score);
    for (const text of ["11", "ótimo", "", "9 e 10", "1234", "-1"]) expect(scoreOf(text), text).toBeNull();
  });

  it("consent: 1/sim/aceito accept, 2/não refuse, case and punctuation ignored", () => {
    for (const text of ["1", "Sim", "ACEITO", "ok!", "*1*"]) expect(consentOf(text), text).toBe("accept");
    for (const text of ["2", "não", "Nao", "não aceito", "NÃO."]) expect(consentOf(text), text).toBe("refuse");
    for (const text of ["talvez", "3", ""]) expect(consentOf(text), text).toBeNull();
  });
});

describe("the engine on a ticket waiting for its rating", () => {
  const rating = () => new Conversation({ ticket: { status: "nps", userId: 4 } });

  it("a score rates, says the farewell and closes", () => {
    const d = decideInbound(rating().snapshot(), { body: "8", fromMe: false });
    expect(d.actions.filter((a) => a.type !== "setBot")).toEqual([{ type: "rate", score: 8 }, { type: "send", text: "Obrigado, até logo!" }, { type: "closeTicket" }]);
  });

  it("a non-score repeats the question until maxUseBotQueuesNPS, then closes unrated", () => {
    const c = rating();
    let d = decideInbound(c.snapshot(), { body: "bom", fromMe: false });
    expect(d.actions).toEqual([{ type: "send", text: "De 0 a 10, quanto você nos recomendaria?" }]);
    c.state = d.state;
    d = decideInbound(c.snapshot(), { body: "muito bom", fromMe: false });
    expect(d.actions.map((a) => a.type)).toEqual(["send"]);
    c.state = d.state;
    d = decideInbound(c.snapshot(), { body: "ótimo", fromMe: false });
    expect(d.actions.map((a) => a.type)).toEqual(["send", "closeTicket"]);
    expect(d.actions.some((a) => a.type === "rate")).toBe(false);
  });

  it("is read even for a contact with the bot disabled; the attendant's own messages are not", () => {
    const c = new Conversation({ ticket: { status: "nps", userId: 4 }, contact: { disableBot: true } });
    expect(decideInbound(c.snapshot(), { body: "10", fromMe: false }).actions[0]).toEqual({ type: "rate", score: 10 });
    expect(decideInbound(c.snapshot(), { body: "10", fromMe: true }).actions).toEqual([{ type: "notHandled", reason: "fromMe" }]);
  });
});

describe("the engine and LGPD consent", () => {
  const lgpd = { enabled: true, consent: true, message: "Seus dados são tratados conforme a LGPD.", link: "https://example.com/p" };

  it("a contact who accepted before is not asked; a group never", () => {
    expect(
      decideInbound(new Conversation({ settings: { lgpd }, contact: { lgpdAcceptedAt: "2026-01-01T00:00:00.000Z" } }).snapshot(), { body: "oi", fromMe: false }).actions,
    ).not.toContainEqual({
      type: "setStatus",
      status: "lgpd",
    });
    expect(decideInbound(new Conversation({ settings: { lgpd }, ticket: { isGroup: true } }).snapshot(), { body: "oi", fromMe: false }).actions).not.toContainEqual({
      type: "setStatus",
      status: "lgpd",
    });
  });

  it("the first message asks and waits in lgpd; accepting records the consent and the greeting follows in the same turn", () => {
    const c = new Conversation({ settings: { lgpd } });
    const asked = decideInbound(c.snapshot(), { body: "oi", fromMe: false });
    expect(asked.actions).toEqual([
      { type: "send", text: "Seus dados são tratados conforme a LGPD.\n\nhttps://example.com/p\n\n*1* - Aceito\n*2* - Não aceito" },
      { type: "setStatus", status: "lgpd" },
    ]);
    c.state = asked.state;
    c.ticket = { ...c.ticket, status: "lgpd" };
    const accepted = decideInbound(c.snapshot(), { body: "sim", fromMe: false });
    expect(accepted.actions.slice(0, 3)).toEqual([{ type: "recordConsent" }, { type: "setStatus", status: "pending" }, { type: "log", log: "lgpdAccepted", queueId: null }]);
    expect(accepted.actions).toContainEqual({ type: "send", text: "Olá! Escolha um setor:" });
  });
});
