import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { chatCompany, createChat, sendMessage, unreadsOf } from "./chats.fixtures.ts";

let t: TestKernel;
let w: Awaited<ReturnType<typeof chatCompany>>;
beforeEach(async () => {
  t = await createTestKernel();
  w = await chatCompany(t);
});
afterEach(() => t.close());

describe("chats: happy paths", () => {
  it("creates a chat with a title and members; the creator owns it and is a member", async () => {
    const chat = await createChat(t, w.bia.token, { title: "  Plantão  ", users: [{ id: w.caio.user.id, name: "Caio" }] });
    expect(chat).toMatchObject({ title: "Plantão", ownerId: w.bia.user.id, lastMessage: "", companyId: w.company.id });
    expect(chat.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(chat.users.map((u) => [u.userId, u.unreads])).toEqual([
      [w.bia.user.id, 0],
      [w.caio.user.id, 0],
    ]);
    expect((chat as unknown as { users: { user: { name: string } }[] }).users[1]!.user.name).toBe("Caio Alfa");
    // Plain ids work too, and a repeated id counts once.
    const other = await createChat(t, w.bia.token, { title: "Outro", users: [w.caio.user.id, String(w.caio.user.id), w.bia.user.id] });
    expect(other.users).toHaveLength(2);
  });

  it("messages count as unread for the others until they read; the list shows the last message", async () => {
    const chat = await createChat(t, w.bia.token, { title: "Plantão", users: [w.caio.user.id, w.user.id] });
    const sent = await sendMessage(t, w.bia.token, chat.id, "  Bom dia!\nTudo certo?  ");
    expect(sent).toMatchObject({ chatId: chat.id, senderId: w.bia.user.id, sender: { id: w.bia.user.id, name: "Bia Alfa" }, message: "Bom dia!\nTudo certo?" });
    await sendMessage(t, w.bia.token, chat.id, "Alguém?");

    const caioList = (await t.call("GET", "/chats", { token: w.caio.token })).body;
    expect(caioList).toMatchObject({ count: 1, hasMore: false, unreads: 2 });
    expect(caioList.records[0]).toMatchObject({ id: chat.id, lastMessage: "Alguém?" });
    expect(unreadsOf(caioList.records[0], w.caio.user.id)).toBe(2);
    expect(unreadsOf(caioList.records[0], w.bia.user.id)).toBe(0);

    // Caio answers: his own count clears (he has read it), Bia's counts his message.
    await sendMessage(t, w.caio.token, chat.id, "Aqui!");
    const after = (await t.call("GET", `/chats/${chat.id}`, { token: w.caio.token })).body;
    expect(unreadsOf(after, w.caio.user.id)).toBe(0);
    expect(unreadsOf(after, w.bia.user.id)).toBe(1);
    expect(unreadsOf(after, w.user.id)).toBe(3);

    const read = await t.call("POST", `/chats/${chat.id}/read`, { token: w.token, body: { userId: w.user.id } });
    expect(read.status).toBe(200);
    expect(unreadsOf(read.body, w.user.id)).toBe(0);
    expect(unreadsOf(read.body, w.bia.user.id)).toBe(1);
    // Without a body too (the reader is the caller).
    expect(unreadsOf((await t.call("POST", `/chats/${chat.id}/read/`, { token: w.bia.token })).body, w.bia.user.id)).toBe(0);
    expect((await t.call("GET", "/chats", { token: w.token })).body.unreads).toBe(0);
  });

  it("pages messages newest first by page, oldest first within a page", async () => {
    const chat = await createChat(t, w.bia.token, { title: "Muitas", users: [w.caio.user.id] });
    for (let i = 1; i <= 45; i++) await sendMessage(t, i % 2 ? w.bia.token : w.caio.token, chat.id, `m${i}`);
    const page1 = (await t.call("GET", `/chats/${chat.id}/messages`, { token: w.caio.token })).body;
    expect(page1).toMatchObject({ count: 45, hasMore: true });
    expect(page1.records.map((m: { message: string }) => m.message)).toEqual(Array.from({ length: 20 }, (_, i) => `m${26 + i}`));
    const page3 = (await t.call("GET", `/chats/${chat.id}/messages/?pageNumber=3`, { token: w.caio.token })).body;
    expect(page3.hasMore).toBe(false);
    expect(page3.records.map((m: { message: string }) => m.message)).toEqual(["m1", "m2", "m3", "m4", "m5"]);
  });

  it("lists the caller's chats, latest activity first, 20 a page, searched by title", async () => {
    const ids: number[] = [];
    for (let i = 1; i <= 22; i++) ids.push((await createChat(t, w.bia.token, { title: `Sala ${i}`, users: [w.caio.user.id] })).id);
    await sendMessage(t, w.caio.token, ids[0]!, "sobe");
    const page1 = (await t.call("GET", "/chats/", { token: w.bia.token })).body;
    expect(page1).toMatchObject({ count: 22, hasMore: true });
    expect(page1.records).toHaveLength(20);
    expect(page1.records[0].title).toBe("Sala 1");
    expect(page1.records[1].title).toBe("Sala 22");
    expect((await t.call("GET", "/chats?pageNumber=2", { token: w.bia.token })).body).toMatchObject({ hasMore: false, records: [{}, {}] });
    const found = (await t.call("GET", "/chats?searchParam=sala%202", { token: w.bia.token })).body;
    expect(found.records.map((c: { title: string }) => c.title).sort()).toEqual(["Sala 2", "Sala 20", "Sala 21", "Sala 22"]);
    expect((await t.call("GET", "/chats?searchParam=%25", { token: w.bia.token })).body.count).toBe(0);
  });

  it("the owner renames, changes members and deletes; a chat is found by its uuid", async () => {
    const chat = await createChat(t, w.bia.token, { title: "Plantão", users: [w.caio.user.id] });
    await sendMessage(t, w.bia.token, chat.id, "oi");
    expect((await t.call("GET", `/chats/${chat.uuid}`, { token: w.caio.token })).body.id).toBe(chat.id);

    const edited = await t.call("PUT", `/chats/${chat.id}`, { token: w.bia.token, body: { title: "Plantão noturno", users: [w.user.id] } });
    expect(edited.status).toBe(200);
    expect(edited.body.title).toBe("Plantão noturno");
    // The owner stays, Caio left, the admin joined.
    expect(edited.body.users.map((u: { userId: number }) => u.userId)).toEqual([w.bia.user.id, w.user.id]);
    expect((await t.call("GET", `/chats/${chat.id}`, { token: w.caio.token })).status).toBe(404);
    expect((await t.call("GET", `/chats/${chat.id}/messages`, { token: w.token })).body.count).toBe(1);

    const renamed = await t.call("PUT", `/chats/${chat.id}/`, { token: w.bia.token, body: { title: "Só o nome" } });
    expect(renamed.body.users).toHaveLength(2);

    const del = await t.call("DELETE", `/chats/${chat.id}`, { token: w.bia.token });
    expect(del.status).toBe(200);
    expect((await t.call("GET", `/chats/${chat.id}`, { token: w.bia.token })).status).toBe(404);
    expect((await t.call("GET", "/chats", { token: w.token })).body.count).toBe(0);
  });
});
