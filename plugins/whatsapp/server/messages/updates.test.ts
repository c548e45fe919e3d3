import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { eventually, messageOf, rows, type WaHarness, waHarness } from "./message-layer.fixtures.ts";
import { CUSTOMER_JID, payloads, waMessage } from "./wa-payloads.fixtures.ts";

let h: WaHarness;
beforeEach(async () => {
  h = await waHarness();
});
afterEach(() => h.t.close());

const stored = (id: string) => messageOf(h.t, h.admin.companyId, id);

describe("acks", () => {
  it("statuses of own messages raise the ack live (sent → delivered → read → played), never down", async () => {
    const own = waMessage(payloads.text("enviada pelo celular"), { fromMe: true });
    await h.deliver([own], "append");
    const emit = vi.spyOn(h.t.kernel.realtime, "emit");
    const key = { remoteJid: CUSTOMER_JID, fromMe: true, id: own.key.id! };
    for (const [status, ack] of [
      [2, 1],
      [3, 2],
      [4, 3],
      [5, 4],
    ] as const) {
      h.socket.emit("messages.update", [{ key, update: { status } }]);
      await h.layer.idle();
      expect((await stored(own.key.id!))!.ack).toBe(ack);
    }
    expect(emit.mock.calls.some(([, event, payload]) => String(event).endsWith("-appMessage") && (payload as { action: string }).action === "update")).toBe(true);
    // a late "delivered" after "played" changes nothing
    h.socket.emit("messages.update", [{ key, update: { status: 3 } }]);
    await h.layer.idle();
    expect((await stored(own.key.id!))!.ack).toBe(4);
  });

  it("group receipts raise the ack by the furthest member; statuses of inbound messages are ignored", async () => {
    const own = waMessage(payloads.text("para o grupo"), { fromMe: true });
    const inbound = waMessage(payloads.text("do cliente"));
    await h.deliver([own, inbound]);
    h.socket.emit("message-receipt.update", [
      { key: { remoteJid: CUSTOMER_JID, fromMe: true, id: own.key.id! }, receipt: { userJid: "5511900000009@s.whatsapp.net", readTimestamp: 1_700_000_000 } },
    ]);
    h.socket.emit("messages.update", [{ key: { remoteJid: CUSTOMER_JID, fromMe: false, id: inbound.key.id! }, update: { status: 4 } }]);
    await h.layer.idle();
    expect((await stored(own.key.id!))!.ack).toBe(3);
    expect((await stored(inbound.key.id!))!.ack).toBe(0);
  });
});

describe("edits and revokes from the customer", () => {
  it("an edit in messages.upsert (protocol message) changes the text and marks it edited", async () => {
    const original = waMessage(payloads.text("valor 100"));
    await h.deliver([original]);
    await h.deliver([waMessage(payloads.edit(original.key.id!, "valor 150"))]);
    expect(await stored(original.key.id!)).toMatchObject({ body: "valor 150", isEdited: true });
    // the edit itself is not a message
    expect(await rows(h.t, "messages", h.admin.companyId)).toHaveLength(1);
  });

  it("an edit that arrives as messages.update is applied too", async () => {
    const original = waMessage(payloads.text("endereço errado"));
    await h.deliver([original]);
    h.socket.emit("messages.update", [
      {
        key: { remoteJid: CUSTOMER_JID, fromMe: false, id: original.key.id! },
        update: { message: { editedMessage: { message: { conversation: "endereço certo" } } }, messageTimestamp: 1_700_000_100 },
      },
    ]);
    await h.layer.idle();
    expect(await stored(original.key.id!)).toMatchObject({ body: "endereço certo", isEdited: true });
  });

  it("a revoke (delete for everyone) marks the message deleted by the contact, applied once though WhatsApp tells twice", async () => {
    const original = waMessage(payloads.text("apague isto"));
    await h.deliver([original]);
    const changes: number[] = [];
    h.t.kernel.bus.on("tickets.message.updated", ({ message }) => void changes.push(message.id));
    h.socket.deliver([waMessage(payloads.revoke(original.key.id!))]);
    h.socket.emit("messages.update", [{ key: { remoteJid: CUSTOMER_JID, fromMe: false, id: original.key.id! }, update: { message: null, messageStubType: 1 } }]);
    await h.layer.idle();
    const row = await stored(original.key.id!);
    expect(row).toMatchObject({ isDeleted: true, deletedBy: "contact" });
    expect(changes).toEqual([row!.id]);
  });

  it("edits and revokes of unknown messages are ignored", async () => {
    await h.deliver([waMessage(payloads.revoke("NAO-EXISTE")), waMessage(payloads.edit("NAO-EXISTE-2", "x"))]);
    await eventually(async () => (await rows(h.t, "messages", h.admin.companyId)).length === 0);
  });
});
