import type { BaileysEventMap } from "@whiskeysockets/baileys";
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import type { Realtime } from "../../../../core/realtime/realtime.ts";
import { createCompanyWithAdmin, createUser } from "../../../../tests/support/fixtures.ts";
import { importWindow } from "./history-import.ts";
import { createWaConnection, eventually, messageOf, rows, type WaHarness, waHarness } from "./message-layer.fixtures.ts";
import type { FakeWaSocket } from "../testing/fake-wa-socket.ts";
import { CUSTOMER_JID, GROUP_JID, payloads, waMessage } from "./wa-payloads.fixtures.ts";

const DAY = 24 * 3600 * 1000;
const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
const secondsAgo = (ms: number) => Math.floor((Date.now() - ms) / 1000);

let h: WaHarness;
let imp: { id: number };
let socket: FakeWaSocket;
let emit: MockInstance<Realtime["emit"]>;

async function importing(options: Record<string, unknown> = {}) {
  const queue = await h.t.call("POST", "/queue", { token: h.admin.token, body: { name: "Importadas", color: "#654321", greetingMessage: "Olá" } });
  imp = await createWaConnection(h.t, h.admin.token, {
    enableImportMessage: true,
    queueIdImportMessages: queue.body.id,
    importOldMessages: iso(30 * DAY),
    importRecentMessages: iso(DAY),
    ...options,
  });
  socket = h.sessions.open(h.admin.companyId, imp.id, "5511900000077");
}

const history = (messages: ReturnType<typeof waMessage>[], extra: Partial<BaileysEventMap["messaging-history.set"]> = {}): BaileysEventMap["messaging-history.set"] => ({
  chats: [],
  contacts: [],
  messages,
  isLatest: true,
  progress: 100,
  syncType: 2,
  ...extra,
});

const connection = () => h.t.kernel.services.require("connections.get")(h.admin.companyId, imp.id);
const progressEvents = () =>
  emit.mock.calls
    .filter(([, event]) => event === `importMessages-${h.admin.companyId}`)
    .map(([, , payload]) => payload as { action: string; status: { this: number; all: number; state: string } });
const ofImport = async (table: "messages" | "tickets") => (await rows(h.t, table, h.admin.companyId)).filter((r) => r.whatsappId === imp.id);

beforeEach(async () => {
  h = await waHarness();
  emit = vi.spyOn(h.t.kernel.realtime, "emit");
});
afterEach(() => h.t.close());

