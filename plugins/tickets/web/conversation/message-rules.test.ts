import { describe, expect, it, vi } from "vitest";
import { buildInteractive, emptyButtonsForm, isNumericId, pixPhoneKey, toCents } from "./buttons-payload.ts";
import { forwardAll } from "./forward-dialog.tsx";
import { audioFileName, canDelete, canEdit, canTranscribe, canWrite, dayLabel, EDIT_WINDOW_MS, formatCents, nextSpeed, safeFileName, transcriptionFile } from "./message-rules.ts";
import { convMessage } from "./test-data.ts";
import { recordedAudioFile } from "./use-audio-recorder.ts";
import { messagesReducer } from "./use-messages.ts";

const defaults = { title: "Acesse o link", text: "Clique no botão abaixo para acessar.", buttonText: "Acessar" };

describe("message rules", () => {
  it("edits own text messages only within 900000 ms", () => {
    const created = Date.parse("2026-03-01T12:00:00.000Z");
    const own = convMessage(1, { fromMe: true, createdAt: new Date(created).toISOString() });
    expect(canEdit(own, created + EDIT_WINDOW_MS)).toBe(true);
    expect(canEdit(own, created + EDIT_WINDOW_MS + 1)).toBe(false);
    expect(canEdit({ ...own, fromMe: false }, created + 1000)).toBe(false);
    expect(canEdit({ ...own, mediaType: "image" }, created + 1000)).toBe(false);
    expect(canDelete(own)).toBe(true);
    expect(canDelete({ ...own, fromMe: false })).toBe(false);
  });

  it("transcribes received .ogg audio only", () => {
    expect(canTranscribe(convMessage(1, { mediaType: "audio", mediaUrl: "/public/c2/a.ogg" }))).toBe(true);
    expect(canTranscribe(convMessage(1, { mediaType: "audio", mediaUrl: "/public/c2/a.ogg", fromMe: true }))).toBe(false);
    expect(transcriptionFile("/public/company2/audio%201.ogg?x=1")).toBe("audio 1.ogg");
    expect(transcriptionFile("/public/company2/audio.mp3")).toBeNull();
  });

  it("writes only on open and group tickets", () => {
    expect(canWrite({ status: "open" })).toBe(true);
    expect(canWrite({ status: "group" })).toBe(true);
    expect(canWrite({ status: "pending" })).toBe(false);
    expect(canWrite({ status: "closed" })).toBe(false);
  });

  it("labels days DD/MM/YYYY and today 'HOJE'", () => {
    const now = new Date(2026, 2, 10, 15, 0);
    expect(dayLabel(new Date(2026, 2, 10, 8, 0).toISOString(), "HOJE", now)).toBe("HOJE");
    expect(dayLabel(new Date(2026, 2, 9, 23, 59).toISOString(), "HOJE", now)).toBe("09/03/2026");
  });

  it("shows cents as BRL and cycles playback speeds", () => {
    expect(formatCents(12345).replace(/\s/g, " ")).toBe("R$ 123,45");
    expect(formatCents("x")).toBe("");
    expect([0.5, 1, 1.5, 2].map(nextSpeed)).toEqual([1, 1.5, 2, 0.5]);
  });

  it("discards recordings under 10000 bytes and names them by channel", () => {
    expect(recordedAudioFile(new Blob([new Uint8Array(9_999)]), "whatsapp")).toBeNull();
    const mp3 = recordedAudioFile(new Blob([new Uint8Array(10_000)], { type: "audio/ogg" }), "whatsapp", 42);
    expect(mp3?.name).toBe("audio-42.mp3");
    expect(mp3?.size).toBe(10_000);
    expect(recordedAudioFile(new Blob([new Uint8Array(20_000)]), "facebook", 42)?.name).toBe("audio-42.m4a");
    expect(audioFileName("whatsappapi", 1)).toBe("audio-1.mp3");
    expect(safeFileName("foto da loja.png")).toBe("foto_da_loja.png");
  });
});

