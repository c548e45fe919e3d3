import { afterEach, describe, expect, it } from "vitest";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { createCompanyWithAdmin, createUser } from "../../../tests/support/fixtures.ts";
import usersPlugin from "./index.ts";
import { validUser } from "./users.fixtures.ts";

/** The queues a user works (`queueIds` in, `queues` out), kept by the queues plugin's services. */
let t: TestKernel;
afterEach(() => t.close());

let n = 0;
async function queue(token: string, name: string) {
  n += 1;
  const res = await t.call("POST", "/queue", { token, body: { name, color: `#a${String(n).padStart(5, "0")}`, greetingMessage: `Olá ${name}` } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: number; name: string; color: string };
}

describe("users and queues: happy", () => {
  it("creates a user with queues, answers them, changes and clears them", async () => {
    t = await createTestKernel();
    const acme = await createCompanyWithAdmin(t, "Acme");
    const sales = await queue(acme.token, "Vendas");
    const support = await queue(acme.token, "Suporte");
    const created = await t.call("POST", "/users", { token: acme.token, body: validUser({ queueIds: [sales.id, support.id] }) });
    expect(created.status).toBe(200);
    expect(created.body.queues).toEqual([
      { id: sales.id, name: "Vendas", color: sales.color },
      { id: support.id, name: "Suporte", color: support.color },
    ]);
    const id = created.body.id;
    const changed = await t.call("PUT", `/users/${id}`, { token: acme.token, body: { queueIds: [support.id] } });
    expect(changed.body.queues.map((q: { id: number }) => q.id)).toEqual([support.id]);
    expect((await t.call("GET", `/users/${id}`, { token: acme.token })).body.queues).toHaveLength(1);
    expect((await t.call("PUT", `/users/${id}`, { token: acme.token, body: { queueIds: [] } })).body.queues).toEqual([]);
  });

  it("the session user carries the queues, and a deleted queue leaves them", async () => {
    t = await createTestKernel();
    const acme = await createCompanyWithAdmin(t, "Acme");
    const sales = await queue(acme.token, "Vendas");
    const plain = await createUser(t, acme.company.id);
    await t.call("PUT", `/users/${plain.user.id}`, { token: acme.token, body: { queueIds: [sales.id] } });
    const me = await t.login(plain.email, plain.password);
    // Each queue also carries its link row, as spec clients read it (queue.UserQueue.queueId).
    const expected = [{ id: sales.id, name: "Vendas", color: sales.color, UserQueue: { queueId: sales.id, userId: plain.user.id } }];
    expect(me.user.queues).toEqual(expected);
    expect((await t.call("GET", "/auth/me", { token: me.token })).body.queues).toEqual(expected);
    const refreshed = await t.call("POST", "/auth/refresh_token", { headers: { cookie: me.cookie } });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.user.queues).toEqual(expected);
    await t.call("DELETE", `/queue/${sales.id}`, { token: acme.token });
    expect((await t.call("GET", `/users/${plain.user.id}`, { token: acme.token })).body.queues).toEqual([]);
  });

  it("a plain user saving their own form with the same queues passes", async () => {
    t = await createTestKernel();
    const acme = await createCompanyWithAdmin(t, "Acme");
    const sales = await queue(acme.token, "Vendas");
    const plain = await createUser(t, acme.company.id);
    await t.call("PUT", `/users/${plain.user.id}`, { token: acme.token, body: { queueIds: [sales.id] } });
    const res = await t.call("PUT", `/users/${plain.user.id}`, { token: plain.token, body: { name: "Novo Nome", queueIds: [sales.id, sales.id] } });
    expect(res.status).toBe(200);
    expect(res.body.queues).toHaveLength(1);
  });
});

describe("users and queues: errors", () => {
  it("an unknown queue id names the field and creates nobody", async () => {
    t = await createTestKernel();
    const acme = await createCompanyWithAdmin(t, "Acme");
    const body = validUser({ queueIds: [9999] });
    const res = await t.call("POST", "/users", { token: acme.token, body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "ERR_VALIDATION", fields: { queueIds: "Invalid queue" } });
    const list = await t.call("GET", `/users/?searchParam=${encodeURIComponent(body.email)}`, { token: acme.token });
    expect(list.body.count).toBe(0);
    const bad = await t.call("POST", "/users", { token: acme.token, body: validUser({ queueIds: ["x"] }) });
    expect(bad.body.fields).toMatchObject({ "queueIds.0": "Invalid queue" });
  });
});

describe("users and queues: security", () => {
  it("changing one's queues needs user-modal:editQueues", async () => {
    t = await createTestKernel();
    const acme = await createCompanyWithAdmin(t, "Acme");
    const sales = await queue(acme.token, "Vendas");
    const plain = await createUser(t, acme.company.id);
    const res = await t.call("PUT", `/users/${plain.user.id}`, { token: plain.token, body: { queueIds: [sales.id] } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: "ERR_NO_PERMISSION", field: "queueIds" });
  });

  it("no company can give its user another company's queue", async () => {
    t = await createTestKernel();
    const acme = await createCompanyWithAdmin(t, "Acme");
    const foreign = await queue(acme.token, "Vendas");
    const beta = await createCompanyWithAdmin(t, "Beta");
    const put = await t.call("PUT", `/users/${beta.user.id}`, { token: beta.token, body: { queueIds: [foreign.id] } });
    expect(put.body).toMatchObject({ error: "ERR_VALIDATION", fields: { queueIds: "Invalid queue" } });
    const post = await t.call("POST", "/users", { token: beta.token, body: validUser({ queueIds: [foreign.id] }) });
    expect(post.status).toBe(400);
    expect((await t.call("GET", `/users/${beta.user.id}`, { token: beta.token })).body.queues).toEqual([]);
  });
});

describe("users without the queues plugin", () => {
  it("ignores queueIds and answers no queues", async () => {
    t = await createTestKernel({ plugins: [usersPlugin] });
    const acme = await createCompanyWithAdmin(t, "Acme");
    const created = await t.call("POST", "/users", { token: acme.token, body: validUser({ queueIds: [1, 2] }) });
    expect(created.status).toBe(200);
    expect(created.body.queues).toEqual([]);
    const res = await t.call("PUT", `/users/${created.body.id}`, { token: acme.token, body: { queueIds: [3] } });
    expect(res.status).toBe(200);
    expect(res.body.queues).toEqual([]);
  });
});
