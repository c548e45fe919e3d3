import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { integrationSessions } from "../schema/tables.ts";
import { type ConversationWorld, conversationWorld } from "./integrations.fixtures.ts";
import { FALLBACK_TEXT } from "./runtime/integration-provider.ts";
import { dialogflowStandIn, serviceAccount } from "./testing/dialogflow-stand-in.ts";
import { n8nStandIn } from "./testing/n8n-stand-in.ts";
import { PNG, typebotStandIn } from "./testing/typebot-stand-in.ts";

/**
 * Issue 27 part 1 end to end on the API channel: a connection's or a queue's integration
 * takes the conversation, and each provider talks to its loopback stand-in.
 */
let w: ConversationWorld;
let typebot: Awaited<ReturnType<typeof typebotStandIn>>;
let n8n: Awaited<ReturnType<typeof n8nStandIn>>;
let dialogflow: Awaited<ReturnType<typeof dialogflowStandIn>>;

beforeAll(async () => {
  [typebot, n8n, dialogflow] = await Promise.all([typebotStandIn(), n8nStandIn(), dialogflowStandIn()]);
  process.env.DIALOGFLOW_API_URL = dialogflow.url;
  process.env.DIALOGFLOW_TOKEN_URL = `${dialogflow.url}/token`;
  process.env.INTEGRATIONS_TIMEOUT_MS = "400";
});
afterAll(async () => {
  await Promise.all([typebot.close(), n8n.close(), dialogflow.close()]);
  delete process.env.DIALOGFLOW_API_URL;
  delete process.env.DIALOGFLOW_TOKEN_URL;
  delete process.env.INTEGRATIONS_TIMEOUT_MS;
});
beforeEach(async () => {
  w = await conversationWorld();
  typebot.fault("none");
  n8n.fault("none");
});
afterEach(() => w.close());

let customer = 0;
/** A new customer number per test, so each test starts its own ticket. */
const newCustomer = () => `55119${String(80_000_000 + ++customer)}`;

