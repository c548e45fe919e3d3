import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { createCompanyWithAdmin, createPlan } from "../../../tests/support/fixtures.ts";
import { queueIntegrations } from "../schema/tables.ts";
import { n8nStandIn } from "./testing/n8n-stand-in.ts";
import { typebotStandIn } from "./testing/typebot-stand-in.ts";

let t: TestKernel;
let admin: { token: string };
let typebot: Awaited<ReturnType<typeof typebotStandIn>>;
let n8n: Awaited<ReturnType<typeof n8nStandIn>>;

beforeAll(async () => {
  t = await createTestKernel();
  admin = await t.login();
  typebot = await typebotStandIn();
  n8n = await n8nStandIn();
});
afterAll(async () => {
  await typebot.close();
  await n8n.close();
  await t.close();
});

const post = (body: unknown, token = admin.token) => t.call("POST", "/queueIntegration", { token, body });

describe("queue integrations: CRUD and validation (spec 002 §5, §7)", () => {
  it("creates, lists with search and pages, shows, updates and deletes; defaults; trailing slash", async () => {
    const created = await post({ name: "Typebot vendas", type: "typebot", urlN8N: typebot.url, typebotSlug: "atendimento" });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: "Typebot vendas", type: "typebot", typebotDelayMessage: 1000, typebotExpires: 1, jsonContent: "", hasJsonContent: false });
    await post({ name: "Fluxo n8n", type: "n8n", urlN8N: `${n8n.url}/webhook/x` });
    const list = await t.call("GET", "/queueIntegration/?searchParam=typebot&pageNumber=1", { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.queueIntegrations.map((i: { name: string }) => i.name)).toEqual(["Typebot vendas"]);
    expect(list.body.hasMore).toBe(false);
    const id = created.body.id;
    expect((await t.call("GET", `/queueIntegration/${id}`, { token: admin.token })).body.name).toBe("Typebot vendas");
    const updated = await t.call("PUT", `/queueIntegration/${id}`, { token: admin.token, body: { typebotKeywordFinish: "sair", typebotDelayMessage: 0 } });
    expect(updated.body).toMatchObject({ typebotKeywordFinish: "sair", typebotDelayMessage: 0, typebotSlug: "atendimento" });
    expect((await t.call("DELETE", `/queueIntegration/${id}/`, { token: admin.token })).status).toBe(200);
    expect((await t.call("GET", `/queueIntegration/${id}`, { token: admin.token })).body.error).toBe("ERR_NO_INTEGRATION_FOUND");
  });

  it("names each type's missing fields and the name bounds", async () => {
    expect((await post({ name: "a", type: "n8n" })).body.fields.name).toBe("Too Short!");
    expect((await post({ name: "x".repeat(51), type: "n8n" })).body.fields.name).toBe("Too Long!");
    expect((await post({ name: "Sem tipo" })).body.fields.type).toBe("Required");
    expect((await post({ name: "Webhook", type: "webhook" })).body).toEqual({ error: "ERR_VALIDATION", fields: { urlN8N: "Required" } });
    expect((await post({ name: "Typebot", type: "typebot", urlN8N: typebot.url })).body.fields).toEqual({ typebotSlug: "Required" });
    expect((await post({ name: "Dialogflow", type: "dialogflow", projectName: "p1", jsonContent: "{}" })).body.fields.jsonContent).toMatch(/service account/);
  });

  it("refuses internal base URLs with a field error when the operator allows none", async () => {
    const strict = await createTestKernel({ env: { ALLOWED_INTERNAL_HOSTS: "" } });
    try {
      const token = (await strict.login()).token;
      for (const url of ["http://127.0.0.1:5678/webhook", "http://169.254.169.254/latest", "http://10.0.0.5/hook", "ftp://example.com/x"]) {
        const res = await strict.call("POST", "/queueIntegration", { token, body: { name: "Interno", type: "webhook", urlN8N: url } });
        expect(res.status, url).toBe(400);
        expect(res.body.fields.urlN8N, url).toMatch(/Forbidden address|Only http/);
      }
    } finally {
      await strict.close();
    }
  });

  it("seals the secret at rest and never answers it back; an absent jsonContent keeps it", async () => {
    const created = await post({ name: "Assinado", type: "webhook", urlN8N: `${n8n.url}/hook`, jsonContent: "segredo-123" });
    expect(created.body).toMatchObject({ jsonContent: "", hasJsonContent: true });
    const stored = (await t.kernel.db.select().from(queueIntegrations)).find((r) => r.id === created.body.id)!;
    expect(stored.jsonContent).toMatch(/^v1\./);
    expect(stored.jsonContent).not.toContain("segredo");
    const updated = await t.call("PUT", `/queueIntegration/${created.body.id}`, { token: admin.token, body: { name: "Assinado 2" } });
    expect(updated.body.hasJsonContent).toBe(true);
  });

  it("refuses deleting an integration a queue names (ERR_INTEGRATION_IN_USE, usedBy)", async () => {
    const integration = (await post({ name: "Em uso", type: "n8n", urlN8N: `${n8n.url}/hook` })).body;
    const queue = await t.call("POST", "/queue", { token: admin.token, body: { name: "Fila integrada", color: "#123456", integrationId: integration.id } });
    expect(queue.status).toBe(200);
    const res = await t.call("DELETE", `/queueIntegration/${integration.id}`, { token: admin.token });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: "ERR_INTEGRATION_IN_USE", usedBy: ["queue Fila integrada"] });
  });

  it("a profile user and another company get no access", async () => {
    const plain = await createCompanyWithAdmin(t, "Outra", { profile: "user" });
    expect((await t.call("GET", "/queueIntegration", { token: plain.token })).status).toBe(403);
    const otherAdmin = await createCompanyWithAdmin(t, "Terceira");
    const mine = (await post({ name: "Minha", type: "n8n", urlN8N: `${n8n.url}/hook` })).body;
    expect((await t.call("GET", `/queueIntegration/${mine.id}`, { token: otherAdmin.token })).body.error).toBe("ERR_NO_INTEGRATION_FOUND");
  });

  it("with useIntegrations off in the company's plan every route answers ERR_PLAN_FEATURE_DISABLED", async () => {
    const planId = await createPlan(t, { useIntegrations: false });
    const b = await createCompanyWithAdmin(t, "Sem integrações", { planId });
    for (const [method, path] of [
      ["GET", "/queueIntegration"],
      ["GET", "/queueIntegration/1"],
      ["POST", "/queueIntegration"],
      ["POST", "/queueIntegration/testSession"],
      ["PUT", "/queueIntegration/1"],
      ["DELETE", "/queueIntegration/1"],
    ] as const) {
      const res = await t.call(method, path, { token: b.token, body: method === "GET" || method === "DELETE" ? undefined : { name: "Teste", type: "n8n" } });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error).toBe("ERR_PLAN_FEATURE_DISABLED");
    }
  });

  it("testSession really calls the service and says what failed", async () => {
    const ok = await t.call("POST", "/queueIntegration/testSession", { token: admin.token, body: { type: "typebot", urlN8N: typebot.url, typebotSlug: "atendimento" } });
    expect(ok.body).toMatchObject({ ok: true, step: "startChat" });
    const missing = await t.call("POST", "/queueIntegration/testSession", { token: admin.token, body: { type: "typebot", urlN8N: typebot.url, typebotSlug: "nenhum" } });
    expect(missing.body).toMatchObject({ ok: false, step: "startChat", message: expect.stringContaining("HTTP 404") });
    n8n.fault("500");
    const down = await t.call("POST", "/queueIntegration/testSession", { token: admin.token, body: { type: "n8n", urlN8N: `${n8n.url}/hook` } });
    n8n.fault("none");
    expect(down.body).toMatchObject({ ok: false, step: "ping", message: expect.stringContaining("HTTP 500") });
    const bad = await t.call("POST", "/queueIntegration/testSession", { token: admin.token, body: { type: "dialogflow", projectName: "p", jsonContent: "nope" } });
    expect(bad.body).toMatchObject({ ok: false, step: "serviceAccount" });
  });
});
