import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TestKernel } from "../../../tests/support/test-kernel.ts";
import { type BotWrite, INBOUND_PRIORITY, type InboundStored } from "../../tickets/server/bot.contract.ts";
import { type BotWorld, botWorld } from "./automation.fixtures.ts";
import type { HandOverProvider } from "./hand-over.contract.ts";
import { pluginsWithoutKindOwners } from "../../../tests/support/kind-owners.ts";

/**
 * Issue 24, end to end on the API channel: a chatbot option of type "Integração" hands the
 * conversation to a registered provider (registered by the test, as a plugin would at setup),
 * which answers the next messages until its keyword, its own "done", an attendant or a close
 * ends it; an "Arquivo" option asks the file-list provider once; with no provider, neither
 * option is offered.
 */
let w: BotWorld;
beforeEach(async () => {
  w = await botWorld(undefined, pluginsWithoutKindOwners());
});
afterEach(() => w.close());

/** What the test providers were told, in order. */
type Call = { what: "start" | "message" | "end"; ref: string; text: string };

/** An echoing integration: greets on start, echoes, is done on "tchau", ends on "sair". */
function echoProvider(calls: Call[], kind = "integration"): HandOverProvider {
  return {
    kind,
    start(_ticket, ref) {
      calls.push({ what: "start", ref, text: "" });
      return [{ type: "send", text: `Robô ${ref} aqui` }];
    },
    onMessage(_ticket, message, ref): BotWrite[] {
      calls.push({ what: "message", ref, text: message.body });
      if (message.body === "tchau")
        return [
          { type: "send", text: "Até mais" },
          { type: "handOver", holder: null, reason: "done" },
        ];
      return [{ type: "send", text: `eco: ${message.body}` }];
    },
    finishKeyword: () => "Sair",
    end(ticket, reason) {
      calls.push({ what: "end", ref: ticket.ref, text: reason });
    },
  };
}

/** A file-list sender: one message per list, the chatbot keeps the conversation. */
function fileProvider(calls: Call[]): HandOverProvider {
  return {
    kind: "file",
    start(_ticket, ref) {
      calls.push({ what: "start", ref, text: "file" });
      return [{ type: "send", text: `Arquivos da lista ${ref}` }];
    },
    onMessage: () => [],
  };
}

/**
 * The queues plugin's reference registry (issue 24, part "refs") refuses option ids of a kind
 * nobody registered: where it exists, the test vouches for its ids as the provider's plugin would.
 */
function vouchReferences(t: TestKernel) {
  const register = (t.kernel.services as unknown as { get(name: string): unknown }).get("queues.registerReference") as
    | ((kind: string, ref: { exists(companyId: number, id: number): Promise<boolean> }) => void)
    | undefined;
  for (const kind of ["integration", "fileList"]) register?.(kind, { exists: async () => true });
}

const registerHandOver = (p: HandOverProvider) => w.t.kernel.services.require("automation.registerHandOver")(p);

async function world(opts: { providers: boolean }) {
  const calls: Call[] = [];
  if (opts.providers) {
    registerHandOver(echoProvider(calls));
    registerHandOver(fileProvider(calls));
  }
  vouchReferences(w.t);
  const sales = await w.queue({
    name: "Vendas",
    greetingMessage: "Vendas:",
    chatbots: [
      { name: "Robô", greetingMessage: "Chamando o robô", queueType: "integration", optIntegrationId: 4 },
      { name: "Catálogo", greetingMessage: "Segue o catálogo", queueType: "file", optFileId: 9 },
      { name: "Preços", greetingMessage: "Tabela de preços", queueType: "text" },
      { name: "Suporte", greetingMessage: "Suporte, diga", queueType: "text" },
    ],
  });
  await w.connect({ greetingMessage: "", queueIds: [sales.id] });
  return { calls, sales };
}

const view = async (ticketId: number) => (await w.t.call("GET", `/tickets/${ticketId}`, { token: w.admin.token })).body;
const logTypes = async (ticketId: number) => (await w.rows()).logs.filter((l) => l.ticketId === ticketId).map((l) => l.type as string);

