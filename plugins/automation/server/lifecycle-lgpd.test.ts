import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type BotWorld, botWorld } from "./automation.fixtures.ts";
import { lifecycle } from "./lifecycle.fixtures.ts";

/**
 * Issue 14, LGPD consent, as conversations on the API channel: a new contact first gets
 * lgpdMessage with lgpdLink and the ticket waits in `lgpd`; accepting records lgpdAcceptedAt
 * and the greeting/menu follows in the same turn; refusing closes politely.
 */
let w: BotWorld;
let l: ReturnType<typeof lifecycle>;
beforeEach(async () => {
  w = await botWorld();
  l = lifecycle(w);
  await w.setting("enableLGPD", "enabled");
  await w.setting("lgpdConsent", "enabled");
  await w.setting("lgpdMessage", "Olá {{firstName}}! Tratamos seus dados conforme a LGPD.");
  await w.setting("lgpdLink", "https://example.com/privacidade");
});
afterEach(() => w.close());

async function withMenu() {
  const a = await w.queue({ name: "Vendas" });
  const b = await w.queue({ name: "Suporte" });
  await w.connect({ greetingMessage: "Bem-vindo! Escolha:", queueIds: [a.id, b.id], complationMessage: "" });
  return { a, b };
}

describe("LGPD consent (happy)", () => {
  it("the first message gets the terms and waits in lgpd; '1' records the consent and the menu follows", async () => {
    const { a } = await withMenu();
    const { ticketId } = await w.says("Olá");
    await w.settle();
    expect(await w.ticket(ticketId)).toMatchObject({ status: "lgpd" });
    expect(w.posted()).toEqual(["Olá Ana! Tratamos seus dados conforme a LGPD.\n\nhttps://example.com/privacidade\n\n*1* - Aceito\n*2* - Não aceito"]);
    expect(await l.logTypes(ticketId)).toContain("lgpd");

    await w.says("1");
    await w.settle();
    expect(await w.ticket(ticketId)).toMatchObject({ status: "pending", isBot: true });
    expect(w.posted().at(-1)).toContain("Bem-vindo! Escolha:");
    expect((await l.contactOf(ticketId)).lgpd_accepted_at).toBeTruthy();
    expect(await l.logTypes(ticketId)).toEqual(expect.arrayContaining(["lgpd", "lgpdAccepted", "chatBot"]));

    await w.says("1");
    await w.settle();
    expect(await w.ticket(ticketId)).toMatchObject({ status: "pending", queueId: a.id });
  });

  it("a contact who accepted is not asked again on the next ticket", async () => {
    await withMenu();
    const { ticketId } = await w.says("Olá");
    await w.settle();
    await w.says("sim");
    await w.settle();
    await l.put(ticketId, { status: "closed" });
    const before = w.posted().length;
    const next = await w.says("Oi de novo");
    await w.settle();
    expect(await w.ticket(next.ticketId)).toMatchObject({ status: "pending", isBot: true });
    expect(w.posted().slice(before).join("\n")).not.toContain("LGPD");
  });

  it("refusing closes the ticket politely", async () => {
    await withMenu();
    const { ticketId } = await w.says("Olá");
    await w.settle();
    await w.says("2");
    await w.settle();
    expect(await w.ticket(ticketId)).toMatchObject({ status: "closed" });
    expect(w.posted().at(-1)).toBe("Tudo bem. Sem o seu consentimento não podemos continuar este atendimento. Obrigado pelo contato!");
    expect((await l.contactOf(ticketId)).lgpd_accepted_at).toBeNull();
  });

  it("another answer repeats the question (up to maxUseBotQueues), then waits", async () => {
    await withMenu();
    const { ticketId } = await w.says("Olá");
    await w.says("hã?");
    await w.settle();
    await w.says("o quê?");
    await w.settle();
    await w.says("???");
    await w.settle();
    expect(await w.ticket(ticketId)).toMatchObject({ status: "lgpd" });
    expect(w.posted().filter((t) => t.includes("LGPD"))).toHaveLength(3);
  });

  it("without lgpdConsent the message only informs, once per contact, and the menu follows at once", async () => {
    await w.setting("lgpdConsent", "disabled");
    await withMenu();
    const { ticketId } = await w.says("Olá");
    await w.settle();
    expect(await w.ticket(ticketId)).toMatchObject({ status: "pending", isBot: true });
    expect(w.posted()[0]).toBe("Olá Ana! Tratamos seus dados conforme a LGPD.\n\nhttps://example.com/privacidade");
    expect(w.posted()[1]).toContain("Bem-vindo! Escolha:");
  });

  it("an admin may ignore a ticket waiting in lgpd (spec 000 §4)", async () => {
    await withMenu();
    const { ticketId } = await w.says("Olá");
    await w.settle();
    expect((await l.put(ticketId, { status: "closed" })).status).toBe("closed");
  });

  it("a consent unanswered for 24 hours closes, after a restart", async () => {
    await withMenu();
    const { ticketId } = await w.says("Olá");
    await w.settle();
    await w.restart();
    l = lifecycle(w);
    await l.idle(ticketId, 24 * 60 + 1);
    await l.tick();
    expect((await w.ticket(ticketId)).status).toBe("closed");
  });

  it("the LGPD question goes first even on a connection with nothing else to automate", async () => {
    await w.connect({});
    const { ticketId } = await w.says("Olá");
    await w.settle();
    expect((await w.ticket(ticketId)).status).toBe("lgpd");
    await w.says("aceito");
    await w.settle();
    expect((await w.ticket(ticketId)).status).toBe("pending");
  });
});
