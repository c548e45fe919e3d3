import { describe, expect, it } from "vitest";
import { actionsOf, Conversation, kinds, option, queue, texts } from "./engine.fixtures.ts";

/** Vendas: 1 Planos (1 Mensal, 2 Anual), 2 Falar com a Ana (attendent 7), 3 Financeiro (queue 2), 4 Encerrar (closeTicket). */
const vendas = queue(1, "Vendas", {
  greetingMessage: "Vendas: escolha",
  options: [
    option(10, "Planos", {
      greetingMessage: "Nossos planos:",
      options: [option(100, "Mensal", { greetingMessage: "R$ 10/mês" }), option(101, "Anual", { greetingMessage: "R$ 100/ano" })],
    }),
    option(11, "Falar com a Ana", { queueType: "attendent", optUserId: 7, greetingMessage: "Chamando a Ana" }),
    option(12, "Financeiro", { queueType: "queue", optQueueId: 2, greetingMessage: "Transferindo" }),
    option(13, "Encerrar", { greetingMessage: "Até logo!", closeTicket: true }),
  ],
});
const financeiro = queue(2, "Financeiro", { greetingMessage: "Financeiro aqui" });
const single = (extra: Parameters<typeof queue>[2] = {}) =>
  new Conversation({ queues: [{ ...vendas, ...extra }, financeiro], connection: { queueIds: [1] }, settings: { sendGreetingMessageOneQueues: false } });

