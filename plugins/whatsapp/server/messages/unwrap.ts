import type { proto } from "@whiskeysockets/baileys";

type Content = proto.IMessage;

/**
 * Containers WhatsApp puts around the real content: disappearing messages, view-once,
 * documents with a caption, edits in the FutureProof envelope, messages sent from the
 * owner's other devices, group mentions, animated stickers.
 */
const WRAPPERS = [
  "ephemeralMessage",
  "viewOnceMessage",
  "viewOnceMessageV2",
  "viewOnceMessageV2Extension",
  "documentWithCaptionMessage",
  "editedMessage",
  "groupMentionedMessage",
  "botInvokeMessage",
  "lottieStickerMessage",
  "associatedChildMessage",
] as const;

/** The content inside every wrapper (at most a few levels: WhatsApp nests view-once inside ephemeral). */
export function unwrap(content: Content | null | undefined): Content | null {
  let current = content ?? null;
  for (let depth = 0; current && depth < 6; depth += 1) {
    const device = current.deviceSentMessage?.message;
    if (device) {
      current = device;
      continue;
    }
    const wrapper = WRAPPERS.find((w) => (current as Record<string, { message?: Content | null } | null | undefined>)[w]?.message);
    if (!wrapper) return current;
    current = (current as Record<string, { message?: Content | null }>)[wrapper]!.message ?? null;
  }
  return current;
}

/** Keys that ride along with the content and never are the content. */
const METADATA = new Set(["messageContextInfo", "senderKeyDistributionMessage", "fastRatchetKeySenderKeyDistributionMessage"]);

/** The content's kind: its first field that is not metadata ("conversation", "imageMessage" …). */
export function contentType(content: Content | null | undefined): string | null {
  if (!content) return null;
  for (const [key, value] of Object.entries(content)) {
    if (METADATA.has(key) || value === null || value === undefined || value === "") continue;
    return key;
  }
  return null;
}

/** The text a content shows (conversation, extended text, a media caption); "" when none. */
export function textOf(content: Content | null | undefined): string {
  const c = unwrap(content);
  if (!c) return "";
  return c.conversation ?? c.extendedTextMessage?.text ?? c.imageMessage?.caption ?? c.videoMessage?.caption ?? c.documentMessage?.caption ?? c.ptvMessage?.caption ?? "";
}

/** The context (quotes, ads, forwarding) of whichever content kind carries it. */
export function contextOf(content: Content): proto.IContextInfo | null {
  const type = contentType(content);
  if (!type) return null;
  const inner = (content as Record<string, unknown>)[type];
  if (!inner || typeof inner !== "object") return null;
  return ((inner as { contextInfo?: proto.IContextInfo | null }).contextInfo ?? null) || null;
}
