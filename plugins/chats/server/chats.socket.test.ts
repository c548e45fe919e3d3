import type { Socket } from "socket.io-client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { serveNode } from "../../../core/runtime/serve-node.ts";
import { connectCompany } from "../../../tests/runtime/realtime-client.ts";
import { createCompanyWithAdmin, createPlan, createUser } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { chatCompany, createChat, sendMessage } from "./chats.fixtures.ts";

type Heard = { event: string; payload: any }[];
const settle = () => new Promise((r) => setTimeout(r, 250));

let t: TestKernel;
let server: { port: number; close(): void };
let w: Awaited<ReturnType<typeof chatCompany>>;
const sockets: Socket[] = [];

async function listen(companyId: number, token: string) {
  const socket = await connectCompany(`http://127.0.0.1:${server.port}`, companyId, token, ["websocket"]);
  sockets.push(socket);
  const heard: Heard = [];
  socket.onAny((event: string, payload: unknown) => heard.push({ event, payload }));
  return heard;
}
const chatEvents = (heard: Heard) => heard.filter((h) => /-chat/.test(h.event));

beforeEach(async () => {
  t = await createTestKernel();
  server = await serveNode(t.kernel, 0, "127.0.0.1");
  w = await chatCompany(t);
});
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  await t.close();
  server.close();
});

describe("chats: realtime", () => {
  it("members hear the chat and its messages; a colleague who is not a member, even an admin, hears nothing", async () => {
    const c = w.company.id;
    const caio = await listen(c, w.caio.token);
    const admin = await listen(c, w.token);
    const chat = await createChat(t, w.bia.token, { title: "Plantão", users: [w.caio.user.id] });
    await settle();
    expect(chatEvents(caio)).toEqual([
      { event: `company-${c}-chat-user-${w.caio.user.id}`, payload: { action: "create", chat: expect.objectContaining({ id: chat.id, title: "Plantão" }) } },
    ]);

    const msg = await sendMessage(t, w.bia.token, chat.id, "Bom dia");
    await settle();
    const news = chatEvents(caio).filter((h) => h.payload.action === "new-message");
    expect(news.map((h) => h.event).sort()).toEqual([`company-${c}-chat`, `company-${c}-chat-${chat.id}`]);
    expect(news[0]!.payload.newMessage).toMatchObject({ id: msg.id, message: "Bom dia", sender: { name: "Bia Alfa" } });
    expect(news[0]!.payload.chat.users.find((u: { userId: number }) => u.userId === w.caio.user.id).unreads).toBe(1);

    await t.call("POST", `/chats/${chat.id}/read`, { token: w.caio.token });
    await settle();
    expect(chatEvents(caio).filter((h) => h.payload.action === "update")).toHaveLength(2);
    expect(chatEvents(admin)).toEqual([]);
    // The rooms themselves: the member's socket is in the chat's, the admin's is not.
    const rooms = t.kernel.realtime.io.of(`/${c}`).adapter.rooms;
    const inRoom = [...(rooms.get(`company-${c}-chat-${chat.id}`) ?? [])].map((id) => t.kernel.realtime.io.of(`/${c}`).sockets.get(id)?.data.user.id);
    expect(inRoom).toEqual([w.caio.user.id]);
  });

  it("a member removed from a chat stops hearing it at once; one added starts", async () => {
    const c = w.company.id;
    const caio = await listen(c, w.caio.token);
    const admin = await listen(c, w.token);
    const chat = await createChat(t, w.bia.token, { title: "Plantão", users: [w.caio.user.id] });
    await t.call("PUT", `/chats/${chat.id}`, { token: w.bia.token, body: { users: [w.user.id] } });
    await settle();
    expect(chatEvents(caio).at(-1)).toEqual({ event: `company-${c}-chat-user-${w.caio.user.id}`, payload: { action: "delete", chatId: chat.id } });
    expect(chatEvents(admin).map((h) => [h.event, h.payload.action])).toEqual([
      [`company-${c}-chat-user-${w.user.id}`, "update"],
      [`company-${c}-chat`, "update"],
      [`company-${c}-chat-${chat.id}`, "update"],
    ]);
    const before = chatEvents(caio).length;
    await sendMessage(t, w.bia.token, chat.id, "Caio não lê isto");
    await settle();
    expect(chatEvents(caio)).toHaveLength(before);
    expect(chatEvents(admin).filter((h) => h.payload.action === "new-message")).toHaveLength(2);
  });

  it("deleting tells the members, then they leave its room", async () => {
    const c = w.company.id;
    const caio = await listen(c, w.caio.token);
    const chat = await createChat(t, w.bia.token, { title: "Plantão", users: [w.caio.user.id] });
    await t.call("DELETE", `/chats/${chat.id}`, { token: w.bia.token });
    await settle();
    expect(chatEvents(caio).map((h) => [h.event, h.payload])).toEqual([
      [`company-${c}-chat-user-${w.caio.user.id}`, expect.objectContaining({ action: "create" })],
      [`company-${c}-chat`, { action: "delete", chatId: chat.id }],
      [`company-${c}-chat-${chat.id}`, { action: "delete", chatId: chat.id }],
      [`company-${c}-chat-user-${w.caio.user.id}`, { action: "delete", chatId: chat.id }],
    ]);
    const rooms = [...(t.kernel.realtime.io.of(`/${c}`).adapter.rooms.keys() ?? [])];
    expect(rooms.filter((r) => r.includes("-chat-"))).toEqual([]);
  });

  it("another company's sockets hear nothing; without useInternalChat a socket joins no chat room", async () => {
    const other = await chatCompany(t, "Beta");
    const beta = await listen(other.company.id, other.caio.token);
    const chat = await createChat(t, w.bia.token, { title: "Plantão", users: [w.caio.user.id] });
    await sendMessage(t, w.bia.token, chat.id, "oi");
    await settle();
    expect(chatEvents(beta)).toEqual([]);

    // A company whose plan lacks the flag: its member's rows exist (written before the plan changed), its sockets join no chat room.
    const planId = await createPlan(t, { useInternalChat: false });
    const off = await createCompanyWithAdmin(t, "Sem chat", { planId });
    const mate = await createUser(t, off.company.id);
    const { token } = await t.login();
    await t.call("PUT", `/plans/${planId}`, { token, body: { useInternalChat: true } });
    const offChat = await createChat(t, off.token, { title: "Antes", users: [mate.user.id] });
    await t.call("PUT", `/plans/${planId}`, { token, body: { useInternalChat: false } });
    t.kernel.companyAccess.invalidate(off.company.id);
    await listen(off.company.id, mate.token);
    await settle();
    const rooms = [...t.kernel.realtime.io.of(`/${off.company.id}`).adapter.rooms.keys()];
    expect(rooms).not.toContain(`company-${off.company.id}-chat-${offChat.id}`);
    expect(rooms).toContain(`user-${mate.user.id}`);
  });
});
