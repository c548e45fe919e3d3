import type { proto } from "@whiskeysockets/baileys";
import { notices } from "./notices.ts";
import { contentType, contextOf, textOf, unwrap } from "./unwrap.ts";
import { numberOf, PROTOCOL_MESSAGE_EDIT, PROTOCOL_REVOKE } from "./wa-constants.ts";

type Content = proto.IMessage;

/** A file WhatsApp holds for a message, described before anything is downloaded. */
export interface MediaRef {
  mimetype: string;
  fileName: string;
  /** What WhatsApp says the file weighs; checked against the download limit first. */
  fileLength?: number;
}

/** One message to store (a contacts array gives several). */
export interface MappedPart {
  /** Appended to the WhatsApp id for the second and later parts ("" for the first). */
  idSuffix: string;
  body: string;
  mediaType?: string;
  data?: Record<string, unknown>;
  quotedProviderId?: string;
  media?: MediaRef;
  /** A reaction: the reacted message's id and the emoji ("" = reaction removed). */
  reaction?: { targetId: string; emoji: string };
}

export type Mapped =
  | { kind: "ignore"; reason: string }
  | { kind: "revoke"; targetId: string }
  | { kind: "edit"; targetId: string; body: string }
  | { kind: "message"; parts: MappedPart[] };

/** Content kinds that carry nothing for a conversation (keys, receipts, pins, encrypted votes …). */
const SILENT = new Set([
  "senderKeyDistributionMessage",
  "fastRatchetKeySenderKeyDistributionMessage",
  "messageContextInfo",
  "keepInChatMessage",
  "pinInChatMessage",
  "pollUpdateMessage",
  "encReactionMessage",
  "encEventResponseMessage",
  "encCommentMessage",
  "albumMessage",
  "placeholderMessage",
  "secretEncryptedMessage",
  "stickerSyncRmrMessage",
  "messageHistoryBundle",
  "messageHistoryNotice",
  "callLogMesssage",
  "call",
  "chat",
]);

const EXT: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
  "video/mp4": "mp4",
  "video/3gpp": "3gp",
  "audio/ogg": "ogg",
  "audio/mpeg": "mp3",
  "audio/mp4": "m4a",
  "audio/aac": "aac",
  "audio/amr": "amr",
  "application/pdf": "pdf",
  "text/plain": "txt",
  "text/csv": "csv",
  "application/zip": "zip",
  "application/msword": "doc",
  "application/vnd.ms-excel": "xls",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
};

/** A readable file name for media WhatsApp sends without one (the extension keeps players and transcription working). */
export function fileNameFor(base: string, mimetype: string): string {
  const type = mimetype.split(";")[0]!.trim().toLowerCase();
  const subtype = type.split("/")[1] ?? "";
  return `${base}.${EXT[type] ?? (/^[a-z0-9]{1,5}$/.test(subtype) ? subtype : "bin")}`;
}

const clean = (s: string | null | undefined) => (typeof s === "string" ? s.trim() : "");
const lines = (...parts: (string | null | undefined)[]) => parts.map(clean).filter(Boolean).join("\n");

/** The contact a vCard names: the display name (or FN line) and the WhatsApp id (or first TEL). */
export function cardOf(vcard: string, displayName?: string | null): { name: string; number: string } {
  const fn = /^FN[^:]*:(.*)$/im.exec(vcard)?.[1]?.trim() ?? "";
  const waid = /waid=(\d+)/i.exec(vcard)?.[1];
  const tel = /^(?:item\d+\.)?TEL[^:]*:(.*)$/im.exec(vcard)?.[1] ?? "";
  return { name: clean(displayName) || fn, number: waid ?? tel.replace(/\D/g, "") };
}

/** A Click-to-WhatsApp ad preview, kept whole in data and summarised in the body. */
function adOf(content: Content): { text: string; data: Record<string, unknown> } | null {
  const ad = contextOf(content)?.externalAdReply;
  if (!ad) return null;
  const data = {
    title: clean(ad.title),
    body: clean(ad.body),
    sourceUrl: clean(ad.sourceUrl),
    sourceType: clean(ad.sourceType),
    sourceId: clean(ad.sourceId),
    mediaUrl: clean(ad.mediaUrl),
    thumbnailUrl: clean(ad.thumbnailUrl),
    ctwaClid: clean(ad.ctwaClid),
  };
  return { text: lines(notices.ad, data.title, data.body, data.sourceUrl), data };
}

function mediaPart(body: string, media: MediaRef, kind: string): MappedPart {
  return { idSuffix: "", body, media, data: { kind } };
}

