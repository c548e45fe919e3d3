import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CLOUD_LIMITS, cloudInteractive } from "./cloud-interactive.ts";
import { openConversation, sentMessages } from "./meta-outbound.fixtures.ts";
import { closeWorld, linkCloud, messagesOf, metaWorld, PHONE, payloads, postWebhook, rows, ticketsOf, WA_ID, type MetaWorld } from "./meta.fixtures.ts";

/** Lists and reply buttons on the WhatsApp Cloud API: what reaches the Graph stand-in, and the customer's taps coming back. */
let w: MetaWorld;
let cloud: { id: number };
beforeEach(async () => {
  w = await metaWorld();
  cloud = await linkCloud(w);
});
afterEach(() => closeWorld(w));

const LONG_NAME = "Suporte Técnico Especializado";
const chars = (s: string) => Array.from(s).length;

/** Runs every job due now (bot steps, deliveries) until none is left. */
async function settle() {
  while ((await w.t.kernel.jobs.runDue()) > 0) {}
}

const tap = (id: string, kind: "list_reply" | "button_reply", reply: Record<string, string>) =>
  payloads.cloudMessage({ id, type: "interactive", interactive: { type: kind, [kind]: reply } });

/** Two queues (the second with a name longer than a row or button title) on the Cloud API connection, bot menus in `style`. */
async function twoQueueBot(style: "list" | "button") {
  const queue = async (name: string, color: string) => {
    const res = await w.t.call("POST", "/queue", { token: w.admin.token, body: { name, color, greetingMessage: `${name} aqui.` } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { id: number };
  };
  const a = await queue("Vendas", "#1a2b3c");
  const b = await queue(LONG_NAME, "#3c2b1a");
  const edited = await w.t.call("PUT", `/whatsapp/${cloud.id}`, { token: w.admin.token, body: { greetingMessage: "Oi!", queueIds: [a.id, b.id] } });
  expect(edited.status, JSON.stringify(edited.body)).toBe(200);
  expect((await w.t.call("PUT", "/settings/chatBotType", { token: w.admin.token, body: { value: style } })).status).toBe(200);
  return { a, b };
}

async function ticketRow() {
  const [ticket] = await rows(w.t, "tickets", w.admin.companyId);
  return ticket!;
}

describe("outbound: the composer's list", () => {
  it("goes as an interactive list with every text cut to the Cloud API's bounds; the stand-in (which refuses what Meta refuses) accepts it", async () => {
    const ticket = await openConversation(w, payloads.cloudMessage({ id: "wamid.IN", type: "text", text: { body: "oi" } }));
    const res = await w.t.call("POST", `/messages/lista/${ticket.id}`, {
      token: w.admin.token,
      body: {
        title: "Catálogo",
        text: "Escolha um produto",
        buttonText: "Ver todos os produtos da loja",
        sections: [
          { title: "Produtos em destaque da semana", rows: [{ id: "p1", title: "Camiseta Básica de Algodão Orgânico", description: "x".repeat(100) }, { title: "Boné" }] },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await w.t.kernel.jobs.runDue();
    const [send] = w.graph.sends();
    expect(send).toMatchObject({ path: `/v21.0/${PHONE.id}/messages`, token: PHONE.token, json: { messaging_product: "whatsapp", to: WA_ID, type: "interactive" } });
    const { interactive } = send!.json;
    expect(interactive.type).toBe("list");
    expect(interactive.body.text).toBe("Catálogo\nEscolha um produto");
    expect(interactive.action.button).toBe("Ver todos os produt…");
    expect(chars(interactive.action.button)).toBe(CLOUD_LIMITS.listButton);
    const [section] = interactive.action.sections;
    expect(chars(section.title)).toBe(CLOUD_LIMITS.sectionTitle);
    expect(section.rows).toEqual([
      { id: "p1", title: "Camiseta Básica de Algo…", description: `${"x".repeat(71)}…` },
      // A row without an id is named by its title, so the customer's tap reads as it.
      { id: "Boné", title: "Boné" },
    ]);
    expect(chars(section.rows[0].title)).toBe(CLOUD_LIMITS.rowTitle);
    expect(await sentMessages(w, ticket.uuid)).toMatchObject([{ mediaType: "listMessage", ack: 1, providerId: expect.stringMatching(/^wamid\.stand/) }]);
  });

  it("with more rows than the Cloud API shows (10), goes as its text", async () => {
    const ticket = await openConversation(w, payloads.cloudMessage({ id: "wamid.IN", type: "text", text: { body: "oi" } }));
    const section = (title: string) => ({ title, rows: Array.from({ length: 6 }, (_, i) => ({ id: `${title}-${i}`, title: `${title} ${i}` })) });
    const res = await w.t.call("POST", `/messages/lista/${ticket.id}`, {
      token: w.admin.token,
      body: { title: "Catálogo", text: "Escolha", buttonText: "Ver", sections: [section("Roupas"), section("Calçados")] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await w.t.kernel.jobs.runDue();
    const [send] = w.graph.sends();
    expect(send!.json).toMatchObject({ type: "text", text: { body: "Catálogo\nEscolha" } });
    expect(await sentMessages(w, ticket.uuid)).toMatchObject([{ ack: 1 }]);
  });
});

describe("outbound: what does not fit goes as text", () => {
  const buttons = (...titles: string[]) => ({ kind: "reply", buttons: titles.map((title, i) => ({ id: String(i + 1), title })) });

  it("reply buttons within the bounds map to the Graph shape", () => {
    expect(cloudInteractive("*1* - Sim\n*2* - Não", buttons("Sim", "Não"))).toEqual({
      type: "button",
      body: { text: "*1* - Sim\n*2* - Não" },
      action: {
        buttons: [
          { type: "reply", reply: { id: "1", title: "Sim" } },
          { type: "reply", reply: { id: "2", title: "Não" } },
        ],
      },
    });
  });

  it("more than 3 buttons, titles equal once cut to 20 characters, a body over 1024 characters, a card kind, a row without a title: null (text)", () => {
    expect(cloudInteractive("menu", buttons("A", "B", "C", "D"))).toBeNull();
    expect(cloudInteractive("menu", buttons("Atendimento Comercial Empresas", "Atendimento Comercial Pessoas"))).toBeNull();
    expect(cloudInteractive("x".repeat(1025), buttons("Sim"))).toBeNull();
    expect(cloudInteractive("x".repeat(1024), buttons("Sim"))).not.toBeNull();
    expect(cloudInteractive("PIX", { kind: "pix", buttons: [{ type: "cta_copy", text: "Copiar", copyText: "k" }] })).toBeNull();
    expect(cloudInteractive("menu", { kind: "list", buttonText: "Ver", sections: [{ rows: [{ id: "1", title: "" }] }] })).toBeNull();
  });
});

describe("inbound: the customer's taps", () => {
  it("a list_reply of a bot menu row (numbered id) is stored as the number, a button_reply of another id as its title", async () => {
    await postWebhook(w.t, tap("wamid.LR", "list_reply", { id: "2", title: "Suporte", description: "" }));
    await postWebhook(w.t, tap("wamid.BR", "button_reply", { id: "confirmar-pedido", title: "Confirmar" }));
    const [ticket] = await ticketsOf(w);
    const by = Object.fromEntries((await messagesOf(w, ticket!.uuid)).map((m) => [m.providerId, m]));
    expect(by["wamid.LR"]).toMatchObject({ body: "2", mediaType: "chat", fromMe: false });
    expect(JSON.parse(by["wamid.LR"]!.dataJson)).toEqual({ reply: { id: "2", title: "Suporte" } });
    expect(by["wamid.BR"]).toMatchObject({ body: "Confirmar", mediaType: "chat", fromMe: false });
  });

  it("an interactive message with no reply in it is kept, named by its type, instead of being refused as empty", async () => {
    await postWebhook(w.t, payloads.cloudMessage({ id: "wamid.NFM", type: "interactive", interactive: { type: "nfm_reply", nfm_reply: { response_json: "{}" } } }));
    const [ticket] = await ticketsOf(w);
    expect(await messagesOf(w, ticket!.uuid)).toMatchObject([{ providerId: "wamid.NFM", body: "[nfm_reply]" }]);
  });
});

describe("a customer's conversation with the bot on the Cloud API", () => {
  it("chatBotType list: the menu arrives as an interactive list, a tap on a row puts the ticket in that queue", async () => {
    const { b } = await twoQueueBot("list");
    await postWebhook(w.t, payloads.cloudMessage({ id: "wamid.HI", type: "text", text: { body: "Olá" } }));
    await settle();
    const [menu] = w.graph.sends();
    expect(menu!.json).toMatchObject({ type: "interactive", to: WA_ID });
    const { interactive } = menu!.json;
    expect(interactive).toMatchObject({ type: "list", body: { text: `Oi!\n\n*1* - Vendas\n*2* - ${LONG_NAME}` }, action: { button: "Ver opções" } });
    expect(interactive.action.sections[0].rows).toEqual([
      { id: "1", title: "Vendas" },
      { id: "2", title: "Suporte Técnico Especia…" },
    ]);
    expect(await ticketRow()).toMatchObject({ queue_id: null });
    // The customer taps the cut title: the row's id (the option number) picks the queue.
    await postWebhook(w.t, tap("wamid.PICK", "list_reply", { id: "2", title: "Suporte Técnico Especia…" }));
    await settle();
    expect(await ticketRow()).toMatchObject({ queue_id: b.id, holder: null });
  });

  it("chatBotType button: reply buttons with titles cut to 20 characters; a tap picks", async () => {
    const { b } = await twoQueueBot("button");
    await postWebhook(w.t, payloads.cloudMessage({ id: "wamid.HI", type: "text", text: { body: "Olá" } }));
    await settle();
    const [menu] = w.graph.sends();
    expect(menu!.json.interactive).toEqual({
      type: "button",
      body: { text: `Oi!\n\n*1* - Vendas\n*2* - ${LONG_NAME}` },
      action: {
        buttons: [
          { type: "reply", reply: { id: "1", title: "Vendas" } },
          { type: "reply", reply: { id: "2", title: "Suporte Técnico Esp…" } },
        ],
      },
    });
    await postWebhook(w.t, tap("wamid.PICK", "button_reply", { id: "2", title: "Suporte Técnico Esp…" }));
    await settle();
    expect(await ticketRow()).toMatchObject({ queue_id: b.id, holder: null });
  });
});
