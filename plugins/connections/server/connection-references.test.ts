import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "../../../core/errors.ts";
import { createCompanyWithAdmin } from "../../../tests/support/fixtures.ts";
import type { TestKernel } from "../../../tests/support/test-kernel.ts";
import type { ReferenceKind } from "../../queues/server/references.contract.ts";
import { createConnection } from "./connections.fixtures.ts";
import { pluginsWithoutKindOwners } from "../../../tests/support/kind-owners.ts";
import { createTestKernel } from "../../../tests/support/test-kernel.ts";

let t: TestKernel;
let acme: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
let beta: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
/** The records of the test-registered kinds, as "kind:companyId:id". */
let records: Set<string>;
beforeEach(async () => {
  t = await createTestKernel({ plugins: pluginsWithoutKindOwners() });
  acme = await createCompanyWithAdmin(t, "Acme");
  beta = await createCompanyWithAdmin(t, "Beta");
  records = new Set();
});
afterEach(() => t.close());

/** Registers the kinds as their plugins would (queues.registerReference), backed by `records`. */
const provide = (...kinds: ReferenceKind[]) => {
  for (const kind of kinds) t.kernel.services.require("queues.registerReference")(kind, { exists: async (companyId, id) => records.has(`${kind}:${companyId}:${id}`) });
};
const own = (kind: ReferenceKind, companyId: number, id: number) => records.add(`${kind}:${companyId}:${id}`);
const handlers = { integrationId: 4, promptId: 5, flowIdWelcome: 6, flowIdNotPhrase: 7 };

describe("connection references: happy", () => {
  it("stores an integration, a prompt and flows that exist in the company; connections.get answers them", async () => {
    provide("integration", "prompt", "flow");
    own("integration", acme.company.id, 4);
    own("prompt", acme.company.id, 5);
    own("flow", acme.company.id, 6);
    own("flow", acme.company.id, 7);
    const created = await createConnection(t, acme.token, handlers);
    expect(created).toMatchObject(handlers);
    expect(await t.kernel.services.require("connections.get")(acme.company.id, created.id)).toMatchObject(handlers);
    const swapped = await t.call("PUT", `/whatsapp/${created.id}`, { token: acme.token, body: { flowIdWelcome: 7, flowIdNotPhrase: 6 } });
    expect(swapped.body).toMatchObject({ flowIdWelcome: 7, flowIdNotPhrase: 6 });
  });

  it('the spec\'s empties (null, "", 0) mean none, with no provider installed', async () => {
    const created = await createConnection(t, acme.token, { integrationId: null, promptId: "", flowIdWelcome: 0, flowIdNotPhrase: false });
    expect(created).toMatchObject({ integrationId: null, promptId: null, flowIdWelcome: null, flowIdNotPhrase: null });
  });

  it("ids stored before are kept on a later save even when they no longer exist; a changed one is checked", async () => {
    provide("integration", "prompt", "flow");
    for (const [kind, id] of [
      ["integration", 4],
      ["prompt", 5],
      ["flow", 6],
      ["flow", 7],
    ] as const)
      own(kind, acme.company.id, id);
    const created = await createConnection(t, acme.token, handlers);
    records.clear();
    const kept = await t.call("PUT", `/whatsapp/${created.id}`, { token: acme.token, body: { name: "Loja 2", ...handlers } });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ name: "Loja 2", ...handlers });
    const changed = await t.call("PUT", `/whatsapp/${created.id}`, { token: acme.token, body: { ...handlers, promptId: 8 } });
    expect(changed.body).toEqual({ error: "ERR_VALIDATION", fields: { promptId: "Invalid prompt" } });
  });
});

describe("connection references: errors", () => {
  it("ids of kinds no plugin registered are field errors", async () => {
    const res = await t.call("POST", "/whatsapp", { token: acme.token, body: { name: "Loja", ...handlers } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: "ERR_VALIDATION",
      fields: { integrationId: "Invalid integration", promptId: "Invalid prompt", flowIdWelcome: "Invalid flow", flowIdNotPhrase: "Invalid flow" },
    });
    expect((await t.call("GET", "/whatsapp", { token: acme.token })).body).toEqual([]);
  });

  it("a missing or another company's record is a field error on create, update and the connections.create service", async () => {
    provide("integration", "prompt", "flow");
    own("prompt", beta.company.id, 5);
    own("flow", acme.company.id, 6);
    const created = await t.call("POST", "/whatsapp", { token: acme.token, body: { name: "Loja", promptId: 5, flowIdWelcome: 6 } });
    expect(created.body).toEqual({ error: "ERR_VALIDATION", fields: { promptId: "Invalid prompt" } });
    const connection = await createConnection(t, acme.token, { flowIdWelcome: 6 });
    const updated = await t.call("PUT", `/whatsapp/${connection.id}`, { token: acme.token, body: { integrationId: 4, flowIdNotPhrase: "9" } });
    expect(updated.body).toEqual({ error: "ERR_VALIDATION", fields: { integrationId: "Invalid integration", flowIdNotPhrase: "Invalid flow" } });
    expect((await t.call("GET", `/whatsapp/${connection.id}`, { token: acme.token })).body).toMatchObject({ integrationId: null, flowIdNotPhrase: null, flowIdWelcome: 6 });
    const viaService = t.kernel.services.require("connections.create")(acme.company.id, { name: "Meta", channel: "facebook", promptId: 5 } as never);
    await expect(viaService).rejects.toBeInstanceOf(AppError);
    await expect(viaService).rejects.toMatchObject({ code: "ERR_VALIDATION", detail: { fields: { promptId: "Invalid prompt" } } });
  });
});
