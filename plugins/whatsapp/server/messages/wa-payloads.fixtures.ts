import type { proto, WAMessage } from "@whiskeysockets/baileys";

/**
 * WhatsApp payloads as Baileys 7 hands them to `messages.upsert`, written from WAProto's
 * types (proto.IWebMessageInfo / proto.IMessage): the fields a real message carries
 * (CDN url, media keys and hashes, sizes, context info), with made-up values.
 */

export const CUSTOMER = "5511987654321";
export const CUSTOMER_JID = `${CUSTOMER}@s.whatsapp.net`;
/** The same person's privacy identity. */
export const CUSTOMER_LID = "187364512098765";
export const CUSTOMER_LID_JID = `${CUSTOMER_LID}@lid`;
export const GROUP_ID = "120363041234567890";
export const GROUP_JID = `${GROUP_ID}@g.us`;

let seq = 0;
/** A WhatsApp-style message id (as phones generate them: 20+ upper-case hex). */
export const waId = () => `3A${(Date.now() % 1e9).toString(16).toUpperCase()}${(++seq).toString(16).toUpperCase().padStart(8, "0")}`;

const bytes = (n: number, fill = 7) => new Uint8Array(n).fill(fill);
const nowSeconds = () => Math.floor(Date.now() / 1000);

export interface Envelope {
  id?: string;
  /** The chat: a person's jid, a lid, a group. */
  chat?: string;
  fromMe?: boolean;
  pushName?: string;
  /** Group author. */
  participant?: string;
  remoteJidAlt?: string;
  participantAlt?: string;
  /** Epoch seconds. */
  timestamp?: number;
}

/** One WebMessageInfo as `messages.upsert` delivers it. */
export function waMessage(message: proto.IMessage, e: Envelope = {}): WAMessage {
  const chat = e.chat ?? CUSTOMER_JID;
  return {
    key: {
      remoteJid: chat,
      fromMe: e.fromMe ?? false,
      id: e.id ?? waId(),
      ...(e.participant ? { participant: e.participant } : {}),
      ...(e.remoteJidAlt ? { remoteJidAlt: e.remoteJidAlt } : {}),
      ...(e.participantAlt ? { participantAlt: e.participantAlt } : {}),
      ...(chat.endsWith("@lid") || e.participant?.endsWith("@lid") ? { addressingMode: "lid" } : {}),
    },
    messageTimestamp: e.timestamp ?? nowSeconds(),
    pushName: e.fromMe ? "Atendimento" : (e.pushName ?? "Maria Cliente"),
    broadcast: false,
    message,
  };
}

const deviceInfo: proto.IMessageContextInfo = { deviceListMetadataVersion: 2, deviceListMetadata: { senderTimestamp: nowSeconds() } };

function media(kind: string, mimetype: string, fileLength: number) {
  return {
    url: `https://mmg.whatsapp.net/v/t62.7118-24/${kind}.enc?ccb=11-4&oh=01_Q5AaI&oe=68F0A1B2&_nc_sid=5e03e0&mms3=true`,
    mimetype,
    fileSha256: bytes(32, 1),
    fileLength,
    mediaKey: bytes(32, 2),
    fileEncSha256: bytes(32, 3),
    directPath: `/v/t62.7118-24/${kind}.enc?ccb=11-4&oh=01_Q5AaI&oe=68F0A1B2&_nc_sid=5e03e0`,
    mediaKeyTimestamp: nowSeconds(),
  };
}

