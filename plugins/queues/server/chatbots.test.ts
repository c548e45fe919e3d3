import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { createCompanyWithAdmin, createUser } from "../../../tests/support/fixtures.ts";
import { createQueue } from "./queues.fixtures.ts";

let t: TestKernel;
let acme: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
beforeEach(async () => {
  t = await createTestKernel();
  acme = await createCompanyWithAdmin(t, "Acme");
});
afterEach(() => t.close());

const tree = [
  {
    name: "Financeiro",
    greetingMessage: "Escolha uma opção",
    options: [
      { name: "Boletos", greetingMessage: "Envie o CPF" },
      { name: "Falar com alguém", queueType: "text" },
    ],
  },
  { name: "Comercial", queueType: "text", greetingMessage: "Em breve" },
];

describe("chatbots: happy", () => {
  it("a queue is created with a nested option tree and answers it nested, in order", async () => {
    const plain = await createUser(t, acme.company.id);
    const body = structuredClone(tree);
    Object.assign((body[0] as { options: object[] }).options[1]!, { queueType: "attendent", optUserId: plain.user.id });
    const q = await createQueue(t, acme.token, { chatbots: body });
    expect(q.chatbots.map((o: { name: string }) => o.name)).toEqual(["Financeiro", "Comercial"]);
    expect(q.chatbots[0].options.map((o: { name: string }) => o.name)).toEqual(["Boletos", "Falar com alguém"]);
    expect(q.chatbots[0].options[1]).toMatchObject({ queueType: "attendent", optUserId: plain.user.id, parentId: q.chatbots[0].id });
    const one = await t.call("GET", `/chatbot/${q.chatbots[0].id}`, { token: acme.token });
    expect(one.status).toBe(200);
    expect(one.body.options).toHaveLength(2);
  });

  it("PUT /queue with chatbots keeps named options, adds new ones and removes the rest", async () => {
    const q = await createQueue(t, acme.token, { chatbots: tree });
    const [fin, com] = q.chatbots;
    const next = [{ ...fin, name: "Financeiro 2", options: [{ ...fin.options[0], options: [{ name: "Segunda via" }] }] }, { name: "Suporte técnico" }];
    const res = await t.call("PUT", `/queue/${q.id}`, { token: acme.token, body: { chatbots: next } });
    expect(res.status).toBe(200);
    expect(res.body.chatbots.map((o: { name: string }) => o.name)).toEqual(["Financeiro 2", "Suporte técnico"]);
    expect(res.body.chatbots[0].id).toBe(fin.id);
    expect(res.body.chatbots[0].options[0].id).toBe(fin.options[0].id);
    expect(res.body.chatbots[0].options[0].options[0].name).toBe("Segunda via");
    expect((await t.call("GET", `/chatbot/${com.id}`, { token: acme.token })).status).toBe(404);
    expect((await t.call("GET", `/chatbot/${fin.options[1].id}`, { token: acme.token })).status).toBe(404);
  });

  it("/chatbot creates under a queue and under an option, edits and deletes with the nested steps", async () => {
    const q = await createQueue(t, acme.token);
    const target = await createQueue(t, acme.token);
    const top = await t.call("POST", "/chatbot", { token: acme.token, body: { queueId: q.id, name: "Atendimento", greetingMessage: "Escolha" } });
    expect(top.status).toBe(200);
    const child = await t.call("POST", "/chatbot", {
      token: acme.token,
      body: { parentId: top.body.id, name: "Ir para outra fila", queueType: "queue", optQueueId: target.id, options: [] },
    });
    expect(child.body).toMatchObject({ parentId: top.body.id, queueId: q.id, optQueueId: target.id, position: 0 });
    const edited = await t.call("PUT", `/chatbot/${top.body.id}`, {
      token: acme.token,
      body: { name: "Atendimento geral", options: [{ id: child.body.id, name: "Outra fila", queueType: "queue", optQueueId: target.id }, { name: "Mais opções" }] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.options.map((o: { name: string }) => o.name)).toEqual(["Outra fila", "Mais opções"]);
    const shown = await t.call("GET", `/queue/${q.id}`, { token: acme.token });
    expect(shown.body.chatbots[0].options).toHaveLength(2);
    const emit = vi.spyOn(t.kernel.realtime, "emit");
    expect((await t.call("DELETE", `/chatbot/${top.body.id}`, { token: acme.token })).status).toBe(200);
    expect(emit).toHaveBeenCalledWith(acme.company.id, `company-${acme.company.id}-queue`, { action: "update", queue: expect.objectContaining({ id: q.id, chatbots: [] }) });
    expect((await t.call("GET", `/chatbot/${child.body.id}`, { token: acme.token })).status).toBe(404);
    expect((await t.call("GET", `/queue/${q.id}`, { token: acme.token })).body.chatbots).toEqual([]);
  });

  it("deleting a queue removes its tree; options sending to it lose the target", async () => {
    const target = await createQueue(t, acme.token);
    const q = await createQueue(t, acme.token, { chatbots: [{ name: "Para a outra", queueType: "queue", optQueueId: target.id }] });
    await t.call("DELETE", `/queue/${target.id}`, { token: acme.token });
    const after = await t.call("GET", `/chatbot/${q.chatbots[0].id}`, { token: acme.token });
    expect(after.body.optQueueId).toBeNull();
    await t.call("DELETE", `/queue/${q.id}`, { token: acme.token });
    expect((await t.call("GET", `/chatbot/${q.chatbots[0].id}`, { token: acme.token })).status).toBe(404);
  });
});

describe("chatbots: errors", () => {
  it("option names need at least 4 characters and are required, at any level", async () => {
    const res = await t.call("POST", "/queue", {
      token: acme.token,
      body: { name: "Fila", color: "#abc", chatbots: [{ name: "abc" }, { greetingMessage: "x", options: [{ name: "" }] }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({ "chatbots.0.name": "Too Short!", "chatbots.1.name": "Required", "chatbots.1.options.0.name": "Required" });
  });

  it("a next level needs the option's message; types need their target", async () => {
    const res = await t.call("POST", "/queue", {
      token: acme.token,
      body: {
        name: "Fila",
        color: "#abc",
        chatbots: [
          { name: "Menu principal", options: [{ name: "Sub opção" }] },
          { name: "Transferir", queueType: "queue" },
          { name: "Pessoa", queueType: "attendent" },
        ],
      },
    });
    expect(res.body.fields).toMatchObject({ "chatbots.0.greetingMessage": "Required", "chatbots.1.optQueueId": "Required", "chatbots.2.optUserId": "Required" });
    const q = await createQueue(t, acme.token, { chatbots: [{ name: "Sem mensagem" }] });
    const child = await t.call("POST", "/chatbot", { token: acme.token, body: { parentId: q.chatbots[0].id, name: "Filho" } });
    expect(child.body).toMatchObject({ error: "ERR_VALIDATION", fields: { parentId: expect.any(String) } });
    const noTarget = await t.call("POST", "/chatbot", { token: acme.token, body: { name: "Órfã" } });
    expect(noTarget.body.fields).toMatchObject({ queueId: "Required" });
    const badType = await t.call("PUT", `/chatbot/${q.chatbots[0].id}`, { token: acme.token, body: { queueType: "robot" } });
    expect(badType.body.fields).toMatchObject({ queueType: "Invalid value" });
  });

  it("an id from another subtree is refused, and trees are bounded in depth", async () => {
    const a = await createQueue(t, acme.token, { chatbots: [{ name: "Opção A" }] });
    const b = await createQueue(t, acme.token);
    const res = await t.call("PUT", `/queue/${b.id}`, { token: acme.token, body: { chatbots: [{ id: a.chatbots[0].id, name: "Roubada" }] } });
    expect(res.body).toMatchObject({ error: "ERR_VALIDATION", fields: { options: "Unknown option" } });
    let deep: Record<string, unknown> = { name: "Nível final" };
    for (let i = 0; i < 11; i++) deep = { name: `Nível ${i}`, greetingMessage: "m", options: [deep] };
    const tooDeep = await t.call("PUT", `/queue/${b.id}`, { token: acme.token, body: { chatbots: [deep] } });
    expect(tooDeep.body.fields).toMatchObject({ options: expect.stringContaining("levels") });
  });
});

describe("chatbots: security", () => {
  it("another company can neither read, change, delete nor extend an option", async () => {
    const q = await createQueue(t, acme.token, { chatbots: [{ name: "Segredo", greetingMessage: "m" }] });
    const id = q.chatbots[0].id;
    const other = await createCompanyWithAdmin(t, "Intrusa");
    expect((await t.call("GET", `/chatbot/${id}`, { token: other.token })).status).toBe(404);
    expect((await t.call("PUT", `/chatbot/${id}`, { token: other.token, body: { name: "Hackeada" } })).status).toBe(404);
    expect((await t.call("DELETE", `/chatbot/${id}`, { token: other.token })).status).toBe(404);
    expect((await t.call("POST", "/chatbot", { token: other.token, body: { parentId: id, name: "Intrusa" } })).status).toBe(404);
    expect((await t.call("POST", "/chatbot", { token: other.token, body: { queueId: q.id, name: "Intrusa" } })).status).toBe(404);
    expect((await t.call("GET", `/chatbot/${id}`, { token: acme.token })).body).toMatchObject({ name: "Segredo", options: [] });
  });

  it("options cannot point at another company's queue or user", async () => {
    const foreignQueue = await createQueue(t, acme.token);
    const other = await createCompanyWithAdmin(t, "Outra");
    const toQueue = await t.call("POST", "/queue", {
      token: other.token,
      body: { name: "Fila", color: "#abc", chatbots: [{ name: "Desvio", queueType: "queue", optQueueId: foreignQueue.id }] },
    });
    expect(toQueue.body).toMatchObject({ error: "ERR_VALIDATION", fields: { optQueueId: "Invalid queue" } });
    const toUser = await t.call("POST", "/queue", {
      token: other.token,
      body: { name: "Fila", color: "#abc", chatbots: [{ name: "Desvio", queueType: "attendent", optUserId: acme.user.id }] },
    });
    expect(toUser.body).toMatchObject({ error: "ERR_VALIDATION", fields: { optUserId: "Invalid user" } });
  });

  it("option writes are for admins only", async () => {
    const plain = await createUser(t, acme.company.id);
    const q = await createQueue(t, acme.token);
    expect((await t.call("POST", "/chatbot", { token: plain.token, body: { queueId: q.id, name: "Opção" } })).status).toBe(403);
  });
});
