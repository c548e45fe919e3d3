import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";

let t: TestKernel;
let token = "";
beforeAll(async () => {
  t = await createTestKernel();
  token = (await t.login()).token;
});
afterAll(() => t.close());

const call = (method: string, path: string, body?: unknown) => t.call(method, path, { token, ...(body === undefined ? {} : { body }) });
const start = { id: "s", type: "start", position: { x: 0, y: 0 }, data: { label: "Inicio do fluxo" } };

describe("flow builder API", () => {
  it("creates, lists with search, renames, saves graphs as versions, duplicates and deletes", async () => {
    const created = await call("POST", "/flowbuilder", { name: "Atendimento" });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: "Atendimento", active: true, version: null });
    const id = created.body.id;
    expect((await call("GET", `/flowbuilder/flow/${id}`)).body.flow.flow).toBeNull();

    const graph = {
      nodes: [start, { id: "m", type: "message", position: { x: 40, y: 0 }, data: { label: "Oi" } }],
      connections: [{ id: "e", source: "s", target: "m", sourceHandle: "a", targetHandle: "b" }],
    };
    const saved = await call("POST", "/flowbuilder/flow", { idFlow: id, ...graph });
    expect(saved.status).toBe(200);
    expect(saved.body.flow).toMatchObject({ version: 1, flow: graph });
    await call("POST", "/flowbuilder/flow", { idFlow: id, nodes: [start], connections: [] });
    expect((await call("GET", `/flowbuilder/flow/${id}`)).body.flow).toMatchObject({ version: 2, flow: { nodes: [start], connections: [] } });

    const versions = await call("GET", `/flowbuilder/${id}/versions`);
    expect(versions.body.map((v: { number: number; published: boolean }) => [v.number, v.published])).toEqual([
      [2, true],
      [1, false],
    ]);
    const restored = await call("POST", `/flowbuilder/${id}/versions/${versions.body[1].id}/restore`);
    expect(restored.body.flow).toMatchObject({ version: 3, flow: graph });

    expect((await call("PUT", "/flowbuilder", { flowId: id, name: "Suporte" })).body).toMatchObject({ name: "Suporte" });
    const copy = await call("POST", "/flowbuilder/duplicate", { flowId: id });
    expect(copy.body).toMatchObject({ name: "Suporte - copy", version: 1 });
    expect((await call("GET", `/flowbuilder/flow/${copy.body.id}`)).body.flow.flow).toEqual(graph);

    const page = await call("GET", "/flowbuilder?searchParam=copy");
    expect(page.body.flows.map((f: { id: number }) => f.id)).toEqual([copy.body.id]);
    expect((await call("DELETE", `/flowbuilder/${copy.body.id}`)).status).toBe(200);
    expect((await call("GET", `/flowbuilder/${copy.body.id}`)).body).toEqual({ error: "ERR_NO_FLOW_FOUND" });
  });

  it("name rules: 'Muito curto!', 'Muito longo!', 'Digite um nome!'", async () => {
    expect((await call("POST", "/flowbuilder", { name: "a" })).body.fields).toEqual({ name: "Muito curto!" });
    expect((await call("POST", "/flowbuilder", { name: "x".repeat(51) })).body.fields).toEqual({ name: "Muito longo!" });
    expect((await call("POST", "/flowbuilder", { name: "" })).body.fields).toEqual({ name: "Digite um nome!" });
  });

  it("bad graphs get ERR_VALIDATION naming the field, never a 5xx", async () => {
    const id = (await call("POST", "/flowbuilder", { name: "Ruim" })).body.id;
    const save = (nodes: unknown, connections: unknown = []) => call("POST", "/flowbuilder/flow", { idFlow: id, nodes, connections });
    const unknownType = await save([{ ...start, type: "explode" }]);
    expect(unknownType.status).toBe(400);
    expect(Object.keys(unknownType.body.fields)).toEqual(["nodes.0.type"]);
    const many = await save(Array.from({ length: 10_000 }, (_, i) => ({ id: `n${i}`, type: "message", data: { label: "x" } })));
    expect(many.status).toBe(400);
    expect(many.body.fields.nodes).toMatch(/2000/);
    const missing = await save([start], [{ source: "s", target: "nowhere" }]);
    expect(missing.body).toMatchObject({ error: "ERR_VALIDATION", fields: { "connections.0.target": "Unknown node" } });
    const long = await save([start, { id: "m", type: "message", data: { label: "x".repeat(5000) } }]);
    expect(long.body).toMatchObject({ error: "ERR_VALIDATION", fields: { "nodes.1.data.label": "Too Long!" } });
    const dup = await save([start, start]);
    expect(dup.body.fields).toEqual({ "nodes.1.id": "Duplicated node id" });
    expect((await save("nope")).status).toBe(400);
    // A cycle is a valid graph: the engine's step limit keeps it safe.
    expect((await save([start], [{ source: "s", target: "s" }])).status).toBe(200);
    expect((await call("POST", "/flowbuilder/flow", { idFlow: 999999, nodes: [], connections: [] })).body).toEqual({ error: "ERR_NO_FLOW_FOUND" });
  });

  it("uploads: image limits and types; the stored name is served from /public", async () => {
    const form = (name: string, type: string, size: number) => {
      const f = new FormData();
      f.append("medias", new File([new Uint8Array(size)], name, { type }));
      return f;
    };
    const ok = await t.call("POST", "/flowbuilder/img", { token, body: form("foto.png", "image/png", 10) });
    expect(ok.status).toBe(200);
    expect(ok.body.url).toBe(`/public/company1/${ok.body.name}`);
    expect((await t.call("POST", "/flowbuilder/img", { token, body: form("big.png", "image/png", 2 * 1024 * 1024 + 1) })).body.error).toBe("ERR_PAYLOAD_TOO_LARGE");
    expect((await t.call("POST", "/flowbuilder/img", { token, body: form("page.html", "text/html", 10) })).body.error).toBe("ERR_UNSUPPORTED_MEDIA_TYPE");
  });

  it("phrase campaigns: create, show, update, list, delete; unknown flow refused on the field", async () => {
    const flowId = (await call("POST", "/flowbuilder", { name: "Frases" })).body.id;
    const bad = await call("POST", "/flowcampaign", { name: "X", phrase: "oi", flowId: 999999 });
    expect(bad.body).toMatchObject({ error: "ERR_VALIDATION", fields: { flowId: "Invalid flow" } });
    expect((await call("POST", "/flowcampaign", { name: "", phrase: "", flowId })).body.fields).toMatchObject({ name: "Required", phrase: "Required" });
    const c = await call("POST", "/flowcampaign", { name: "Promo", phrase: "Promoção", flowId });
    expect(c.body).toMatchObject({ name: "Promo", phrase: "Promoção", status: true, whatsappId: null });
    expect((await call("GET", `/flowcampaign/${c.body.id}`)).body.details).toMatchObject({ name: "Promo" });
    expect((await call("PUT", "/flowcampaign", { id: c.body.id, status: false })).body.status).toBe(false);
    // Only the id: nothing changes, no error (the fuzz test found an empty UPDATE answering 500).
    expect((await call("PUT", "/flowcampaign", { id: c.body.id })).body).toMatchObject({ id: c.body.id, status: false });
    expect((await call("GET", "/flowcampaign")).body.flow.map((x: { id: number }) => x.id)).toContain(c.body.id);
    expect((await call("DELETE", `/flowcampaign/${c.body.id}`)).status).toBe(200);
    expect((await call("GET", `/flowcampaign/${c.body.id}`)).body).toEqual({ error: "ERR_NO_FLOW_CAMPAIGN_FOUND" });
  });
});
