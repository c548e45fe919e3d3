import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCompanyWithAdmin } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import type { ReferenceKind } from "./references.contract.ts";
import { createQueue, validQueue } from "./queues.fixtures.ts";
import { pluginsWithoutKindOwners } from "../../../tests/support/kind-owners.ts";

let t: TestKernel;
let acme: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
let beta: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
/** The records a test-registered kind holds, as "companyId:id". */
let records: Set<string>;
beforeEach(async () => {
  t = await createTestKernel({ plugins: pluginsWithoutKindOwners() });
  acme = await createCompanyWithAdmin(t, "Acme");
  beta = await createCompanyWithAdmin(t, "Beta");
  records = new Set();
});
afterEach(() => t.close());

/** Registers `kind` as a test plugin would, its records being `records` ("companyId:id"). */
const provide = (kind: ReferenceKind) => t.kernel.services.require("queues.registerReference")(kind, { exists: async (companyId, id) => records.has(`${companyId}:${id}`) });
const own = (companyId: number, ...ids: number[]) => {
  for (const id of ids) records.add(`${companyId}:${id}`);
};
const call = (method: string, path: string, body?: unknown) => t.call(method, path, { token: acme.token, body });

describe("reference registry: happy", () => {
  it("answers the registered kinds (service and GET /queues/reference-kinds) and whether an id exists in a company", async () => {
    expect((await call("GET", "/queues/reference-kinds")).body).toEqual({ kinds: [] });
    provide("fileList");
    provide("integration");
    own(acme.company.id, 7);
    expect((await call("GET", "/queues/reference-kinds/")).body).toEqual({ kinds: ["integration", "fileList"] });
    expect(t.kernel.services.require("queues.referenceKinds")()).toEqual(["integration", "fileList"]);
    const exists = t.kernel.services.require("queues.referenceExists");
    expect(await exists(acme.company.id, "integration", 7)).toBe(true);
    expect(await exists(beta.company.id, "integration", 7)).toBe(false);
    expect(await exists(acme.company.id, "prompt", 7)).toBe(false);
  });

  it("a queue and its options store integrations and file lists that exist; the bot reads them", async () => {
    provide("integration");
    provide("fileList");
    own(acme.company.id, 4, 9);
    const q = await createQueue(t, acme.token, {
      integrationId: 4,
      fileListId: 9,
      chatbots: [
        { name: "Robô de vendas", queueType: "integration", optIntegrationId: 4 },
        { name: "Catálogo", queueType: "file", optFileId: "9" },
      ],
    });
    expect(q).toMatchObject({ integrationId: 4, fileListId: 9 });
    expect(q.chatbots).toMatchObject([{ optIntegrationId: 4 }, { optFileId: 9 }]);
    const [forBot] = await t.kernel.services.require("queues.forBot")(acme.company.id);
    expect(forBot).toMatchObject({
      integrationId: 4,
      fileListId: 9,
      options: [
        { queueType: "integration", optIntegrationId: 4 },
        { queueType: "file", optFileId: 9 },
      ],
    });
    const added = await call("POST", "/chatbot", { queueId: q.id, name: "Outro robô", queueType: "integration", optIntegrationId: 9 });
    expect(added.status).toBe(200);
    expect((await call("PUT", `/chatbot/${added.body.id}`, { queueType: "file", optFileId: 4 })).body).toMatchObject({ queueType: "file", optFileId: 4 });
  });

  it('the spec\'s empties (null, "", 0) mean none, with or without a provider', async () => {
    const q = await createQueue(t, acme.token, { integrationId: 0, fileListId: "", chatbots: [{ name: "Texto puro", optIntegrationId: null, optFileId: 0 }] });
    expect(q).toMatchObject({ integrationId: null, fileListId: null, chatbots: [{ optIntegrationId: null, optFileId: null }] });
    expect((await call("PUT", `/queue/${q.id}`, { integrationId: null, fileListId: 0 })).status).toBe(200);
  });

  it("an id stored before is kept on a later save even when it no longer exists; a changed one is checked", async () => {
    provide("integration");
    own(acme.company.id, 4);
    const q = await createQueue(t, acme.token, { integrationId: 4, chatbots: [{ name: "Robô de vendas", queueType: "integration", optIntegrationId: 4 }] });
    records.clear();
    const kept = await call("PUT", `/queue/${q.id}`, { name: "Vendas 2", integrationId: 4, chatbots: q.chatbots });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ name: "Vendas 2", integrationId: 4, chatbots: [{ id: q.chatbots[0].id, optIntegrationId: 4 }] });
    expect((await call("PUT", `/chatbot/${q.chatbots[0].id}`, { name: "Robô renomeado" })).status).toBe(200);
    expect((await call("PUT", `/queue/${q.id}`, { integrationId: 5 })).body).toMatchObject({ error: "ERR_VALIDATION", fields: { integrationId: "Invalid integration" } });
  });
});