describe("history import: happy", () => {
  it("imports the messages inside the window with their time and direction, reports progress and finishes", async () => {
    await importing();
    const a1 = waMessage(payloads.text("pedido antigo"), { timestamp: secondsAgo(10 * DAY), pushName: "Ana" });
    const a2 = waMessage(payloads.text("respondido do celular"), { fromMe: true, timestamp: secondsAgo(9 * DAY) });
    const b1 = waMessage(payloads.text("outro cliente"), { chat: "5521977776666@s.whatsapp.net", timestamp: secondsAgo(5 * DAY) });
    const tooOld = waMessage(payloads.text("velho demais"), { timestamp: secondsAgo(60 * DAY) });
    const tooRecent = waMessage(payloads.text("recente demais"), { timestamp: secondsAgo(DAY / 2) });
    const group = waMessage(payloads.text("grupo"), { chat: GROUP_JID, participant: "5511944443333@s.whatsapp.net", timestamp: secondsAgo(3 * DAY) });
    // WhatsApp sends history newest first.
    socket.emit("messaging-history.set", history([tooRecent, group, b1, a2, a1, tooOld]));
    await h.layer.idle();

    const messages = await ofImport("messages");
    expect(messages.map((m) => m.body)).toEqual(["pedido antigo", "respondido do celular", "outro cliente"]);
    expect(messages[0]).toMatchObject({ fromMe: false, createdAt: new Date(Number(a1.messageTimestamp) * 1000).toISOString() });
    expect(messages[1]).toMatchObject({ fromMe: true });
    const tickets = await ofImport("tickets");
    expect(tickets).toHaveLength(2);
    // the ticket ends on its latest message
    expect(tickets[0]!.lastMessage).toBe("respondido do celular");
    const recorded = (await rows(h.t, "whatsapp_imported_tickets", h.admin.companyId)).map((r) => r.ticketId);
    expect(recorded.sort()).toEqual(tickets.map((t) => t.id).sort());

    expect((await connection())!.statusImportMessages).toBe("Finished");
    const statuses = emit.mock.calls
      .filter(([, event]) => event === `company-${h.admin.companyId}-whatsapp`)
      .map(([, , payload]) => (payload as { whatsapp: { statusImportMessages: string } }).whatsapp.statusImportMessages);
    expect(statuses.filter(Boolean)).toEqual(["Running", "Finished"]);
    const progress = progressEvents();
    expect(progress[0]).toEqual({ action: "update", whatsappId: imp.id, status: { this: 0, all: 3, state: "running" } });
    expect(progress.at(-1)).toEqual({ action: "update", whatsappId: imp.id, status: { this: 3, all: 3, state: "finished" } });
    // New tickets start in the connection's import queue.
    const importQueue = (await connection())!.queueIdImportMessages;
    expect(importQueue).toBeTypeOf("number");
    expect(tickets.map((t) => t.queueId)).toEqual([importQueue, importQueue]);
  });

  it("chunks add up; without a completion signal the import finishes after a quiet period", async () => {
    await importing();
    socket.emit("messaging-history.set", history([waMessage(payloads.text("um"), { timestamp: secondsAgo(4 * DAY) })], { progress: 40, isLatest: false }));
    socket.emit("messaging-history.set", history([waMessage(payloads.text("dois"), { timestamp: secondsAgo(3 * DAY) })], { progress: 80, isLatest: false }));
    await h.layer.idle();
    expect((await connection())!.statusImportMessages).toBe("Running");
    await eventually(async () => (await connection())!.statusImportMessages === "Finished");
    expect(progressEvents().at(-1)).toEqual({ action: "update", whatsappId: imp.id, status: { this: 2, all: 2, state: "finished" } });
  });

  it("a completion status from WhatsApp finishes the import at once", async () => {
    await importing();
    socket.emit("messaging-history.set", history([waMessage(payloads.text("um"), { timestamp: secondsAgo(4 * DAY) })], { progress: 10, isLatest: false }));
    socket.emit("messaging-history.status", { syncType: 2, status: "complete", explicit: true });
    await h.layer.idle();
    expect((await connection())!.statusImportMessages).toBe("Finished");
  });

  it("groups are imported only with importOldMessagesGroups", async () => {
    await importing({ importOldMessagesGroups: true });
    vi.spyOn(socket, "groupMetadata").mockResolvedValue({ id: GROUP_JID, subject: "Equipe", participants: [] } as never);
    socket.emit(
      "messaging-history.set",
      history([waMessage(payloads.text("grupo"), { chat: GROUP_JID, participant: "5511944443333@s.whatsapp.net", timestamp: secondsAgo(3 * DAY) })]),
    );
    await h.layer.idle();
    const [ticket] = await ofImport("tickets");
    expect(ticket).toMatchObject({ isGroup: true });
  });

  it("with closedTicketsPostImported the imported tickets are closed at the end; a conversation already live is left alone", async () => {
    await importing({ closedTicketsPostImported: true });
    socket.deliver([waMessage(payloads.text("conversa de hoje"))]);
    await h.layer.idle();
    const [live] = await ofImport("tickets");
    socket.emit(
      "messaging-history.set",
      history([
        waMessage(payloads.text("antiga do mesmo cliente"), { timestamp: secondsAgo(6 * DAY) }),
        waMessage(payloads.text("antiga de outro"), { chat: "5521977776666@s.whatsapp.net", timestamp: secondsAgo(6 * DAY) }),
      ]),
    );
    await h.layer.idle();
    const tickets = await ofImport("tickets");
    expect(tickets.find((t) => t.id === live!.id)!.status).toBe("pending");
    expect(tickets.filter((t) => t.id !== live!.id).map((t) => t.status)).toEqual(["closed"]);
    expect(await rows(h.t, "whatsapp_imported_tickets", h.admin.companyId)).toHaveLength(0);
  });

  it("a message already stored live is not imported twice; lid pairs in the history are learnt", async () => {
    await importing();
    const msg = waMessage(payloads.text("já estava aqui"), { timestamp: secondsAgo(2 * DAY) });
    socket.deliver([msg]);
    await h.layer.idle();
    socket.emit("messaging-history.set", history([msg], { lidPnMappings: [{ lid: "187364512098765@lid", pn: CUSTOMER_JID }] }));
    await h.layer.idle();
    expect((await ofImport("messages")).filter((m) => m.providerId === msg.key.id)).toHaveLength(1);
    expect(await rows(h.t, "whatsapp_lid_map", h.admin.companyId)).toEqual([expect.objectContaining({ lid: "187364512098765" })]);
  });
});

