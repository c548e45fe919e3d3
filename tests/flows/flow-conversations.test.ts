import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type BotWorld, botWorld } from "../../plugins/automation/server/automation.fixtures.ts";
import { closeDebounceWindows } from "./flow-world.ts";

/**
 * Issue 26 end to end on the API channel: flows saved through the API take conversations over
 * (a phrase campaign, a connection's welcome and "no phrase" flows) and run them node by node.
 */
let w: BotWorld;
beforeEach(async () => {
  w = await botWorld();
});
afterEach(() => w.close());

let seq = 0;
const num = () => `55119222${String(++seq).padStart(5, "0")}`;
const start = { id: "start", type: "start", position: { x: 0, y: 0 }, data: { label: "Inicio do fluxo" } };
const node = (id: string, type: string, data: Record<string, unknown>) => ({ id, type, position: { x: 0, y: 0 }, data });
const edge = (source: string, target: string, sourceHandle = "a") => ({ id: `${source}-${target}-${sourceHandle}`, source, target, sourceHandle, targetHandle: "b" });

async function flow(name: string, nodes: unknown[], connections: unknown[]) {
  const created = await w.t.call("POST", "/flowbuilder", { token: w.admin.token, body: { name } });
  expect(created.status).toBe(200);
  const saved = await w.t.call("POST", "/flowbuilder/flow", { token: w.admin.token, body: { idFlow: created.body.id, nodes, connections } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return created.body.id as number;
}

/** The customer writes; the flow's answer comes once its debounce window closes (here: at once). */
async function say(text: string, number: string) {
  const r = await w.says(text, undefined, number);
  await w.settle();
  await closeDebounceWindows(w);
  return r;
}

const view = async (ticketId: number) => (await w.t.call("GET", `/tickets/${ticketId}`, { token: w.admin.token })).body;

describe("flows in conversations", () => {
  it("a phrase campaign starts its flow (case, accents and spaces ignored); a menu repeats on an invalid answer and follows the chosen exit", async () => {
    const id = await flow(
      "Vendas",
      [
        start,
        node("hi", "message", { label: "Olá! Bem-vindo." }),
        node("menu", "menu", {
          message: "Escolha:",
          arrayOption: [
            { number: 1, value: "Preços" },
            { number: 2, value: "Prazo" },
          ],
        }),
        node("p", "message", { label: "Tabela de preços" }),
        node("z", "message", { label: "Entrega em 2 dias" }),
      ],
      [edge("start", "hi"), edge("hi", "menu"), edge("menu", "p", "a1"), edge("menu", "z", "a2")],
    );
    await w.connect({ greetingMessage: "Saudação do robô", queueIds: [] });
    const phrase = await w.t.call("POST", "/flowcampaign", { token: w.admin.token, body: { name: "Promo", phrase: "Promoção", flowId: id, whatsappId: w.api.id } });
    expect(phrase.status).toBe(200);
    const n = num();
    const { ticketId } = await say("  PROMOCAO ", n);
    expect(await w.botTexts(ticketId)).toEqual(["Olá! Bem-vindo.", "Escolha:\n\n*1* - Preços\n*2* - Prazo"]);
    expect(await view(ticketId)).toMatchObject({ holder: `flow:${id}`, useIntegration: true });
    await say("7", n);
    expect((await w.botTexts(ticketId)).at(-1)).toBe("Escolha:\n\n*1* - Preços\n*2* - Prazo");
    await say("2", n);
    expect((await w.botTexts(ticketId)).at(-1)).toBe("Entrega em 2 dias");
    // Out of nodes: the conversation goes back to waiting for an attendant, nobody holding it.
    expect(await view(ticketId)).toMatchObject({ holder: null, status: "pending" });
    const logs = (await w.rows()).logs.filter((l) => l.ticketId === ticketId).map((l) => l.type);
    expect(logs).toEqual(expect.arrayContaining(["handOver", "handBack"]));
    // The greeting never answered: the flow took the message before the chatbot.
    expect(await w.botTexts(ticketId)).not.toContain("Saudação do robô");
  });

  it("the connection's welcome flow answers a new contact's first message; a question's answer is reused later", async () => {
    const id = await flow(
      "Boas-vindas",
      [start, node("q", "question", { typebotIntegration: { message: "Qual seu nome?", answerKey: "nome" } }), node("m", "message", { label: "Prazer, {{nome}}!" })],
      [edge("start", "q"), edge("q", "m")],
    );
    await w.connect({ greetingMessage: "", queueIds: [], flowIdWelcome: id });
    const n = num();
    const { ticketId } = await say("oi", n);
    expect(await w.botTexts(ticketId)).toEqual(["Qual seu nome?"]);
    await say("Ana", n);
    expect((await w.botTexts(ticketId)).at(-1)).toBe("Prazer, Ana!");
    // A later message on the same ticket does not start the welcome again.
    const before = (await w.botTexts(ticketId)).length;
    await say("e agora?", n);
    expect((await w.botTexts(ticketId)).length).toBe(before);
  });

  it("a ticket node moves the conversation to its queue and ends the flow", async () => {
    const sales = await w.queue({ name: "Vendas" });
    const id = await flow(
      "Fila",
      [start, node("m", "message", { label: "Vou te passar para Vendas" }), node("t", "ticket", { data: { id: sales.id, name: "Vendas" } })],
      [edge("start", "m"), edge("m", "t")],
    );
    await w.connect({ greetingMessage: "", queueIds: [], flowIdWelcome: id });
    const { ticketId } = await say("oi", num());
    expect(await w.botTexts(ticketId)).toEqual(["Vou te passar para Vendas"]);
    expect(await view(ticketId)).toMatchObject({ queueId: sales.id, holder: null, status: "pending" });
  });

  it("an interval waits durably across a restart, then the flow goes on", async () => {
    const id = await flow(
      "Espera",
      [start, node("a", "message", { label: "Um momento" }), node("w", "interval", { label: "", sec: 30 }), node("b", "message", { label: "Pronto!" })],
      [edge("start", "a"), edge("a", "w"), edge("w", "b")],
    );
    await w.connect({ greetingMessage: "", queueIds: [], flowIdWelcome: id });
    const { ticketId } = await say("oi", num());
    expect(await w.botTexts(ticketId)).toEqual(["Um momento"]);
    await w.restart();
    await w.settle();
    expect(await w.botTexts(ticketId)).toEqual(["Um momento"]);
    await w.fastForward();
    expect(await w.botTexts(ticketId)).toEqual(["Um momento", "Pronto!"]);
  });

  it("a Typebot node reached after an interval hands over with the next handler's greeting (an integration of type flowbuilder into another flow)", async () => {
    const second = await flow("Segundo", [start, node("m", "menu", { message: "Fluxo B", arrayOption: [{ number: 1, value: "Ok" }] })], [edge("start", "m")]);
    const integration = await w.t.call("POST", "/queueIntegration", { token: w.admin.token, body: { name: "Para B", type: "flowbuilder", projectName: String(second) } });
    expect(integration.status, JSON.stringify(integration.body)).toBe(200);
    const id = await flow(
      "Espera e passa",
      [
        start,
        node("a", "message", { label: "Um momento" }),
        node("w", "interval", { label: "", sec: 30 }),
        node("t", "typebot", { typebotIntegration: { id: integration.body.id } }),
      ],
      [edge("start", "a"), edge("a", "w"), edge("w", "t")],
    );
    await w.connect({ greetingMessage: "", queueIds: [], flowIdWelcome: id });
    const { ticketId } = await say("oi", num());
    await w.fastForward();
    expect(await w.botTexts(ticketId)).toEqual(["Um momento", "Fluxo B\n\n*1* - Ok"]);
    expect(await view(ticketId)).toMatchObject({ holder: `flow:${second}` });
  });

  it("an attendant accepting the ticket ends the flow: its interval sends nothing and the customer's answers are theirs", async () => {
    const id = await flow(
      "Aceite",
      [start, node("a", "message", { label: "Aguarde" }), node("w", "interval", { sec: 10 }), node("b", "message", { label: "nunca" })],
      [edge("start", "a"), edge("a", "w"), edge("w", "b")],
    );
    await w.connect({ greetingMessage: "", queueIds: [], flowIdWelcome: id });
    const n = num();
    const { ticketId } = await say("oi", n);
    const accepted = await w.t.call("PUT", `/tickets/${ticketId}`, { token: w.admin.token, body: { status: "open" } });
    expect(accepted.status).toBe(200);
    await w.fastForward();
    await say("oi de novo", n);
    expect(await w.botTexts(ticketId)).toEqual(["Aguarde"]);
    expect(await view(ticketId)).toMatchObject({ holder: "attendant" });
  });

  it("the no-phrase flow answers a known contact's new ticket; a cycle of messages stops at the step limit", async () => {
    const id = await flow("Ciclo", [start, node("a", "message", { label: "A" }), node("b", "message", { label: "B" })], [edge("start", "a"), edge("a", "b"), edge("b", "a")]);
    await w.connect({ greetingMessage: "", queueIds: [], flowIdNotPhrase: id });
    const n = num();
    // The contact's first ticket: a new contact, and no welcome flow is set.
    const first = await say("oi", n);
    expect(await w.botTexts(first.ticketId)).toEqual([]);
    await w.t.call("PUT", `/tickets/${first.ticketId}`, { token: w.admin.token, body: { status: "closed" } });
    const { ticketId } = await say("voltei", n);
    expect(ticketId).not.toBe(first.ticketId);
    const texts = await w.botTexts(ticketId);
    expect(texts.length).toBe(49);
    expect(await view(ticketId)).toMatchObject({ holder: null });
  });
});
