import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createCompanyWithAdmin, createUser } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { createPrompt, createQueue, LONG_PROMPT } from "./prompts.fixtures.ts";
import { PromptsService } from "./prompts.service.ts";

let t: TestKernel;
let admin: { token: string };
let queue: { id: number; name: string };
beforeEach(async () => {
  t = await createTestKernel();
  admin = await t.login();
  queue = await createQueue(t, admin.token);
});
afterEach(() => t.close());

const call = (method: string, path: string, body?: unknown, token = admin.token) => t.call(method, path, { token, body });

describe("prompts: happy", () => {
  it("creates with the spec's defaults, lists with queue.name, edits and deletes", async () => {
    const created = await createPrompt(t, admin.token, { queueId: queue.id });
    expect(created).toMatchObject({
      name: "Assistente",
      queueId: queue.id,
      maxTokens: 100,
      temperature: 1,
      maxMessages: 10,
      voice: "texto",
      model: "gpt-4o-mini",
      apiKey: "********abcd",
      totalTokens: 0,
    });
    const list = await call("GET", "/prompt/");
    expect(list.body).toEqual({ prompts: [expect.objectContaining({ id: created.id, queue: { id: queue.id, name: queue.name } })] });

    const edited = await call("PUT", `/prompt/${created.id}`, {
      name: "Assistente 2",
      maxTokens: 300,
      temperature: 0.5,
      model: "llama3",
      voice: "pt-BR-FranciscaNeural",
      apiKey: "********abcd",
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: "Assistente 2", maxTokens: 300, temperature: 0.5, model: "llama3", voice: "pt-BR-FranciscaNeural", apiKey: "********abcd" });
    const rekeyed = await call("PUT", `/prompt/${created.id}`, { apiKey: "sk-new-key-9999" });
    expect(rekeyed.body.apiKey).toBe("********9999");

    const removed = await call("DELETE", `/prompt/${created.id}`);
    expect(removed.body).toEqual({ message: expect.any(String) });
    expect((await call("GET", `/prompt/${created.id}`)).body).toEqual({ error: "ERR_NO_PROMPT_FOUND" });
  });

  it("announces create, update and delete on company-{id}-prompt, never with the key", async () => {
    const emit = vi.spyOn(t.kernel.realtime, "emit");
    const created = await createPrompt(t, admin.token, { queueId: queue.id });
    await call("PUT", `/prompt/${created.id}`, { maxMessages: 4 });
    await call("DELETE", `/prompt/${created.id}`);
    const ours = emit.mock.calls.filter((c) => c[1] === "company-1-prompt").map((c) => c[2]);
    expect(ours).toEqual([
      { action: "create", prompt: expect.objectContaining({ id: created.id, apiKey: null }) },
      { action: "update", prompt: expect.objectContaining({ maxMessages: 4 }) },
      { action: "delete", promptId: created.id },
    ]);
    expect(JSON.stringify(ours)).not.toContain("sk-test");
  });
});

describe("prompts: token usage", () => {
  it("is added once per answered message: a turn run again for the same message adds nothing", async () => {
    const created = await createPrompt(t, admin.token, { queueId: queue.id });
    const service = new PromptsService(t.kernel.db, t.kernel.vault, t.kernel.realtime);
    await service.addUsage(created.id, 41, { promptTokens: 20, completionTokens: 5 });
    await service.addUsage(created.id, 41, { promptTokens: 22, completionTokens: 6 });
    await service.addUsage(created.id, 42, { promptTokens: 30, completionTokens: 7 });
    expect((await call("GET", `/prompt/${created.id}`)).body).toMatchObject({ promptTokens: 50, completionTokens: 12, totalTokens: 62 });
  });
});

describe("prompts: errors", () => {
  it("the spec's field messages: name 5–100, prompt ≥ 50, queue required, key required", async () => {
    const res = await call("POST", "/prompt", { name: "abc", prompt: "curto", apiKey: "" });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({ name: "Muito curto!", prompt: expect.stringMatching(/^Muito curto!/), queueId: "Informe o setor", apiKey: "Obrigatório" });
    const long = await call("POST", "/prompt", { name: "x".repeat(101), prompt: LONG_PROMPT, apiKey: "k", queueId: queue.id });
    expect(long.body.fields).toEqual({ name: "Muito longo!" });
    expect((await call("POST", "/prompt", { name: "Assistente", prompt: LONG_PROMPT, apiKey: "k", queueId: null })).body.fields).toEqual({ queueId: "Informe o setor" });
    expect((await call("POST", "/prompt", { name: "Assistente", prompt: LONG_PROMPT, apiKey: "k", queueId: 999 })).body.fields).toEqual({ queueId: "Informe o setor" });
    const bad = await call("POST", "/prompt", { name: "Assistente", prompt: LONG_PROMPT, apiKey: "k", queueId: queue.id, temperature: 3, maxTokens: "x", voice: "robot" });
    expect(Object.keys(bad.body.fields).sort()).toEqual(["maxTokens", "temperature", "voice"]);
    expect((await call("PUT", "/prompt/1", {})).status).toBe(400);
    expect((await call("GET", "/prompt/abc")).status).toBe(400);
  });
});

describe("prompts: security", () => {
  it("the key is sealed at rest and never answered; a plain user sees no key and may not write", async () => {
    const created = await createPrompt(t, admin.token, { queueId: queue.id });
    const stored = await t.kernel.database.client.execute("SELECT * FROM prompts");
    expect(JSON.stringify(stored.rows)).not.toContain("sk-test-1234567890abcd");
    const user = await createUser(t, 1, { name: "Ana" });
    expect((await call("GET", `/prompt/${created.id}`, undefined, user.token)).body.apiKey).toBeNull();
    expect((await call("GET", "/prompt", undefined, user.token)).body.prompts[0].apiKey).toBeNull();
    expect((await call("POST", "/prompt", { name: "Assistente" }, user.token)).status).toBe(403);
    expect((await call("PUT", `/prompt/${created.id}`, { name: "Outro nome" }, user.token)).status).toBe(403);
    expect((await call("DELETE", `/prompt/${created.id}`, undefined, user.token)).status).toBe(403);
  });

  it("another company's prompts are 404 and never listed", async () => {
    const acme = await createCompanyWithAdmin(t, "Acme");
    const theirQueue = await createQueue(t, acme.token, "Deles");
    const theirs = await createPrompt(t, acme.token, { queueId: theirQueue.id });
    for (const [method, body] of [["GET"], ["PUT", { name: "Roubado!" }], ["DELETE"]] as const) expect((await call(method, `/prompt/${theirs.id}`, body)).status).toBe(404);
    expect((await call("GET", "/prompt")).body.prompts).toEqual([]);
    // A queue of another company is no queue.
    expect((await call("POST", "/prompt", { name: "Assistente", prompt: LONG_PROMPT, apiKey: "k", queueId: theirQueue.id })).body.fields).toEqual({ queueId: "Informe o setor" });
  });

  it("a plan without the AI option answers ERR_PLAN_FEATURE_DISABLED", async () => {
    const plan = await call("POST", "/plans", { name: "Sem IA", users: 5, connections: 5, queues: 5, value: 10, useOpenAi: false });
    expect(plan.status).toBe(200);
    const acme = await createCompanyWithAdmin(t, "Acme", { planId: plan.body.id });
    const res = await call("GET", "/prompt", undefined, acme.token);
    expect(res.body.error).toBe("ERR_PLAN_FEATURE_DISABLED");
  });
});