export const payloads = {
  text: (text: string): proto.IMessage => ({ conversation: text, messageContextInfo: deviceInfo }),

  /** A reply: extendedTextMessage quoting another message by its id. */
  reply: (text: string, quotedId: string, quotedText = "mensagem anterior"): proto.IMessage => ({
    extendedTextMessage: {
      text,
      previewType: 0,
      contextInfo: { stanzaId: quotedId, participant: CUSTOMER_JID, quotedMessage: { conversation: quotedText } },
      inviteLinkGroupTypeV2: 0,
    },
    messageContextInfo: deviceInfo,
  }),

  /** A link with its preview (extendedTextMessage without a quote). */
  link: (text: string): proto.IMessage => ({
    extendedTextMessage: { text, matchedText: "https://example.com", title: "Example Domain", description: "An example page", previewType: 0 },
  }),

  /** The first message of a Click-to-WhatsApp ad conversation. */
  fromAd: (text: string): proto.IMessage => ({
    extendedTextMessage: {
      text,
      contextInfo: {
        conversionSource: "FB_Ads",
        entryPointConversionSource: "ctwa_ad",
        externalAdReply: {
          title: "Promoção de verão",
          body: "Fale conosco pelo WhatsApp",
          mediaType: 1,
          thumbnailUrl: "https://scontent.xx.fbcdn.net/v/ad-thumb.jpg",
          sourceType: "ad",
          sourceId: "120210000000000000",
          sourceUrl: "https://fb.me/abcdef",
          ctwaClid: "Afc123",
          showAdAttribution: true,
        },
      },
    },
  }),

  image: (caption?: string, fileLength = 2048): proto.IMessage => ({
    imageMessage: { ...media("image", "image/jpeg", fileLength), ...(caption ? { caption } : {}), height: 1280, width: 960, jpegThumbnail: bytes(16) },
  }),

  video: (caption?: string, fileLength = 4096): proto.IMessage => ({
    videoMessage: { ...media("video", "video/mp4", fileLength), seconds: 12, ...(caption ? { caption } : {}), gifPlayback: false, height: 640, width: 360 },
  }),

  /** A voice note recorded in WhatsApp (ptt, Opus in Ogg). */
  voice: (fileLength = 3000): proto.IMessage => ({
    audioMessage: { ...media("audio", "audio/ogg; codecs=opus", fileLength), seconds: 7, ptt: true, waveform: bytes(64, 9) },
  }),

  /** An audio file forwarded as a file (not a voice note). */
  audioFile: (fileLength = 3000): proto.IMessage => ({
    audioMessage: { ...media("audio", "audio/mpeg", fileLength), seconds: 180, ptt: false },
  }),

  /** A document with a caption: WhatsApp wraps it in documentWithCaptionMessage. */
  document: (fileName: string, caption?: string, fileLength = 1500): proto.IMessage => {
    const documentMessage = { ...media("document", "application/pdf", fileLength), title: fileName, fileName, pageCount: 2, ...(caption ? { caption } : {}) };
    return caption ? { documentWithCaptionMessage: { message: { documentMessage } } } : { documentMessage };
  },

  sticker: (): proto.IMessage => ({ stickerMessage: { ...media("sticker", "image/webp", 900), height: 512, width: 512, isAnimated: false } }),

  location: (): proto.IMessage => ({
    locationMessage: {
      degreesLatitude: -23.5613,
      degreesLongitude: -46.6565,
      name: "Avenida Paulista",
      address: "Av. Paulista, 1578 - Bela Vista, São Paulo",
      jpegThumbnail: bytes(16),
    },
  }),

  liveLocation: (): proto.IMessage => ({
    liveLocationMessage: { degreesLatitude: -22.9519, degreesLongitude: -43.2105, accuracyInMeters: 10, caption: "Estou chegando", sequenceNumber: 1 },
  }),

  contact: (name: string, number: string): proto.IMessage => ({
    contactMessage: {
      displayName: name,
      vcard: `BEGIN:VCARD\nVERSION:3.0\nN:;${name};;;\nFN:${name}\nitem1.TEL;waid=${number}:+${number}\nitem1.X-ABLabel:Celular\nEND:VCARD`,
    },
  }),

  contacts: (cards: { name: string; number: string }[]): proto.IMessage => ({
    contactsArrayMessage: {
      displayName: `${cards.length} contatos`,
      contacts: cards.map(({ name, number }) => ({ displayName: name, vcard: `BEGIN:VCARD\nVERSION:3.0\nFN:${name}\nTEL;type=CELL;waid=${number}:+${number}\nEND:VCARD` })),
    },
  }),

  reaction: (targetId: string, emoji: string, targetFromMe = true): proto.IMessage => ({
    reactionMessage: { key: { remoteJid: CUSTOMER_JID, fromMe: targetFromMe, id: targetId }, text: emoji, senderTimestampMs: Date.now() },
  }),

  /** "Delete for everyone". */
  revoke: (targetId: string, chat = CUSTOMER_JID, targetFromMe = false): proto.IMessage => ({
    protocolMessage: { key: { remoteJid: chat, fromMe: targetFromMe, id: targetId }, type: 0 },
  }),

  /** An edit as current clients send it: a protocolMessage MESSAGE_EDIT inside editedMessage. */
  edit: (targetId: string, text: string, chat = CUSTOMER_JID): proto.IMessage => ({
    editedMessage: {
      message: { protocolMessage: { key: { remoteJid: chat, fromMe: false, id: targetId }, type: 14, editedMessage: { conversation: text }, timestampMs: Date.now() } },
    },
  }),

  /** View-once media (V2 wrapper, viewOnce flag inside). */
  viewOnce: (inner: proto.IMessage): proto.IMessage => ({ viewOnceMessageV2: { message: inner } }),

  /** Disappearing-messages chats wrap everything in ephemeralMessage. */
  ephemeral: (inner: proto.IMessage): proto.IMessage => ({ ephemeralMessage: { message: inner } }),

  poll: (name: string, options: string[], version: "pollCreationMessage" | "pollCreationMessageV2" | "pollCreationMessageV3" = "pollCreationMessageV3"): proto.IMessage => ({
    [version]: { name, options: options.map((optionName) => ({ optionName })), selectableOptionsCount: 1 },
    messageContextInfo: { messageSecret: bytes(32, 5) },
  }),

  buttonReply: (text: string, id: string): proto.IMessage => ({ buttonsResponseMessage: { selectedButtonId: id, selectedDisplayText: text, type: 1 } }),

  listReply: (title: string, rowId: string): proto.IMessage => ({
    listResponseMessage: { title, listType: 1, singleSelectReply: { selectedRowId: rowId }, description: "" },
  }),

  templateReply: (text: string, id: string): proto.IMessage => ({ templateButtonReplyMessage: { selectedId: id, selectedDisplayText: text, selectedIndex: 0 } }),

  /** What a group member's phone sends first: the group's sender key only. */
  senderKeyOnly: (): proto.IMessage => ({ senderKeyDistributionMessage: { groupId: GROUP_JID, axolotlSenderKeyDistributionMessage: bytes(40) } }),
};
