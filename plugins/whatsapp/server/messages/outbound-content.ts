import { Buffer } from "node:buffer";
import type { AnyMessageContent, WAMessage } from "@whiskeysockets/baileys";
import type { Storage } from "../../../../core/storage/storage.ts";
import type { OutboundRequest } from "../../../channels/channel-driver.contract.ts";

type Message = OutboundRequest["message"];

/** A contact card as WhatsApp clients read it (the waid makes "Message" work on the phone). */
export function vcardOf(name: string, number: string): string {
  const digits = number.replace(/\D/g, "");
  const fn = name.replace(/[\r\n]+/g, " ").trim() || digits;
  return ["BEGIN:VCARD", "VERSION:3.0", `FN:${fn}`, `TEL;type=CELL;type=VOICE;waid=${digits}:+${digits}`, "END:VCARD"].join("\n");
}

const asRecord = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const str = (v: unknown) => (typeof v === "string" ? v.trim() : "");

/**
 * An interactive message (list, buttons, PIX) as readable text: WhatsApp refuses buttons
 * and lists from clients that are not the official business API, so the customer gets the
 * same information written out.
 */
export function renderInteractive(body: string, data: unknown): string {
  const d = asRecord(data);
  const out: string[] = [body.trim()];
  const sections = Array.isArray(d.sections) ? d.sections : [];
  let n = 0;
  for (const section of sections) {
    const s = asRecord(section);
    if (str(s.title)) out.push(`\n*${str(s.title)}*`);
    for (const row of Array.isArray(s.rows) ? s.rows : []) {
      const r = asRecord(row);
      n += 1;
      out.push([`${n}. ${str(r.title)}`, str(r.description)].filter(Boolean).join(" — "));
    }
  }
  for (const button of Array.isArray(d.buttons) ? d.buttons : []) {
    const b = asRecord(button);
    const target = str(b.url) || str(b.phoneNumber) || str(b.copyText);
    // The body already carries the link, number or key for most kinds: not repeated.
    if (target && !out.some((line) => line.includes(target))) out.push(`${str(b.text) || "➡"}: ${target}`);
  }
  return out
    .filter((line, i) => i > 0 || line)
    .join("\n")
    .trim();
}

/** The caption of a file: the body, unless it only repeats the file name. */
function captionOf(message: Message): string | undefined {
  const body = message.body.trim();
  return body && body !== message.media?.fileName ? body : undefined;
}

const isOpus = (mimetype: string, fileName: string) => /ogg|opus/i.test(mimetype) || /\.(ogg|opus)$/i.test(fileName);

/**
 * What Baileys' `sendMessage` receives for one stored outbound message: text, a file with
 * its caption (image, video, voice note, audio, document), a contact card, or an
 * interactive message written out as text. Media bytes come from this server's storage.
 */
export async function contentOf(message: Message, storage: Storage): Promise<AnyMessageContent> {
  if (message.kind === "contact" && message.vCard) {
    const { name, number } = message.vCard;
    return { contacts: { displayName: name, contacts: [{ displayName: name, vcard: vcardOf(name, number) }] } };
  }
  if (message.kind === "interactive") return { text: renderInteractive(message.body, message.data) };
  if ((message.kind === "media" || message.kind === "audio") && message.media) {
    const file = await storage.read(message.media.path);
    // Retried by the delivery job like any failure; a file removed for good ends in the job's last attempt.
    if (!file) throw new Error(`whatsapp: media file ${message.media.path} not found in storage`);
    const bytes = Buffer.from(file.body);
    const { fileName } = message.media;
    const mimetype = message.media.mimetype || file.type;
    const caption = captionOf(message);
    const kind = mimetype.split("/")[0]?.toLowerCase();
    if (kind === "audio" || message.kind === "audio") {
      // A voice note when the sender said so, else when the file is Ogg/Opus (what WhatsApp records).
      const ptt = message.media.voiceNote ?? isOpus(mimetype, fileName);
      if (!ptt) return { audio: bytes, ptt: false, mimetype };
      return { audio: bytes, ptt: true, mimetype: isOpus(mimetype, fileName) ? "audio/ogg; codecs=opus" : mimetype };
    }
    if (kind === "image") return { image: bytes, mimetype, ...(caption ? { caption } : {}) };
    if (kind === "video") return { video: bytes, mimetype, ...(caption ? { caption } : {}) };
    return { document: bytes, mimetype, fileName, ...(caption ? { caption } : {}) };
  }
  if (!message.body.trim()) throw new Error(`whatsapp: message ${message.id} has nothing to send`);
  return { text: message.body };
}

/** The message being answered, as much of a WAMessage as Baileys needs to quote it. */
export function quotedOf(jid: string, quoted: NonNullable<Message["quoted"]>): WAMessage {
  return { key: { remoteJid: jid, fromMe: quoted.fromMe, id: quoted.providerId }, message: { conversation: quoted.body } };
}