describe("reference registry: errors", () => {
  it("a queue naming a missing, another company's, or an unregistered kind's record is a field error, and nothing is stored", async () => {
    const unregistered = await call("POST", "/queue", validQueue({ integrationId: 4, fileListId: 9 }));
    expect(unregistered.status).toBe(400);
    expect(unregistered.body).toEqual({ error: "ERR_VALIDATION", fields: { integrationId: "Invalid integration", fileListId: "Invalid file list" } });
    provide("integration");
    provide("fileList");
    own(beta.company.id, 4);
    own(acme.company.id, 9);
    const foreign = await call("POST", "/queue", validQueue({ integrationId: 4, fileListId: 9 }));
    expect(foreign.body).toEqual({ error: "ERR_VALIDATION", fields: { integrationId: "Invalid integration" } });
    expect((await call("GET", "/queue")).body).toEqual([]);
    const q = await createQueue(t, acme.token);
    expect((await call("PUT", `/queue/${q.id}`, { fileListId: 10 })).body).toEqual({ error: "ERR_VALIDATION", fields: { fileListId: "Invalid file list" } });
    expect((await call("GET", `/queue/${q.id}`)).body.fileListId).toBeNull();
  });

  it("an option naming a missing or another company's integration or file list is refused on every write route", async () => {
    provide("integration");
    provide("fileList");
    own(beta.company.id, 4, 9);
    const q = await createQueue(t, acme.token);
    const integration = { name: "Robô de vendas", queueType: "integration", optIntegrationId: 4 };
    const file = { name: "Catálogo", queueType: "file", optFileId: 9 };
    const refused = (fields: Record<string, string>) => ({ error: "ERR_VALIDATION", fields });
    // Each error names where the option sits in the request, as zod's field errors do.
    expect((await call("POST", "/queue", validQueue({ chatbots: [integration] }))).body).toEqual(refused({ "chatbots.0.optIntegrationId": "Invalid integration" }));
    const nested = { chatbots: [{ name: "Nível 1", greetingMessage: "Escolha", options: [file] }] };
    expect((await call("PUT", `/queue/${q.id}`, nested)).body).toEqual(refused({ "chatbots.0.options.0.optFileId": "Invalid file list" }));
    expect((await call("POST", "/chatbot", { queueId: q.id, ...integration })).body).toEqual(refused({ optIntegrationId: "Invalid integration" }));
    const text = await call("POST", "/chatbot", { queueId: q.id, name: "Texto puro", greetingMessage: "Escolha" });
    expect((await call("POST", "/chatbot", { queueId: q.id, name: "Com etapas", greetingMessage: "Escolha", options: [file] })).body).toEqual(
      refused({ "options.0.optFileId": "Invalid file list" }),
    );
    expect((await call("PUT", `/chatbot/${text.body.id}`, { queueType: "file", optFileId: 9 })).body).toEqual(refused({ optFileId: "Invalid file list" }));
    expect((await call("PUT", `/chatbot/${text.body.id}`, { options: [integration] })).body).toEqual(refused({ "options.0.optIntegrationId": "Invalid integration" }));
    expect((await call("POST", "/chatbot", { parentId: text.body.id, ...file })).body).toEqual(refused({ optFileId: "Invalid file list" }));
    expect((await call("GET", `/queue/${q.id}`)).body.chatbots).toMatchObject([{ name: "Texto puro", queueType: "text", options: [] }]);
  });

  it("an integration or file option needs its target; with no provider installed it cannot be saved", async () => {
    const q = await createQueue(t, acme.token);
    const res = await call(
      "POST",
      "/queue",
      validQueue({
        chatbots: [
          { name: "Robô de vendas", queueType: "integration" },
          { name: "Catálogo", queueType: "file" },
        ],
      }),
    );
    expect(res.body).toMatchObject({ error: "ERR_VALIDATION", fields: { "chatbots.0.optIntegrationId": "Required", "chatbots.1.optFileId": "Required" } });
    const text = await call("POST", "/chatbot", { queueId: q.id, name: "Texto puro" });
    expect((await call("PUT", `/chatbot/${text.body.id}`, { queueType: "integration" })).body).toEqual({ error: "ERR_VALIDATION", fields: { optIntegrationId: "Required" } });
    expect((await call("PUT", `/chatbot/${text.body.id}`, { queueType: "integration", optIntegrationId: 3 })).body).toEqual({
      error: "ERR_VALIDATION",
      fields: { optIntegrationId: "Invalid integration" },
    });
  });

  it("a second provider for one kind, or an unknown kind, stops the boot with a clear message", () => {
    provide("flow");
    expect(() => provide("flow")).toThrow('queues.registerReference: a provider for reference kind "flow" is already registered');
    expect(() => provide("telegram" as ReferenceKind)).toThrow('unknown reference kind "telegram"');
  });
});