/** The customer writes and every job due runs. */
async function say(text: string, number: string) {
  const r = await w.says(text, undefined, number);
  await w.settle();
  return r;
}

describe("hand-over: an Integração option", () => {
  it("hands the conversation to the provider, which answers until the customer's keyword hands it back", async () => {
    const { calls } = await world({ providers: true });
    const n = "5511911110001";
    const { ticketId } = await say("Olá", n);
    expect((await w.botTexts(ticketId)).at(-1)).toBe("Vendas:\n\n*1* - Robô\n*2* - Catálogo\n*3* - Preços\n*4* - Suporte");

    await say("1", n);
    expect((await w.botTexts(ticketId)).slice(-2)).toEqual(["Chamando o robô", "Robô 4 aqui"]);
    // The holder and the spec's fields derived from it, as the API answers them.
    expect(await view(ticketId)).toMatchObject({ holder: "integration:4", isBot: false, useIntegration: true, integrationId: 4, promptId: null, status: "pending" });
    expect(await logTypes(ticketId)).toContain("handOver");

    // The provider answers; the chatbot stays out (no menu, no "waiting" answer).
    await say("quero ajuda", n);
    await say("e o preço?", n);
    expect((await w.botTexts(ticketId)).slice(-2)).toEqual(["eco: quero ajuda", "eco: e o preço?"]);

    // The finish keyword, case and accents ignored: back to the queue's attendants, logged, the provider told.
    await say("  sair ", n);
    expect(await view(ticketId)).toMatchObject({ holder: null, useIntegration: false, integrationId: null, status: "pending" });
    expect((await logTypes(ticketId)).filter((t) => t === "handOver" || t === "handBack")).toEqual(["handOver", "handBack"]);
    expect(calls.filter((c) => c.what !== "message")).toEqual([
      { what: "start", ref: "4", text: "" },
      { what: "end", ref: "4", text: "keyword" },
    ]);
    const before = (await w.botTexts(ticketId)).length;
    await say("alguém?", n);
    expect((await w.botTexts(ticketId)).length).toBe(before);
    expect(calls.filter((c) => c.what === "message").map((c) => c.text)).toEqual(["quero ajuda", "e o preço?"]);
  });

  it("the provider ends it itself with a hand-over write (done)", async () => {
    const { calls } = await world({ providers: true });
    const n = "5511911110002";
    const { ticketId } = await say("Olá", n);
    await say("1", n);
    await say("tchau", n);
    expect((await w.botTexts(ticketId)).at(-1)).toBe("Até mais");
    expect(await view(ticketId)).toMatchObject({ holder: null, useIntegration: false });
    expect(calls.at(-1)).toEqual({ what: "end", ref: "4", text: "done" });
    expect(await logTypes(ticketId)).toContain("handBack");
  });

  it("an attendant accepting the ticket takes it from the provider, which is told", async () => {
    const { calls } = await world({ providers: true });
    const n = "5511911110003";
    const { ticketId } = await say("Olá", n);
    await say("1", n);
    const accepted = await w.t.call("PUT", `/tickets/${ticketId}`, { token: w.admin.token, body: { status: "open" } });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: "open", holder: "attendant", useIntegration: false, isBot: false });
    expect(calls.at(-1)).toEqual({ what: "end", ref: "4", text: "attendant" });
    expect(await logTypes(ticketId)).toEqual(expect.arrayContaining(["handOver", "open", "handBack"]));
    // The customer's next words are the attendant's: neither the provider nor the bot answers.
    const before = (await w.botTexts(ticketId)).length;
    await say("oi de novo", n);
    expect((await w.botTexts(ticketId)).length).toBe(before);
    expect(calls.filter((c) => c.what === "message")).toEqual([]);
  });

  it("closing the ticket ends the hand-over", async () => {
    const { calls } = await world({ providers: true });
    const n = "5511911110004";
    const { ticketId } = await say("Olá", n);
    await say("1", n);
    // Ignoring a pending ticket closes it (spec 000 §4: admins may).
    const closed = await w.t.call("PUT", `/tickets/${ticketId}`, { token: w.admin.token, body: { status: "closed" } });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ status: "closed", holder: null, useIntegration: false });
    expect(calls.at(-1)).toEqual({ what: "end", ref: "4", text: "closed" });
    expect(await logTypes(ticketId)).toEqual(expect.arrayContaining(["handOver", "closed", "handBack"]));
  });
});

