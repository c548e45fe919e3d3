import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { chatCompany, createChat, sendMessage } from "./chats.fixtures.ts";

let t: TestKernel;
let a: Awaited<ReturnType<typeof chatCompany>>;
let b: Awaited<ReturnType<typeof chatCompany>>;
let bChat: Awaited<ReturnType<typeof createChat>>;
beforeEach(async () => {
  t = await createTestKernel();
  a = await chatCompany(t, "Alfa");
  b = await chatCompany(t, "Beta");
  bChat = await createChat(t, b.bia.token, { title: "Segredo da Beta", users: [b.caio.user.id] });
  await sendMessage(t, b.bia.token, bChat.id, "Mensagem secreta");
});
afterEach(() => t.close());

const everyRoute = (id: number | string) =>
  [
    ["GET", `/chats/${id}`],
    ["PUT", `/chats/${id}`],
    ["DELETE", `/chats/${id}`],
    ["POST", `/chats/${id}/read`],
    ["GET", `/chats/${id}/messages`],
    ["POST", `/chats/${id}/messages`],
  ] as const;

describe("chats: security", () => {
  it("only members read a chat: a colleague who is not one, even an admin, gets not found and changes nothing", async () => {
    const chat = await createChat(t, a.bia.token, { title: "Só nós", users: [a.caio.user.id] });
    await sendMessage(t, a.bia.token, chat.id, "particular");
    for (const [method, path] of [...everyRoute(chat.id), ["GET", `/chats/${chat.uuid}`] as const]) {
      const res = await t.call(method, path, {
        token: a.token,
        body: method === "GET" || method === "DELETE" ? undefined : { title: "Tomada", users: [a.user.id], message: "intruso" },
      });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error).toBe("ERR_NO_CHAT_FOUND");
    }
    expect((await t.call("GET", "/chats", { token: a.token })).body).toEqual({ records: [], count: 0, hasMore: false, unreads: 0 });
    const seen = (await t.call("GET", `/chats/${chat.id}/messages`, { token: a.caio.token })).body;
    expect(seen.records.map((m: { message: string }) => m.message)).toEqual(["particular"]);
    expect((await t.call("GET", `/chats/${chat.id}`, { token: a.caio.token })).body.title).toBe("Só nós");
  });

  it("another company's chat is not found, not listed and not changed", async () => {
    for (const [method, path] of [...everyRoute(bChat.id), ["GET", `/chats/${bChat.uuid}`] as const]) {
      const res = await t.call(method, path, {
        token: a.token,
        body: method === "GET" || method === "DELETE" ? undefined : { title: "Tomada", users: [a.user.id], message: "intruso" },
      });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain("Beta");
    }
    expect((await t.call("GET", "/chats?searchParam=Segredo", { token: a.token })).body.count).toBe(0);
    const still = (await t.call("GET", `/chats/${bChat.id}/messages`, { token: b.caio.token })).body;
    expect(still.records.map((m: { message: string }) => m.message)).toEqual(["Mensagem secreta"]);
  });

  it("another company's users cannot be added", async () => {
    const create = await t.call("POST", "/chats", { token: a.bia.token, body: { title: "Mista", users: [a.caio.user.id, b.caio.user.id] } });
    expect(create.status).toBe(404);
    expect(create.body.error).toBe("ERR_NO_USER_FOUND");
    const mine = await createChat(t, a.bia.token, { title: "Nossa", users: [a.caio.user.id] });
    const put = await t.call("PUT", `/chats/${mine.id}`, { token: a.bia.token, body: { users: [{ id: b.bia.user.id, name: "Bia Beta" }] } });
    expect(put.body.error).toBe("ERR_NO_USER_FOUND");
    expect((await t.call("GET", "/chats", { token: b.bia.token })).body.count).toBe(1);
  });

  it("the company and the owner come from the token: companyId and ownerId in the body are ignored", async () => {
    const res = await t.call("POST", "/chats", {
      token: a.caio.token,
      body: { title: "Minha", users: [a.bia.user.id], companyId: b.company.id, ownerId: a.bia.user.id },
    });
    expect(res.body).toMatchObject({ companyId: a.company.id, ownerId: a.caio.user.id });
    const msg = await t.call("POST", `/chats/${res.body.id}/messages`, { token: a.bia.token, body: { message: "oi", senderId: a.caio.user.id } });
    expect(msg.body.senderId).toBe(a.bia.user.id);
  });

  it("no token, no chats", async () => {
    expect((await t.call("GET", "/chats")).status).toBe(401);
    expect((await t.call("POST", `/chats/${bChat.id}/messages`, { body: { message: "oi" } })).status).toBe(401);
  });
});