describe("history import: off", () => {
  it("a connection without enableImportMessage ignores history", async () => {
    socket = h.socket;
    imp = h.connection;
    socket.emit("messaging-history.set", history([waMessage(payloads.text("antiga"), { timestamp: secondsAgo(3 * DAY) })]));
    await h.layer.idle();
    expect(await rows(h.t, "messages", h.admin.companyId)).toHaveLength(0);
    expect((await connection())!.statusImportMessages).toBeNull();
    expect(progressEvents()).toHaveLength(0);
  });

  it("the window: no dates import everything up to now; a date without a time covers its day", () => {
    const now = Date.parse("2025-06-10T12:00:00.000Z");
    expect(importWindow({ importOldMessages: null, importRecentMessages: null }, now)).toEqual({ from: 0, to: now });
    expect(importWindow({ importOldMessages: "2025-06-01", importRecentMessages: "2025-06-05" }, now)).toEqual({
      from: Date.parse("2025-06-01T00:00:00.000Z"),
      to: Date.parse("2025-06-05T23:59:59.999Z"),
    });
  });
});

describe("POST /closedimported/{id}", () => {
  async function imported() {
    await importing();
    socket.emit(
      "messaging-history.set",
      history([
        waMessage(payloads.text("a"), { timestamp: secondsAgo(6 * DAY) }),
        waMessage(payloads.text("b"), { chat: "5521977776666@s.whatsapp.net", timestamp: secondsAgo(5 * DAY) }),
      ]),
    );
    await h.layer.idle();
  }

  it("closes the connection's imported tickets, forgets them and clears the import status", async () => {
    await imported();
    const res = await h.t.call("POST", `/closedimported/${imp.id}`, { token: h.admin.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ message: "Imported tickets closed", closed: 2 });
    expect((await ofImport("tickets")).map((t) => t.status)).toEqual(["closed", "closed"]);
    expect(await rows(h.t, "whatsapp_imported_tickets", h.admin.companyId)).toHaveLength(0);
    expect((await connection())!.statusImportMessages).toBeNull();
    const again = await h.t.call("POST", `/closedimported/${imp.id}`, { token: h.admin.token });
    expect(again.body.closed).toBe(0);
  });

  it("another company's connection is not found and nothing is closed", async () => {
    await imported();
    const other = await createCompanyWithAdmin(h.t, "Intrusa");
    const res = await h.t.call("POST", `/closedimported/${imp.id}`, { token: other.token });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("ERR_NO_WAPP_FOUND");
    expect((await ofImport("tickets")).map((t) => t.status)).toEqual(["pending", "pending"]);
    expect(await h.t.call("POST", "/closedimported/999999", { token: h.admin.token })).toMatchObject({ status: 404 });
  });

  it("needs a login and the connections permission", async () => {
    await imported();
    expect((await h.t.call("POST", `/closedimported/${imp.id}`)).status).toBe(401);
    const plain = await createUser(h.t, h.admin.companyId);
    const res = await h.t.call("POST", `/closedimported/${imp.id}`, { token: plain.token });
    expect(res.status).toBe(403);
    expect((await ofImport("tickets")).map((t) => t.status)).toEqual(["pending", "pending"]);
    expect(await messageOf(h.t, h.admin.companyId, "nothing")).toBeUndefined();
  });

  it("a bad id is a validation error", async () => {
    const res = await h.t.call("POST", "/closedimported/abc", { token: h.admin.token });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("ERR_VALIDATION");
  });
});