describe("buttons dialog rules", () => {
  it("adds +55 to PIX phone keys when missing", () => {
    expect(pixPhoneKey("11987654321")).toBe("+5511987654321");
    expect(pixPhoneKey("(11) 98765-4321")).toBe("+5511987654321");
    expect(pixPhoneKey("+5511987654321")).toBe("+5511987654321");
    expect(pixPhoneKey("5511987654321")).toBe("+5511987654321");
    const built = buildInteractive("PIX", { ...emptyButtonsForm, keyType: "PHONE", pixKey: "11987654321", amount: "123,45", merchantName: "Loja" }, defaults);
    expect(built).toEqual({ ok: true, payload: expect.objectContaining({ sendKey: "+5511987654321", sendkey_type: "PHONE", sendvalue: 12345, sendmerchant_name: "Loja" }) });
    expect(toCents("1.234,56")).toBe(123456);
    expect(Number.isNaN(toCents("abc"))).toBe(true);
  });

  it("fills URL cards with the default texts when empty", () => {
    const built = buildInteractive("URL", { ...emptyButtonsForm, url: "https://example.test" }, defaults);
    expect(built).toEqual({ ok: true, payload: { title: "Acesse o link", text: "Clique no botão abaixo para acessar.", buttonText: "Acessar", copyText: "https://example.test" } });
    expect(buildInteractive("URL", { ...emptyButtonsForm, url: "example" }, defaults)).toEqual({ ok: false, error: "urlRequired" });
    expect(buildInteractive("call", { ...emptyButtonsForm, phoneNumber: "(11) 98765-4321" }, defaults)).toEqual({
      ok: true,
      payload: { title: "", text: "", buttonText: "", copyText: "(11) 98765-4321" },
    });
  });

  it("needs a row title for a list, and numeric ticket ids", () => {
    expect(buildInteractive("lista", { ...emptyButtonsForm, title: "Cardápio" }, defaults)).toEqual({ ok: false, error: "selectTitle" });
    expect(buildInteractive("lista", { ...emptyButtonsForm, rows: [{ title: "Pizza", description: "" }] }, defaults)).toEqual({ ok: false, error: "selectTitle" });
    const ok = buildInteractive("lista", { ...emptyButtonsForm, title: "Cardápio", rows: [{ title: "Pizza", description: "" }] }, defaults);
    expect(ok.ok && ok.payload).toMatchObject({ title: "Cardápio", buttonText: "Pizza", sections: [{ title: "", rows: [{ id: "1", title: "Pizza", description: "" }] }] });
    expect(isNumericId(12)).toBe(true);
    expect(isNumericId("12a")).toBe(false);
  });
});

describe("forwarding", () => {
  it("sends one call per message, in time order, 900 ms apart", async () => {
    const send = vi.fn(async () => ({}));
    const wait = vi.fn(async () => {});
    const older = convMessage(1, { createdAt: "2026-01-01T10:00:00.000Z" });
    const newer = convMessage(2, { createdAt: "2026-01-01T11:00:00.000Z" });
    await forwardAll([newer, older], 9, true, send, wait);
    expect(send.mock.calls).toEqual([[{ messageId: 1, contactId: 9, signMessage: true }], [{ messageId: 2, contactId: 9, signMessage: true }]]);
    expect(wait.mock.calls).toEqual([[900]]);
  });
});

describe("messages reducer", () => {
  it("merges older pages before, appends creations, replaces updates, marks deletions", () => {
    const a = convMessage(1, { createdAt: "2026-01-01T10:00:00.000Z" });
    const b = convMessage(2, { createdAt: "2026-01-01T11:00:00.000Z" });
    const c = convMessage(3, { createdAt: "2026-01-01T12:00:00.000Z" });
    let s = messagesReducer({ messages: [] }, { type: "page", messages: [b] });
    s = messagesReducer(s, { type: "page", messages: [a] });
    s = messagesReducer(s, { type: "upsert", message: c });
    expect(s.messages.map((m) => m.id)).toEqual([1, 2, 3]);
    s = messagesReducer(s, { type: "upsert", message: { ...b, body: "novo", isEdited: true } });
    expect(s.messages[1]).toMatchObject({ body: "novo", isEdited: true });
    s = messagesReducer(s, { type: "deleted", message: { ...c, deletedBy: "contact" } });
    expect(s.messages[2]).toMatchObject({ isDeleted: true, deletedBy: "contact" });
    expect(s.messages).toHaveLength(3);
  });

  it("a late, older copy (a send's answer after the delivery event) never lowers the ack or undoes an edit", () => {
    const sent = convMessage(7, { fromMe: true, ack: 0, createdAt: "2026-01-01T10:00:00.000Z", updatedAt: "2026-01-01T10:00:00.000Z" });
    let s = messagesReducer({ messages: [] }, { type: "upsert", message: { ...sent, ack: 1, updatedAt: "2026-01-01T10:00:01.000Z" } });
    s = messagesReducer(s, { type: "upsert", message: sent });
    expect(s.messages[0]!.ack).toBe(1);
    s = messagesReducer(s, { type: "upsert", message: { ...sent, body: "editada", isEdited: true, ack: 0, updatedAt: "2026-01-01T10:05:00.000Z" } });
    expect(s.messages[0]).toMatchObject({ body: "editada", isEdited: true, ack: 1 });
  });
});