/** Maps the content of one WhatsApp message (already unwrapped) to what a ticket stores. */
function mapContent(c: Content, type: string): Mapped {
  switch (type) {
    case "conversation":
      return text(c.conversation ?? "");
    case "extendedTextMessage":
      return text(c.extendedTextMessage?.text ?? "");
    case "imageMessage": {
      const m = c.imageMessage!;
      const mimetype = clean(m.mimetype) || "image/jpeg";
      return one(mediaPart(clean(m.caption), { mimetype, fileName: fileNameFor("imagem", mimetype), fileLength: numberOf(m.fileLength) }, "image"));
    }
    case "videoMessage":
    case "ptvMessage": {
      const m = (c.videoMessage ?? c.ptvMessage)!;
      const mimetype = clean(m.mimetype) || "video/mp4";
      return one(
        mediaPart(clean(m.caption), { mimetype, fileName: fileNameFor("video", mimetype), fileLength: numberOf(m.fileLength) }, type === "ptvMessage" ? "videoNote" : "video"),
      );
    }
    case "audioMessage": {
      const m = c.audioMessage!;
      const mimetype = clean(m.mimetype) || (m.ptt ? "audio/ogg; codecs=opus" : "audio/mpeg");
      const part = mediaPart("", { mimetype, fileName: fileNameFor(m.ptt ? "audio-voz" : "audio", mimetype), fileLength: numberOf(m.fileLength) }, m.ptt ? "voice" : "audio");
      return one({ ...part, data: { ...part.data, ptt: !!m.ptt, seconds: numberOf(m.seconds) ?? null } });
    }
    case "documentMessage": {
      const m = c.documentMessage!;
      const mimetype = clean(m.mimetype) || "application/octet-stream";
      const fileName = clean(m.fileName) || fileNameFor("documento", mimetype);
      return one(mediaPart(clean(m.caption), { mimetype, fileName, fileLength: numberOf(m.fileLength) }, "document"));
    }
    case "stickerMessage": {
      const m = c.stickerMessage!;
      const mimetype = clean(m.mimetype) || "image/webp";
      return one(mediaPart("", { mimetype, fileName: fileNameFor("figurinha", mimetype), fileLength: numberOf(m.fileLength) }, "sticker"));
    }
    case "locationMessage":
    case "liveLocationMessage": {
      const live = type === "liveLocationMessage" || !!c.locationMessage?.isLive;
      const m = (c.locationMessage ?? c.liveLocationMessage)! as proto.Message.ILocationMessage & proto.Message.ILiveLocationMessage;
      const lat = Number(m.degreesLatitude);
      const lng = Number(m.degreesLongitude);
      const data = { lat, lng, name: clean(m.name), address: clean(m.address), url: clean(m.url), live, caption: clean(m.caption ?? m.comment) };
      const where = Number.isFinite(lat) && Number.isFinite(lng) ? `https://maps.google.com/maps?q=${lat},${lng}` : "";
      return one({ idSuffix: "", body: lines(live ? notices.liveLocation : notices.location, data.name, data.address, data.caption, where), mediaType: "locationMessage", data });
    }
    case "contactMessage": {
      const vcard = clean(c.contactMessage?.vcard);
      return one(contactPart("", vcard, c.contactMessage?.displayName));
    }
    case "contactsArrayMessage": {
      const parts = (c.contactsArrayMessage?.contacts ?? [])
        .filter((card) => clean(card.vcard))
        .map((card, i) => contactPart(i === 0 ? "" : `_${i}`, clean(card.vcard), card.displayName));
      return parts.length ? { kind: "message", parts } : { kind: "ignore", reason: "empty contacts array" };
    }
    case "reactionMessage": {
      const r = c.reactionMessage!;
      const targetId = clean(r.key?.id);
      if (!targetId) return { kind: "ignore", reason: "reaction without target" };
      const emoji = clean(r.text);
      return one({ idSuffix: "", body: emoji, mediaType: "reactionMessage", quotedProviderId: targetId, reaction: { targetId, emoji } });
    }
    case "protocolMessage": {
      const p = c.protocolMessage!;
      const targetId = clean(p.key?.id);
      if (p.type === PROTOCOL_REVOKE && targetId) return { kind: "revoke", targetId };
      if (p.type === PROTOCOL_MESSAGE_EDIT && targetId) return { kind: "edit", targetId, body: textOf(p.editedMessage) };
      return { kind: "ignore", reason: `protocol message ${p.type}` };
    }
    case "pollCreationMessage":
    case "pollCreationMessageV2":
    case "pollCreationMessageV3":
    case "pollCreationMessageV4":
    case "pollCreationMessageV5": {
      const p = (c as Record<string, proto.Message.IPollCreationMessage>)[type]!;
      const options = (p.options ?? []).map((o) => clean(o.optionName)).filter(Boolean);
      const poll = { name: clean(p.name), options, selectableCount: numberOf(p.selectableOptionsCount) ?? 0 };
      return one({ idSuffix: "", body: lines(`${notices.poll}: ${poll.name}`, ...options.map((o, i) => `${i + 1}. ${o}`)), mediaType: "chat", data: { poll } });
    }
    case "buttonsResponseMessage": {
      const m = c.buttonsResponseMessage!;
      return reply(clean(m.selectedDisplayText) || clean(m.selectedButtonId), clean(m.selectedButtonId));
    }
    case "listResponseMessage": {
      const m = c.listResponseMessage!;
      return reply(lines(m.title, m.description) || clean(m.singleSelectReply?.selectedRowId), clean(m.singleSelectReply?.selectedRowId));
    }
    case "templateButtonReplyMessage": {
      const m = c.templateButtonReplyMessage!;
      return reply(clean(m.selectedDisplayText) || clean(m.selectedId), clean(m.selectedId));
    }
    case "interactiveResponseMessage": {
      const m = c.interactiveResponseMessage!;
      const params = clean(m.nativeFlowResponseMessage?.paramsJson);
      return reply(clean(m.body?.text) || params, clean(m.nativeFlowResponseMessage?.name));
    }
    case "buttonsMessage":
      return text(lines(c.buttonsMessage?.contentText, c.buttonsMessage?.footerText, ...(c.buttonsMessage?.buttons ?? []).map((b) => b.buttonText?.displayText)));
    case "listMessage":
      return text(lines(c.listMessage?.title, c.listMessage?.description, c.listMessage?.footerText));
    case "templateMessage": {
      const t = c.templateMessage?.hydratedTemplate ?? c.templateMessage?.hydratedFourRowTemplate;
      return text(lines(t?.hydratedTitleText, t?.hydratedContentText, t?.hydratedFooterText));
    }
    case "interactiveMessage":
      return text(lines(c.interactiveMessage?.header?.title, c.interactiveMessage?.body?.text, c.interactiveMessage?.footer?.text));
    case "groupInviteMessage":
      return text(lines(notices.groupInvite(clean(c.groupInviteMessage?.groupName)), c.groupInviteMessage?.caption));
    case "eventMessage":
      return text(lines(notices.event, c.eventMessage?.name, c.eventMessage?.description));
    case "requestPhoneNumberMessage":
      return text(notices.phoneRequest);
    default:
      if (SILENT.has(type)) return { kind: "ignore", reason: type };
      // Never lose a message: a kind we do not render is stored as a notice the attendant can follow up on the phone.
      return text(notices.unsupported(type));
  }
}