describe("chatbot option trees", () => {
  it("shows the first level under the queue's greeting", () => {
    const c = single();
    expect(texts(c.say("Olá"))).toEqual(["Vendas: escolha\n\n*1* - Planos\n*2* - Falar com a Ana\n*3* - Financeiro\n*4* - Encerrar"]);
    expect(c.state).toMatchObject({ phase: "optionMenu", queueId: 1, path: [] });
  });

  it("walks nested options by number; a leaf answers its message and the ticket waits in the queue", () => {
    const c = single();
    c.say("Olá");
    expect(texts(c.say("1"))).toEqual(["Nossos planos:\n\n*1* - Mensal\n*2* - Anual\n*0* - Voltar"]);
    expect(c.state?.path).toEqual([10]);
    const d = c.say("2");
    expect(texts(d)).toEqual(["R$ 100/ano"]);
    expect(c.ticket).toMatchObject({ queueId: 1, isBot: false });
    expect(c.state?.phase).toBe("waiting");
  });

  it("attendent: answers and gives the ticket to the option's user", () => {
    const c = single();
    c.say("Olá");
    const d = c.say("2");
    expect(texts(d)).toEqual(["Chamando a Ana"]);
    expect(actionsOf(d, "assignUser")).toEqual([{ type: "assignUser", userId: 7 }]);
    expect(c.ticket).toMatchObject({ status: "open", userId: 7, isBot: false });
  });

  it("queue: moves the ticket to the option's queue, with both messages", () => {
    const c = single();
    c.say("Olá");
    const d = c.say("3");
    expect(texts(d)).toEqual(["Transferindo", "Financeiro aqui"]);
    expect(actionsOf(d, "log")).toEqual([{ type: "log", log: "queue", queueId: 2 }]);
    expect(c.ticket.queueId).toBe(2);
  });

  it("closeTicket: answers then closes", () => {
    const c = single();
    c.say("Olá");
    const d = c.say("4");
    expect(texts(d)).toEqual(["Até logo!"]);
    expect(kinds(d)).toContain("closeTicket");
    expect(c.ticket.status).toBe("closed");
  });

  it("integration and file hand over to their providers when installed", () => {
    const options = [
      option(20, "Robô", { queueType: "integration", optIntegrationId: 4 }),
      option(21, "Catálogo", { queueType: "file", optFileId: 9, greetingMessage: "Segue o catálogo" }),
    ];
    const c = new Conversation({ queues: [queue(1, "Vendas", { options })], settings: { sendGreetingMessageOneQueues: false }, providers: { integration: true, file: true } });
    c.say("Olá");
    const file = c.say("2");
    expect(kinds(file)).toEqual(["send", "sendFileList", "setBot"]);
    expect(actionsOf(file, "sendFileList")).toEqual([{ type: "sendFileList", fileListId: 9 }]);
    const d = new Conversation({ queues: [queue(1, "Vendas", { options })], settings: { sendGreetingMessageOneQueues: false }, providers: { integration: true, file: true } });
    d.say("Olá");
    expect(actionsOf(d.say("1"), "handOver")).toEqual([{ type: "handOver", integrationId: 4 }]);
    expect(d.ticket.holder).toBe("integration:4");
  });

  it("integration and file without a provider are not offered: never silently text (issue 24)", () => {
    const options = [
      option(20, "Robô", { queueType: "integration", optIntegrationId: 4, options: [option(200, "A"), option(201, "B")] }),
      option(21, "Catálogo", { queueType: "file", optFileId: 9 }),
      option(22, "Preços", { greetingMessage: "Tabela" }),
      option(23, "Suporte"),
    ];
    const c = new Conversation({ queues: [queue(1, "Vendas", { greetingMessage: "Menu", options })], settings: { sendGreetingMessageOneQueues: false } });
    expect(texts(c.say("Olá"))).toEqual(["Menu\n\n*1* - Preços\n*2* - Suporte"]);
    // "1" is the first option offered; a hidden option's name is no answer.
    expect(texts(c.say("1"))).toEqual(["Tabela"]);
    const e = new Conversation({ queues: [queue(1, "Vendas", { greetingMessage: "Menu", options })], settings: { sendGreetingMessageOneQueues: false } });
    e.say("Olá");
    const f = e.say("Robô");
    expect(kinds(f)).not.toContain("handOver");
    expect(texts(f)).toEqual(["Menu\n\n*1* - Preços\n*2* - Suporte"]);
    // With an integration provider only, the integration option is back; the file option stays out.
    const g = new Conversation({
      queues: [queue(1, "Vendas", { greetingMessage: "Menu", options })],
      settings: { sendGreetingMessageOneQueues: false },
      providers: { integration: true },
    });
    expect(texts(g.say("Olá"))).toEqual(["Menu\n\n*1* - Robô\n*2* - Preços\n*3* - Suporte"]);
    // An integration option with no integration chosen is not offered either.
    const h = new Conversation({
      queues: [queue(1, "Vendas", { greetingMessage: "Menu", options: [option(24, "Sem id", { queueType: "integration", optIntegrationId: null }), ...options.slice(2)] })],
      settings: { sendGreetingMessageOneQueues: false },
      providers: { integration: true },
    });
    expect(texts(h.say("Olá"))).toEqual(["Menu\n\n*1* - Preços\n*2* - Suporte"]);
  });

  it("an option without its target (deleted user or queue) behaves as text", () => {
    const options = [option(20, "Ana", { queueType: "attendent", optUserId: null }), option(21, "Outra fila", { queueType: "queue", optQueueId: 99 })];
    const c = new Conversation({ queues: [queue(1, "Vendas", { options })], settings: { sendGreetingMessageOneQueues: false } });
    c.say("Olá");
    const d = c.say("2");
    expect(kinds(d)).not.toContain("setQueue");
    expect(c.ticket).toMatchObject({ queueId: 1, status: "pending" });
  });

  it("chooses a single option by itself, at any level", () => {
    const tree = [option(10, "Único", { greetingMessage: "Só uma opção:", options: [option(100, "Fim", { greetingMessage: "Pronto" })] })];
    const c = new Conversation({ queues: [queue(1, "Vendas", { greetingMessage: "Bem-vindo", options: tree })], settings: { sendGreetingMessageOneQueues: false } });
    expect(texts(c.say("Olá"))).toEqual(["Bem-vindo", "Só uma opção:", "Pronto"]);
    expect(c.state?.phase).toBe("waiting");
  });

  it("0 goes back one level and # to the start", () => {
    const deep = [
      option(10, "Planos", {
        greetingMessage: "Planos:",
        options: [option(100, "Empresas", { greetingMessage: "Empresas:", options: [option(1000, "P"), option(1001, "M")] }), option(101, "Pessoas")],
      }),
      option(11, "Outros"),
    ];
    const c = new Conversation({ queues: [queue(1, "Vendas", { greetingMessage: "Vendas:", options: deep })], settings: { sendGreetingMessageOneQueues: false } });
    c.say("Olá");
    c.say("1");
    expect(texts(c.say("1"))).toEqual(["Empresas:\n\n*1* - P\n*2* - M\n*0* - Voltar\n*#* - Menu inicial"]);
    expect(texts(c.say("0"))).toEqual(["Planos:\n\n*1* - Empresas\n*2* - Pessoas\n*0* - Voltar"]);
    c.say("1");
    expect(texts(c.say("#"))).toEqual(["Vendas:\n\n*1* - Planos\n*2* - Outros"]);
    expect(c.state?.path).toEqual([]);
  });

  it("with several queues, 0 on a queue's first level and # anywhere go back to the queue menu", () => {
    const c = new Conversation({ queues: [vendas, financeiro] });
    c.say("Olá");
    expect(texts(c.say("1"))).toEqual(["Vendas: escolha\n\n*1* - Planos\n*2* - Falar com a Ana\n*3* - Financeiro\n*4* - Encerrar\n*0* - Voltar"]);
    expect(texts(c.say("0"))).toEqual(["Olá! Escolha um setor:\n\n*1* - Vendas\n*2* - Financeiro"]);
    expect(c.state?.phase).toBe("queueMenu");
    c.say("1");
    c.say("1");
    c.say("#");
    expect(c.state?.phase).toBe("queueMenu");
  });

  it("repeats the level after an invalid reply and stops after maxUseBotQueues, the ticket waiting in its queue", () => {
    const c = new Conversation({ queues: [vendas], connection: { maxUseBotQueues: 2 }, settings: { sendGreetingMessageOneQueues: false } });
    c.say("Olá");
    expect(texts(c.say("nada"))).toEqual(["Vendas: escolha\n\n*1* - Planos\n*2* - Falar com a Ana\n*3* - Financeiro\n*4* - Encerrar"]);
    expect(texts(c.say("nada"))).toEqual([]);
    expect(c.ticket).toMatchObject({ queueId: 1, isBot: false });
  });

  it("restarts at the first level when the tree changed under the customer", () => {
    const c = single();
    c.say("Olá");
    c.say("1");
    c.setup.queues = [{ ...vendas, options: vendas.options.filter((o) => o.id !== 10) }];
    expect(texts(c.say("1"))).toEqual(["Vendas: escolha\n\n*1* - Falar com a Ana\n*2* - Financeiro\n*3* - Encerrar"]);
    expect(c.state?.path).toEqual([]);
  });

  it("stops a tree whose single options loop between queues", () => {
    const a = queue(1, "A", { greetingMessage: "", options: [option(10, "para B", { queueType: "queue", optQueueId: 2, greetingMessage: "" })] });
    const b = queue(2, "B", { greetingMessage: "", options: [option(20, "para A", { queueType: "queue", optQueueId: 1, greetingMessage: "" })] });
    const c = new Conversation({ queues: [a, b], connection: { queueIds: [1] }, settings: { sendGreetingMessageOneQueues: false } });
    const d = c.say("Olá");
    expect(actionsOf(d, "setQueue").length).toBeLessThanOrEqual(21);
    expect(c.state?.phase).toBe("waiting");
  });
});