describe("hand-over: an Arquivo option", () => {
  it("asks the file-list provider once; the chatbot keeps the conversation", async () => {
    const { calls } = await world({ providers: true });
    const n = "5511911110005";
    const { ticketId } = await say("Olá", n);
    await say("2", n);
    expect((await w.botTexts(ticketId)).slice(-2)).toEqual(["Segue o catálogo", "Arquivos da lista 9"]);
    expect(calls).toEqual([{ what: "start", ref: "9", text: "file" }]);
    expect(await view(ticketId)).toMatchObject({ holder: null, useIntegration: false });
    expect(await logTypes(ticketId)).not.toContain("handOver");
  });
});

describe("hand-over: no provider registered", () => {
  it("neither option is offered, and naming one is no answer: the option never silently acts as text", async () => {
    await world({ providers: false });
    const n = "5511911110006";
    const { ticketId } = await say("Olá", n);
    expect((await w.botTexts(ticketId)).at(-1)).toBe("Vendas:\n\n*1* - Preços\n*2* - Suporte");
    await say("Robô", n);
    const texts = await w.botTexts(ticketId);
    expect(texts).not.toContain("Chamando o robô");
    expect(texts.at(-1)).toBe("Vendas:\n\n*1* - Preços\n*2* - Suporte");
    expect(await view(ticketId)).toMatchObject({ holder: "bot", isBot: true, useIntegration: false });
    await say("1", n);
    expect((await w.botTexts(ticketId)).at(-1)).toBe("Tabela de preços");
  });
});

describe("hand-over registry", () => {
  it("a second provider of one kind is refused, naming the kind, and the first keeps serving", async () => {
    const calls: Call[] = [];
    registerHandOver(echoProvider(calls));
    expect(() => registerHandOver(echoProvider([]))).toThrow('a provider of kind "integration" is already registered');
    expect(() => registerHandOver({ ...echoProvider([]), kind: "" })).toThrow("a provider needs a kind");
    expect(w.t.kernel.services.require("automation.handOverKinds")()).toEqual(["integration"]);
  });
});

describe("hand-over: a plugin's start rule (automation.startHandOver)", () => {
  it("takes a new conversation before the chatbot, and leaves the ones a handler already holds to it", async () => {
    const calls: Call[] = [];
    registerHandOver(echoProvider(calls));
    const startHandOver = w.t.kernel.services.require("automation.startHandOver");
    // As a connection's integration would: every conversation nobody holds goes to integration 7.
    w.t.kernel.services.require("tickets.afterInbound")((stored) => (stored.ticket.holder ? undefined : startHandOver(stored, "integration:7")), {
      priority: INBOUND_PRIORITY.connection,
    });
    await w.connect({ greetingMessage: "Bem-vindo!", queueIds: [] });
    const n = "5511911110009";
    const { ticketId } = await say("Oi", n);
    expect(await w.botTexts(ticketId)).toEqual(["Robô 7 aqui"]);
    expect((await view(ticketId)).integrationId).toBe(7);
    await say("tudo bem?", n);
    expect((await w.botTexts(ticketId)).at(-1)).toBe("eco: tudo bem?");
    expect(calls.map((c) => c.what)).toEqual(["start", "message"]);
    // An unknown kind is not claimed: the chatbot answers as before.
    expect(startHandOver(fakeStored(), "nobody:1")).toBeUndefined();
  });
});

/** Only the fields startHandOver reads. */
const fakeStored = () => ({ db: undefined, message: { fromMe: false }, ticket: { holder: null }, contact: {} }) as unknown as InboundStored;