const one = (part: MappedPart): Mapped => ({ kind: "message", parts: [part] });

function text(body: string): Mapped {
  return body.trim() ? one({ idSuffix: "", body: body.trim() }) : { kind: "ignore", reason: "empty text" };
}

/** A button, list or template answer: the customer's choice as text, its id kept in data. */
function reply(body: string, id: string): Mapped {
  return body ? one({ idSuffix: "", body, mediaType: "chat", data: { reply: { id, text: body } } }) : { kind: "ignore", reason: "empty reply" };
}

function contactPart(idSuffix: string, vcard: string, displayName?: string | null): MappedPart {
  const card = cardOf(vcard, displayName);
  return { idSuffix, body: vcard || card.name, mediaType: "contactMessage", data: card };
}

/**
 * The pure half of inbound: a WAMessage's content → what to store (or an edit, a revoke,
 * nothing). Quotes and ad previews are read from the content's contextInfo.
 */
export function mapMessage(message: Pick<proto.IWebMessageInfo, "message">): Mapped {
  const content = unwrap(message.message);
  const type = contentType(content);
  if (!content || !type) return { kind: "ignore", reason: "no content" };
  const mapped = mapContent(content, type);
  if (mapped.kind !== "message") return mapped;
  const quoted = clean(contextOf(content)?.stanzaId);
  const ad = adOf(content);
  for (const part of mapped.parts) {
    if (quoted && !part.quotedProviderId) part.quotedProviderId = quoted;
    if (ad) {
      part.body = lines(part.body, ad.text);
      part.data = { ...part.data, ad: ad.data };
    }
  }
  return mapped;
}