async function integration(fields: Record<string, unknown>) {
  const res = await w.t.call("POST", "/queueIntegration", { token: w.admin.token, body: { name: "Integração", ...fields } });
  if (res.status !== 200) throw new Error(`POST /queueIntegration: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number };
}
const typebotFields = (extra: Record<string, unknown> = {}) => ({
  type: "typebot",
  urlN8N: typebot.url,
  typebotSlug: "atendimento",
  typebotDelayMessage: 0,
  typebotKeywordFinish: "sair",
  typebotKeywordRestart: "#reiniciar",
  typebotRestartMessage: "Recomeçando…",
  typebotUnknownMessage: "Não entendi, escolha uma opção",
  ...extra,
});

/** The customer writes and every job due now runs. */
async function say(text: string, number: string) {
  const res = await w.says(text, number);
  await w.settle();
  return res;
}
const holder = async (ticketId: number) => (await w.ticket(ticketId)).holder as string | null;

describe("Typebot through a connection's integration", () => {
  it("starts with prefilled variables, numbers the choices, rejects an unknown choice, goes on, and hands back when the flow ends", async () => {
    const { id } = await integration(typebotFields());
    await w.connect({ integrationId: id });
    const n = newCustomer();
    const { ticketId } = await say("Oi", n);
    expect(await w.botTexts(ticketId)).toEqual(["Olá *Ana Souza*!", "_Escolha_", "1 - Vendas\n2 - Suporte"]);
    expect(await w.ticket(ticketId)).toMatchObject({ useIntegration: true, integrationId: id });
    const start = typebot.received.at(-1)!;
    expect(start.path).toBe("/api/v1/typebots/atendimento/startChat");
    expect(start.body.prefilledVariables).toMatchObject({ name: "Ana Souza", number: n, ticketId: String(ticketId) });

    await say("7", n);
    expect((await w.botTexts(ticketId)).slice(-2)).toEqual(["Não entendi, escolha uma opção", "1 - Vendas\n2 - Suporte"]);
    await say("1", n);
    expect(typebot.received.findLast((r) => r.path.endsWith("/continueChat"))!.body).toEqual({ message: { type: "text", text: "Vendas" } });
    // The image bubble was downloaded into the company's storage and went out as an image.
    const [said, image] = (await w.botMessages(ticketId)).slice(-2);
    expect(said!.body).toBe("Vendas, ótimo.");
    expect(image).toMatchObject({ mediaType: "image" });
    expect(image!.mediaUrl).toMatch(new RegExp(`^/public/company${w.api.companyId}/[A-Za-z0-9_-]+\\.png$`));
    expect((await w.t.kernel.storage.read(image!.mediaUrl!.replace("/public/", "")))?.body).toEqual(PNG);
    await say("sem arroba", n);
    expect((await w.botTexts(ticketId)).at(-1)).toBe("Não entendi, escolha uma opção");
    await say("ana@example.com", n);
    expect((await w.botTexts(ticketId)).at(-1)).toBe("Obrigado, até logo");
    expect(await holder(ticketId)).toBeNull();
  });

  it("the finish keyword hands the ticket back; the restart keyword restarts with the restart message", async () => {
    const { id } = await integration(typebotFields());
    await w.connect({ integrationId: id });
    const n = newCustomer();
    const { ticketId } = await say("Oi", n);
    await say("1", n);
    await say("#reiniciar", n);
    expect((await w.botTexts(ticketId)).slice(-4)).toEqual(["Recomeçando…", "Olá *Ana Souza*!", "_Escolha_", "1 - Vendas\n2 - Suporte"]);
    const calls = typebot.received.length;
    await say("Sair", n);
    expect(await holder(ticketId)).toBeNull();
    expect(typebot.received.length).toBe(calls);
    expect(await w.t.kernel.db.select().from(integrationSessions).where(eq(integrationSessions.ticketId, ticketId))).toEqual([]);
  });

  it("a session silent for typebotExpires minutes starts over", async () => {
    const { id } = await integration(typebotFields({ typebotExpires: 1 }));
    await w.connect({ integrationId: id });
    const n = newCustomer();
    const { ticketId } = await say("Oi", n);
    await w.t.kernel.db
      .update(integrationSessions)
      .set({ lastAt: Date.now() - 2 * 60_000 })
      .where(eq(integrationSessions.ticketId, ticketId));
    await say("1", n);
    expect(typebot.received.at(-1)!.path).toBe("/api/v1/typebots/atendimento/startChat");
    expect((await w.botTexts(ticketId)).slice(-3)).toEqual(["Olá *Ana Souza*!", "_Escolha_", "1 - Vendas\n2 - Suporte"]);
  });

  const failing = [
    ["a 404", (url: string) => `${url}/media/missing.png`],
    ["an internal address", () => "http://10.0.0.1/catalogo.png"],
    ["something that is not an image", (url: string) => `${url}/media/catalogo.txt`],
    ["a file over INTEGRATIONS_MEDIA_MAX_BYTES", (url: string) => `${url}/media/catalogo.png`, "10"],
  ] as const;
  for (const [what, at, max] of failing) {
    it(`an image bubble pointing at ${what} goes out as its URL`, async () => {
      const { id } = await integration(typebotFields());
      await w.connect({ integrationId: id });
      const url = at(typebot.url);
      typebot.imageAt(url);
      if (max) process.env.INTEGRATIONS_MEDIA_MAX_BYTES = max;
      try {
        const n = newCustomer();
        const { ticketId } = await say("Oi", n);
        await say("1", n);
        expect((await w.botMessages(ticketId)).slice(-2)).toEqual([
          { body: "Vendas, ótimo.", mediaUrl: null, mediaType: "chat" },
          { body: url, mediaUrl: null, mediaType: "chat" },
        ]);
      } finally {
        typebot.imageAt(null);
        delete process.env.INTEGRATIONS_MEDIA_MAX_BYTES;
      }
    });
  }

  it("spaces the messages by typebotDelayMessage, each a job due after the previous", async () => {
    const { id } = await integration(typebotFields({ typebotDelayMessage: 1000 }));
    await w.connect({ integrationId: id });
    const { ticketId } = await say("Oi", newCustomer());
    expect(await w.botTexts(ticketId)).toEqual(["Olá *Ana Souza*!"]);
    await w.fastForward();
    await w.fastForward();
    expect(await w.botTexts(ticketId)).toEqual(["Olá *Ana Souza*!", "_Escolha_", "1 - Vendas\n2 - Suporte"]);
  });

  for (const fault of ["500", "hang", "badJson"] as const) {
    it(`a Typebot that answers ${fault} gets the customer the fallback and the ticket back to its queue`, async () => {
      const { id } = await integration(typebotFields());
      await w.connect({ integrationId: id });
      const n = newCustomer();
      const { ticketId } = await say("Oi", n);
      typebot.fault(fault);
      await say("1", n);
      expect((await w.botTexts(ticketId)).at(-1)).toBe(FALLBACK_TEXT);
      expect(await holder(ticketId)).toBeNull();
    });
  }
});

describe("n8n / webhook", () => {
  it("posts each message signed, sends { reply } and { replies }, and { end: true } hands back", async () => {
    const { id } = await integration({ type: "n8n", urlN8N: `${n8n.url}/webhook/atende`, jsonContent: "segredo" });
    await w.connect({ integrationId: id });
    const n = newCustomer();
    const { ticketId } = await say("Oi", n);
    expect(await w.botTexts(ticketId)).toEqual(["n8n recebeu: Oi"]);
    await say("quero comprar", n);
    expect((await w.botTexts(ticketId)).at(-1)).toBe("n8n recebeu: quero comprar");
    const last = n8n.received.at(-1)!;
    expect(last.headers["x-signature-256"]).toBe(`sha256=${createHmac("sha256", "segredo").update(last.raw).digest("hex")}`);
    expect(last.body).toMatchObject({
      event: "message",
      message: { body: "quero comprar" },
      ticket: { id: ticketId },
      contact: { name: "Ana Souza", number: n },
      connection: { id: w.api.id },
      // The company's message variables for this ticket, as its texts fill them.
      variables: { firstName: "Ana", name: "Ana Souza", ticket_id: String(ticketId), date: expect.stringMatching(/\d/) },
    });
    await say("tchau", n);
    expect((await w.botTexts(ticketId)).slice(-2)).toEqual(["Até mais", "Um atendente segue daqui"]);
    expect(await holder(ticketId)).toBeNull();
  });

  it("retries a failing webhook, then sends the fallback and hands back", async () => {
    const { id } = await integration({ type: "webhook", urlN8N: `${n8n.url}/hook` });
    await w.connect({ integrationId: id });
    n8n.fault("500");
    const { ticketId } = await say("Oi", newCustomer());
    expect(await w.botTexts(ticketId)).toEqual([]);
    for (let i = 0; i < 4; i++) await w.fastForward();
    expect(n8n.received.filter((r) => r.path === "/hook").length).toBe(4);
    expect(await w.botTexts(ticketId)).toEqual([FALLBACK_TEXT]);
    expect(await holder(ticketId)).toBeNull();
  });
});

describe("Dialogflow ES", () => {
  it("exchanges a signed JWT for a token, sends fulfillment texts, and an end-of-conversation intent hands back", async () => {
    const { id } = await integration({ type: "dialogflow", projectName: "agente-1", language: "pt-BR", jsonContent: await serviceAccount("https://oauth2.googleapis.com/token") });
    await w.connect({ integrationId: id });
    const n = newCustomer();
    const { ticketId } = await say("Oi", n);
    expect(await w.botTexts(ticketId)).toEqual(["Dialogflow (agente-1) ouviu: Oi"]);
    const detect = dialogflow.received.find((r) => r.path.includes(":detectIntent"))!;
    expect(detect.body).toEqual({ queryInput: { text: { text: "Oi", languageCode: "pt-BR" } } });
    const assertion = new URLSearchParams(dialogflow.received.find((r) => r.path === "/token")!.raw).get("assertion")!;
    expect(JSON.parse(atob(assertion.split(".")[0]!))).toEqual({ alg: "RS256", typ: "JWT" });
    await say("tchau", n);
    expect((await w.botTexts(ticketId)).at(-1)).toBe("Até logo!");
    expect(await holder(ticketId)).toBeNull();
  });
});

describe("a queue's integration", () => {
  it("takes the conversation when the chatbot puts the ticket in that queue", async () => {
    const { id } = await integration(typebotFields());
    const vendas = await w.queue({ integrationId: id, greetingMessage: "" });
    const outra = await w.queue();
    await w.connect({ greetingMessage: "Bem-vindo!", queueIds: [vendas.id, outra.id] });
    const n = newCustomer();
    const { ticketId } = await say("Oi", n);
    expect(await holder(ticketId)).toBe("bot");
    await say("1", n);
    expect(await w.ticket(ticketId)).toMatchObject({ queueId: vendas.id, integrationId: id });
    expect((await w.botTexts(ticketId)).slice(-3)).toEqual(["Olá *Ana Souza*!", "_Escolha_", "1 - Vendas\n2 - Suporte"]);
    await say("2", n);
    expect((await w.botTexts(ticketId)).at(-1)).toBe("Suporte anotado.");
  });
});

describe("flowbuilder", () => {
  it("hands over to flow:<projectName>, and the flow answers in the same turn", async () => {
    const kinds = w.t.kernel.services.require("automation.handOverKinds")();
    let flowId = 42;
    if (kinds.includes("flow")) {
      // The flows plugin is installed: a real flow that greets and then waits on a menu.
      const created = await w.t.call("POST", "/flowbuilder", { token: w.admin.token, body: { name: "Fluxo" } });
      flowId = created.body.id;
      const at = { x: 0, y: 0 };
      const saved = await w.t.call("POST", "/flowbuilder/flow", {
        token: w.admin.token,
        body: {
          idFlow: flowId,
          nodes: [
            { id: "start", type: "start", position: at, data: { label: "Inicio do fluxo" } },
            { id: "menu", type: "menu", position: at, data: { message: "Olá do fluxo", arrayOption: [{ number: 1, value: "Sim" }] } },
          ],
          connections: [{ id: "e1", source: "start", target: "menu", sourceHandle: "a", targetHandle: "b" }],
        },
      });
      expect(saved.status).toBe(200);
    } else {
      w.t.kernel.services.require("automation.registerHandOver")({ kind: "flow", start: () => [{ type: "send", text: "Olá do fluxo" }], onMessage: () => [] });
    }
    const { id } = await integration({ type: "flowbuilder", projectName: String(flowId) });
    await w.connect({ integrationId: id });
    const { ticketId } = await say("Oi", newCustomer());
    expect(await holder(ticketId)).toBe(`flow:${flowId}`);
    // The flow's start ran in the integration's turn: its greeting is out before the customer writes again.
    expect((await w.botTexts(ticketId)).join("\n")).toContain("Olá do fluxo");
  });
});
