import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCompanyWithAdmin, createUser } from "../../../tests/support/fixtures.ts";
import type { TestKernel } from "../../../tests/support/test-kernel.ts";
import { connectionsKernel, createConnection, createQueue } from "./connections.fixtures.ts";

let t: TestKernel;
let a: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
let b: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
let bConn: Record<string, any>;
beforeEach(async () => {
  t = await connectionsKernel();
  a = await createCompanyWithAdmin(t, "Alfa");
  b = await createCompanyWithAdmin(t, "Beta");
  bConn = await createConnection(t, b.token, { name: "Beta zap" });
});
afterEach(() => t.close());

describe("connections: security (tenancy)", () => {
  it("company A can't read, update, delete, regenerate or upload to B's connection", async () => {
    const form = new FormData();
    form.append("file", new File([new Uint8Array([1, 2, 3])], "x.png", { type: "image/png" }));
    const calls: [string, string, unknown][] = [
      ["GET", `/whatsapp/${bConn.id}`, undefined],
      ["PUT", `/whatsapp/${bConn.id}`, { name: "HACKED", isDefault: true }],
      ["DELETE", `/whatsapp/${bConn.id}`, undefined],
      ["POST", `/whatsapp/${bConn.id}/token`, undefined],
      ["POST", `/whatsapp/${bConn.id}/media-upload`, form],
      ["DELETE", `/whatsapp/${bConn.id}/media-upload`, undefined],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.call(method, path, { token: a.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain(bConn.token);
    }
    const after = await t.call("GET", `/whatsapp/${bConn.id}`, { token: b.token });
    expect(after.body).toMatchObject({ name: "Beta zap", token: bConn.token, greetingMediaAttachment: null, isDefault: true });
  });

  it("lists and the companyId query never show another company's connections", async () => {
    const res = await t.call("GET", `/whatsapp?companyId=${b.company.id}&session=0`, { token: a.token });
    expect(res.body).toEqual([]);
    expect((await t.call("GET", "/whatsapp/filter", { token: a.token })).body).toEqual([]);
  });

  it("another company's queues can't be linked", async () => {
    const bQueue = await createQueue(t, b.token, "Fila Beta", "#abcdef");
    const res = await t.call("POST", "/whatsapp", {
      token: a.token,
      body: { name: "Alfa", queueIds: [bQueue], sendIdQueue: bQueue, timeSendQueue: 1, enableImportMessage: true, queueIdImportMessages: bQueue },
    });
    expect(res.body).toEqual({ error: "ERR_VALIDATION", fields: { queueIds: "Invalid queue", sendIdQueue: "Invalid queue", queueIdImportMessages: "Invalid queue" } });
    expect((await t.call("GET", "/whatsapp", { token: a.token })).body).toEqual([]);
  });

  it("the services scope by company", async () => {
    expect(await t.kernel.services.require("connections.get")(a.company.id, bConn.id)).toBeNull();
    expect(await t.kernel.services.require("connections.default")(a.company.id)).toBeNull();
    await expect(t.kernel.services.require("connections.setStatus")(a.company.id, bConn.id, { status: "CONNECTED" })).rejects.toMatchObject({ code: "ERR_NO_WAPP_FOUND" });
    expect(await t.kernel.services.require("connections.byToken")("")).toBeNull();
  });
});

describe("connections: security (permissions)", () => {
  it("plain users can't create, change, delete, regenerate or upload", async () => {
    const conn = await createConnection(t, a.token);
    const plain = await createUser(t, a.company.id);
    const calls: [string, string, unknown][] = [
      ["POST", "/whatsapp", { name: "Nova" }],
      ["PUT", `/whatsapp/${conn.id}`, { name: "Mudou" }],
      ["DELETE", `/whatsapp/${conn.id}`, undefined],
      ["POST", `/whatsapp/${conn.id}/token`, undefined],
      ["DELETE", `/whatsapp/${conn.id}/media-upload`, undefined],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.call(method, path, { token: plain.token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error).toBe("ERR_NO_PERMISSION");
    }
  });

  it("the super-user routes refuse company admins", async () => {
    expect((await t.call("GET", "/whatsapp/all", { token: a.token })).status).toBe(403);
    expect((await t.call("GET", "/whatsapp/all/", { token: a.token })).status).toBe(403);
    expect((await t.call("GET", `/whatsapp-admin/${bConn.id}`, { token: a.token })).status).toBe(403);
  });

  it("the super user changes any company's connection in that company (the /allConnections dialog)", async () => {
    const root = await t.login();
    const other = await createConnection(t, b.token, { name: "Beta two" });
    const edited = await t.call("PUT", `/whatsapp/${other.id}`, { token: root.token, body: { name: "Beta renamed", isDefault: true } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ companyId: b.company.id, name: "Beta renamed", isDefault: true });
    // The default moved inside company B, not into the super user's own company.
    expect((await t.call("GET", `/whatsapp/${bConn.id}`, { token: b.token })).body.isDefault).toBe(false);
    expect((await t.call("POST", `/whatsapp/${other.id}/token`, { token: root.token })).body.token).not.toBe(other.token);
    expect((await t.call("DELETE", `/whatsapp/${bConn.id}`, { token: root.token })).status).toBe(200);
    expect((await t.call("GET", "/whatsapp", { token: b.token })).body.map((w: { name: string }) => w.name)).toEqual(["Beta renamed"]);
    expect((await t.call("PUT", "/whatsapp/999999", { token: root.token, body: { name: "Nope" } })).status).toBe(404);
  });

  it("companyId in the body counts only for the super user", async () => {
    const byAdmin = await t.call("POST", "/whatsapp", { token: a.token, body: { name: "Alfa zap", companyId: b.company.id } });
    expect(byAdmin.body.companyId).toBe(a.company.id);
    const root = await t.login();
    const bySuper = await t.call("POST", "/whatsapp", { token: root.token, body: { name: "Beta by super", companyId: b.company.id } });
    expect(bySuper.status).toBe(200);
    expect(bySuper.body).toMatchObject({ companyId: b.company.id, isDefault: false });
    expect((await t.call("GET", "/whatsapp", { token: b.token })).body.map((w: { name: string }) => w.name)).toEqual(["Beta zap", "Beta by super"]);
    expect((await t.call("POST", "/whatsapp", { token: root.token, body: { name: "Nowhere", companyId: 999999 } })).body.error).toBe("ERR_NO_COMPANY_FOUND");
  });

  it("everything needs a login", async () => {
    expect((await t.call("GET", "/whatsapp")).status).toBe(401);
    expect((await t.call("POST", "/whatsapp", { body: { name: "Anon" } })).status).toBe(401);
  });

  it("the session lists connections-page:addConnection for admins and allowConnections users only", async () => {
    const rule = "connections-page:addConnection";
    const plain = await createUser(t, a.company.id);
    const manager = await createUser(t, a.company.id, { allowConnections: "enabled" });
    expect(t.kernel.permissions.can(plain.user, rule)).toBe(false);
    expect(t.kernel.permissions.can(manager.user, rule)).toBe(true);
    expect(t.kernel.permissions.can(a.user, rule)).toBe(true);
  });
});
