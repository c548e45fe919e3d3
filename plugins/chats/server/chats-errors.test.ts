import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCompanyWithAdmin, createPlan } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { chatCompany, createChat } from "./chats.fixtures.ts";

let t: TestKernel;
let w: Awaited<ReturnType<typeof chatCompany>>;
let chat: Awaited<ReturnType<typeof createChat>>;
beforeEach(async () => {
  t = await createTestKernel();
  w = await chatCompany(t);
  chat = await createChat(t, w.bia.token, { title: "Plantão", users: [w.caio.user.id] });
});
afterEach(() => t.close());

describe("chats: errors", () => {
  it("saving needs a title and at least one other user (spec 000 §5)", async () => {
    const post = (body: unknown) => t.call("POST", "/chats", { token: w.bia.token, body });
    expect((await post({ users: [w.caio.user.id] })).body).toMatchObject({ error: "ERR_VALIDATION", fields: { title: "Required" } });
    expect((await post({ title: "   ", users: [w.caio.user.id] })).body.fields).toEqual({ title: "Required" });
    expect((await post({ title: "x".repeat(101), users: [w.caio.user.id] })).body.fields).toEqual({ title: "Too Long!" });
    expect((await post({ title: "Sala" })).body.fields).toEqual({ users: "Required" });
    expect((await post({ title: "Sala", users: [] })).body.fields).toEqual({ users: "Required" });
    // Only oneself is no conversation.
    expect((await post({ title: "Sala", users: [w.bia.user.id] })).body).toMatchObject({ error: "ERR_VALIDATION", fields: { users: "Required" } });
    for (const users of ["2", [0], [-1], ["abc"], [{}], [{ id: "x" }], [true], [1.5], [null]]) {
      const res = await post({ title: "Sala", users });
      expect(res.status, JSON.stringify(users)).toBe(400);
      expect(res.body.error).toBe("ERR_VALIDATION");
    }
    expect((await post({ title: "Sala", users: [999_999] })).body.error).toBe("ERR_NO_USER_FOUND");
  });

  it("edits are checked like creations; an empty edit is refused", async () => {
    const put = (body: unknown) => t.call("PUT", `/chats/${chat.id}`, { token: w.bia.token, body });
    expect((await put({})).status).toBe(400);
    expect((await put({ title: "" })).body.fields).toEqual({ title: "Required" });
    expect((await put({ users: [] })).body.fields).toEqual({ users: "Required" });
    expect((await put({ users: [999_999] })).body.error).toBe("ERR_NO_USER_FOUND");
    expect((await t.call("GET", `/chats/${chat.id}`, { token: w.bia.token })).body).toMatchObject({ title: "Plantão", users: [{}, {}] });
  });

  it("two edits adding the same member at once both succeed, and the member is there once (the edit reads the members under the write lock)", async () => {
    const body = { users: [w.caio.user.id, w.user.id] };
    const [one, two] = await Promise.all([t.call("PUT", `/chats/${chat.id}`, { token: w.bia.token, body }), t.call("PUT", `/chats/${chat.id}`, { token: w.bia.token, body })]);
    expect([one.status, two.status]).toEqual([200, 200]);
    const users = (await t.call("GET", `/chats/${chat.id}`, { token: w.bia.token })).body.users.map((u: { userId: number }) => u.userId);
    expect(users.sort()).toEqual([w.bia.user.id, w.caio.user.id, w.user.id].sort());
  });

  it("blank messages are not sent; over 10,000 characters is too long", async () => {
    const send = (body: unknown) => t.call("POST", `/chats/${chat.id}/messages`, { token: w.bia.token, body });
    expect((await send({ message: "  \n " })).body).toMatchObject({ error: "ERR_VALIDATION", fields: { message: "Required" } });
    expect((await send({})).body.fields).toEqual({ message: "Required" });
    expect((await send({ message: 12 })).status).toBe(400);
    expect((await send({ message: "x".repeat(10_001) })).body.fields).toEqual({ message: "Too Long!" });
    expect((await t.call("GET", `/chats/${chat.id}/messages`, { token: w.bia.token })).body.count).toBe(0);
  });

  it("unknown chats, bad ids and bad pages", async () => {
    for (const [method, path] of [
      ["GET", "/chats/999999"],
      ["PUT", "/chats/999999"],
      ["DELETE", "/chats/999999"],
      ["POST", "/chats/999999/read"],
      ["GET", "/chats/999999/messages"],
      ["POST", "/chats/999999/messages"],
      ["GET", "/chats/0190a0a0-0000-7000-8000-000000000000"],
    ] as const) {
      const res = await t.call(method, path, { token: w.bia.token, body: method === "GET" || method === "DELETE" ? undefined : { title: "x", message: "x" } });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error).toBe("ERR_NO_CHAT_FOUND");
    }
    for (const path of ["/chats/abc", "/chats/0", "/chats/01", "/chats/99999999999999999", "/chats/1/messages?pageNumber=0", "/chats?pageNumber=x"]) {
      const res = await t.call("GET", path, { token: w.bia.token });
      expect(res.status, path).toBe(400);
      expect(res.body.error).toBe("ERR_VALIDATION");
    }
  });

  it("only the owner edits or deletes (spec 000 §4); another member is refused", async () => {
    const put = await t.call("PUT", `/chats/${chat.id}`, { token: w.caio.token, body: { title: "Tomada" } });
    expect(put.status).toBe(403);
    expect(put.body.error).toBe("ERR_NO_PERMISSION");
    expect((await t.call("DELETE", `/chats/${chat.id}`, { token: w.caio.token })).body.error).toBe("ERR_NO_PERMISSION");
    expect((await t.call("GET", `/chats/${chat.id}`, { token: w.caio.token })).body.title).toBe("Plantão");
  });

  it("marking read for someone else is refused", async () => {
    const res = await t.call("POST", `/chats/${chat.id}/read`, { token: w.caio.token, body: { userId: w.bia.user.id } });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("ERR_NO_PERMISSION");
    expect((await t.call("POST", `/chats/${chat.id}/read`, { token: w.caio.token, body: { userId: "abc" } })).status).toBe(400);
    // Spec-shaped empties: no userId at all.
    expect((await t.call("POST", `/chats/${chat.id}/read`, { token: w.caio.token, body: {} })).status).toBe(200);
  });

  it("with useInternalChat off in the company's plan every route answers ERR_PLAN_FEATURE_DISABLED", async () => {
    const planId = await createPlan(t, { useInternalChat: false });
    const b = await createCompanyWithAdmin(t, "Sem chat", { planId });
    for (const [method, path] of [
      ["GET", "/chats"],
      ["GET", "/chats/1"],
      ["POST", "/chats"],
      ["PUT", "/chats/1"],
      ["DELETE", "/chats/1"],
      ["POST", "/chats/1/read"],
      ["GET", "/chats/1/messages"],
      ["POST", "/chats/1/messages"],
    ] as const) {
      const res = await t.call(method, path, { token: b.token, body: method === "POST" || method === "PUT" ? { title: "Sala", users: [1], message: "oi" } : undefined });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error).toBe("ERR_PLAN_FEATURE_DISABLED");
    }
  });
});
