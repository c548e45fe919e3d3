import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateWAMessageContent } from "@whiskeysockets/baileys";
import { afterAll, describe, expect, it } from "vitest";
import { Storage } from "../../../../core/storage/storage.ts";
import type { OutboundRequest } from "../../../channels/channel-driver.contract.ts";
import { contentOf } from "./outbound-content.ts";

/**
 * What the driver builds is handed to Baileys' own content generator (the step
 * `sendMessage` runs before encrypting): every kind must be accepted, and images must go
 * without a thumbnail when no image library (sharp, jimp) is installed.
 */
const dir = mkdtempSync(join(tmpdir(), "wa-content-"));
const storage = new Storage(dir);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const upload = async () => ({ mediaUrl: "https://mmg.whatsapp.net/v/t62/test.enc", directPath: "/v/t62/test.enc" });
const PNG_1PX = Uint8Array.from(
  Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1d3c2a60000000049454e44ae426082", "hex"),
);

async function stored(name: string, type: string, bytes: Uint8Array) {
  const file = await storage.save(1, new File([bytes as Uint8Array<ArrayBuffer>], name, { type }), { maxBytes: 10_000_000 });
  return { path: file.path, url: file.url, mimetype: type, fileName: name };
}

const message = (over: Partial<OutboundRequest["message"]>): OutboundRequest["message"] => ({
  id: 1,
  providerId: "out-1",
  kind: "text",
  body: "",
  mediaType: "chat",
  createdAt: new Date().toISOString(),
  ...over,
});

describe("outbound content through Baileys' generator", () => {
  it("an image with caption is accepted without sharp (no thumbnail)", async () => {
    const media = await stored("foto.png", "image/png", PNG_1PX);
    const content = await generateWAMessageContent(await contentOf(message({ kind: "media", body: "legenda", mediaType: "image", media }), storage), { upload } as never);
    expect(content.imageMessage).toMatchObject({ caption: "legenda", mimetype: "image/png" });
    expect(content.imageMessage!.jpegThumbnail ?? null).toBeNull();
  });

  it("an audio the sender marked goes as it says: an mp3 as a voice note, an Ogg file as a plain audio", async () => {
    const mp3 = await stored("aviso.mp3", "audio/mpeg", new Uint8Array(2000).fill(3));
    const ogg = await stored("musica.ogg", "audio/ogg", new Uint8Array(2000).fill(4));
    const voice = await contentOf(message({ kind: "audio", mediaType: "audio", media: { ...mp3, voiceNote: true } }), storage);
    expect(voice).toMatchObject({ ptt: true, mimetype: "audio/mpeg" });
    const plain = await contentOf(message({ kind: "audio", mediaType: "audio", media: { ...ogg, voiceNote: false } }), storage);
    expect(plain).toMatchObject({ ptt: false, mimetype: "audio/ogg" });
  });

  it("a voice note, a document, a contact card and text are accepted as their WhatsApp kinds", async () => {
    const ogg = await stored("voz.ogg", "audio/ogg", new Uint8Array(2000).fill(1));
    const pdf = await stored("contrato.pdf", "application/pdf", new Uint8Array(500).fill(2));
    const voice = await generateWAMessageContent(await contentOf(message({ kind: "audio", mediaType: "audio", media: ogg }), storage), { upload } as never);
    expect(voice.audioMessage).toMatchObject({ ptt: true, mimetype: "audio/ogg; codecs=opus" });
    const doc = await generateWAMessageContent(await contentOf(message({ kind: "media", mediaType: "application", media: pdf, body: "contrato.pdf" }), storage), {
      upload,
    } as never);
    expect(doc.documentMessage).toMatchObject({ fileName: "contrato.pdf", mimetype: "application/pdf" });
    expect(doc.documentMessage!.caption ?? undefined).toBeUndefined();
    const card = await generateWAMessageContent(
      await contentOf(message({ kind: "contact", mediaType: "contactMessage", vCard: { name: "Ana", number: "5511987654321" } }), storage),
      { upload } as never,
    );
    expect(card.contactMessage?.vcard ?? card.contactsArrayMessage?.contacts?.[0]?.vcard).toContain("waid=5511987654321");
    const text = await generateWAMessageContent(await contentOf(message({ body: "oi" }), storage), { upload } as never);
    expect(text.extendedTextMessage?.text ?? text.conversation).toBe("oi");
  });

  it("a structured message without a file (a forwarded location) goes as its text; nothing to send is an error", async () => {
    expect(await contentOf(message({ kind: "media", mediaType: "locationMessage", body: "📍 Localização" }), storage)).toEqual({ text: "📍 Localização" });
    await expect(contentOf(message({ kind: "text", body: "  " }), storage)).rejects.toThrow("nothing to send");
  });
});
