import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCompanyWithAdmin, createUser } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";

let t: TestKernel;
let token = "";
beforeAll(async () => {
  t = await createTestKernel();
  token = (await t.login()).token;
});
afterAll(() => t.close());

const call = (method: string, path: string, body?: unknown, as = token) => t.call(method, path, { token: as, ...(body === undefined ? {} : { body }) });
const start = { id: "s", type: "start", position: { x: 0, y: 0 }, data: { label: "Inicio do fluxo" } };
const message = { id: "m", type: "message", position: { x: 240, y: 0 }, data: { label: "Rascunho" } };
const draftGraph = { nodes: [start, message], connections: [{ id: "e", source: "s", target: "m", sourceHandle: "a", targetHandle: "b" }] };
const newFlow = async (name: string) => (await call("POST", "/flowbuilder", { name })).body.id as number;

describe("flow drafts (issue 26)", () => {
  it("keeps a draft without publishing; GET answers it (null when none); publishing clears it", async () => {
    const id = await newFlow("Com rascunho");
    expect((await call("POST", "/flowbuilder/flow", { idFlow: id, nodes: [start], connections: [] })).status).toBe(200);
    const none = await call("GET", `/flowbuilder/${id}/draft`);
    expect(none.status).toBe(200);
    expect(none.body).toBeNull();

    const put = await call("PUT", `/flowbuilder/${id}/draft`, draftGraph);
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ flowId: id, ...draftGraph });
    expect((await call("GET", `/flowbuilder/${id}/draft/`)).body).toMatchObject(draftGraph);
    // Not published: the flow still answers version 1 with only the start node.
    expect((await call("GET", `/flowbuilder/flow/${id}`)).body.flow).toMatchObject({ version: 1, flow: { nodes: [start], connections: [] } });

    // A second draft replaces the first.
    await call("PUT", `/flowbuilder/${id}/draft`, { nodes: [start], connections: [] });
    expect((await call("GET", `/flowbuilder/${id}/draft`)).body.nodes).toEqual([start]);

    // Salvar publishes and discards the draft.
    await call("PUT", `/flowbuilder/${id}/draft`, draftGraph);
    expect((await call("POST", "/flowbuilder/flow", { idFlow: id, ...draftGraph })).body.flow.version).toBe(2);
    expect((await call("GET", `/flowbuilder/${id}/draft`)).body).toBeNull();
  });

  it("'Descartar rascunho' deletes it; discarding nothing is fine", async () => {
    const id = await newFlow("Descartar");
    await call("PUT", `/flowbuilder/${id}/draft`, draftGraph);
    expect((await call("DELETE", `/flowbuilder/${id}/draft`)).status).toBe(200);
    expect((await call("GET", `/flowbuilder/${id}/draft`)).body).toBeNull();
    expect((await call("DELETE", `/flowbuilder/${id}/draft`)).status).toBe(200);
  });

  it("validates a draft like a publish: ERR_VALIDATION naming the field, never a 5xx", async () => {
    const id = await newFlow("Draft ruim");
    const put = (nodes: unknown, connections: unknown = []) => call("PUT", `/flowbuilder/${id}/draft`, { nodes, connections });
    const unknownType = await put([{ ...start, type: "explode" }]);
    expect(unknownType.status).toBe(400);
    expect(Object.keys(unknownType.body.fields)).toEqual(["nodes.0.type"]);
    expect((await put([start], [{ source: "s", target: "nowhere" }])).body).toMatchObject({ error: "ERR_VALIDATION", fields: { "connections.0.target": "Unknown node" } });
    expect((await put([start, { id: "m", type: "message", data: { label: "x".repeat(5000) } }])).body.fields).toEqual({ "nodes.1.data.label": "Too Long!" });
    expect((await put([start, start])).body.fields).toEqual({ "nodes.1.id": "Duplicated node id" });
    expect((await put(Array.from({ length: 2001 }, (_, i) => ({ id: `n${i}`, type: "message" })))).status).toBe(400);
    expect((await put("nope")).status).toBe(400);
    expect((await call("PUT", `/flowbuilder/${id}/draft`, "[]")).status).toBe(400);
    expect((await call("GET", `/flowbuilder/${id}/draft`)).body).toBeNull();
  });

  it("404 for a missing flow; another company's flow is not found; users read, only admins write", async () => {
    expect((await call("GET", "/flowbuilder/999999/draft")).body).toEqual({ error: "ERR_NO_FLOW_FOUND" });
    expect((await call("PUT", "/flowbuilder/999999/draft", draftGraph)).body).toEqual({ error: "ERR_NO_FLOW_FOUND" });
    expect((await call("DELETE", "/flowbuilder/999999/draft")).status).toBe(404);

    const id = await newFlow("Da empresa 1");
    await call("PUT", `/flowbuilder/${id}/draft`, draftGraph);
    const other = await createCompanyWithAdmin(t, "Outra empresa");
    for (const [method, body] of [["GET"], ["PUT", draftGraph], ["DELETE"]] as const) {
      const res = await call(method, `/flowbuilder/${id}/draft`, body, other.token);
      expect(res.status, method).toBe(404);
      expect(res.body).toEqual({ error: "ERR_NO_FLOW_FOUND" });
    }
    expect((await call("GET", `/flowbuilder/${id}/draft`)).body).toMatchObject(draftGraph);

    const agent = await createUser(t, 1, { profile: "user" });
    expect((await call("GET", `/flowbuilder/${id}/draft`, undefined, agent.token)).status).toBe(200);
    expect((await call("PUT", `/flowbuilder/${id}/draft`, draftGraph, agent.token)).status).toBe(403);
    expect((await call("DELETE", `/flowbuilder/${id}/draft`, undefined, agent.token)).status).toBe(403);
  });

  it("deleting the flow deletes its draft", async () => {
    const id = await newFlow("Apagar");
    await call("PUT", `/flowbuilder/${id}/draft`, draftGraph);
    await call("DELETE", `/flowbuilder/${id}`);
    expect((await call("GET", `/flowbuilder/${id}/draft`)).status).toBe(404);
  });
});
