import { nanoid } from "nanoid";
import type { messages } from "../../schema/tables.ts";
import { mediaTypeOf } from "../messages/media.ts";
import { mayHoldVariables, resolveVariables } from "../messages/message-variables.ts";
import type { TicketRow } from "../tickets.contract.ts";

/** The bold name prefix of a signed message (spec 000 §9). */
export const signaturePrefix = (name: string) => `*${name}:*\n`;
/** The prefix of a private (internal) message (spec 000 §9). */
export const privatePrefix = (name: string | null) => (name ? `*${name} - Mensagem Privada:*\n` : "*Mensagem Privada:*\n");

/** A contact card as vCard 3.0 text, the body of a contactMessage. */
export function vCardText(card: { name: string; number: string }): string {
  const digits = card.number.replace(/\D/g, "");
  return ["BEGIN:VCARD", "VERSION:3.0", `N:;${card.name};;;`, `FN:${card.name}`, `TEL;type=CELL;waid=${digits}:+${digits}`, "END:VCARD"].join("\n");
}

/** What a message carries besides its text. */
export type OutboundContent =
  | { kind: "text" }
  /** A file of the company's storage (`/public/company{id}/…`); `mediaType` overrides the one of the MIME type. */
  | { kind: "file"; url: string; mimetype: string; fileName: string; mediaType?: string; voiceNote?: boolean }
  /** A contact card: the body becomes its vCard text (the text is not used). */
  | { kind: "contact"; vCard: { name: string; number: string } }
  /** Structured content (list, buttons, PIX …) kept in dataJson and given to the driver. */
  | { kind: "structured"; mediaType: string; data: unknown };

/**
 * One outbound message as its caller asks for it, before variables and signature: the
 * composer, `tickets.sendToContact` and a bot turn's `send` all describe theirs this way.
 */
export interface OutboundDraft {
  /** As written; trimmed here. */
  text: string;
  content: OutboundContent;
  /** The attendant who writes it: `userId`, the signature and `{{user}}`. Null for automatic texts and bots. */
  author: { id: number; name: string } | null;
  /** Fill the message variables (spec 000 §3) once, as the ticket stands when it is written. */
  variables: boolean;
  /** Prefix the author's name in bold (honoured only with an author and the company's sendSignMessage enabled). */
  sign: boolean;
  /** Stored in the conversation only: private prefix, never delivered, lastMessage left alone. */
  isPrivate: boolean;
  isForwarded: boolean;
  quotedMsgId: number | null;
  /**
   * An attendant writing in the app restarts the ticket's expiry clocks (issue 14); automatic
   * texts, scheduled messages and bots do not.
   */
  restartsClocks: boolean;
}

/** A draft of `text` with `fields` set: plain text, no author, nothing filled or signed, delivered. */
export function outboundDraft(text: string, fields: Partial<Omit<OutboundDraft, "text">> = {}): OutboundDraft {
  return {
    text,
    content: { kind: "text" },
    author: null,
    variables: false,
    sign: false,
    isPrivate: false,
    isForwarded: false,
    quotedMsgId: null,
    restartsClocks: false,
    ...fields,
  };
}

/** The names the variables read, as the ticket stands when the message is written. */
export interface VariableNames {
  contact: string;
  connection: string;
  queue: string;
  /** The ticket's attendant: `{{user}}` of a message without an author. */
  attendant: string;
}

/** The ticket columns a message row copies. */
export type OutboundTicket = Pick<TicketRow, "id" | "companyId" | "contactId" | "whatsappId" | "queueId">;

/** The insert of the message (timestamps included, so a prepared statement never freezes them). */
export type OutboundValues = Required<
  Pick<typeof messages.$inferInsert, "companyId" | "ticketId" | "providerId" | "body" | "mediaType" | "isPrivate" | "isForwarded" | "createdAt" | "updatedAt">
> &
  Pick<typeof messages.$inferInsert, "contactId" | "whatsappId" | "mediaUrl" | "quotedMsgId" | "userId" | "queueId" | "dataJson">;

/** Everything an outbound write stores: the row, the ticket's lastMessage (and clocks), and whether it is delivered. */
export interface OutboundRow {
  values: OutboundValues;
  /** Null for a private message: the list keeps the customer's last words. */
  lastMessage: string | null;
  restartsClocks: boolean;
  /** Whether the delivery outbox row goes with it (never for a private message). */
  deliver: boolean;
}

/** Whether writing this draft needs the variables' names (only a text that may hold a placeholder does). */
export const needsNames = (d: OutboundDraft) => d.variables && mayHoldVariables(d.text);

/** Whether writing this draft needs the company's sendSignMessage setting. */
export const mayBeSigned = (d: OutboundDraft) => d.sign && d.author !== null && !d.isPrivate && d.content.kind !== "contact";

/**
 * The row of one outbound message (fromMe, ack 0, our own provider id so a retried delivery
 * carries the same one), built without touching the database: the writers of
 * outbound-write.ts store it inside a write unit or an async transaction. Null when there is
 * nothing to send (no text left and no content).
 *
 * The text: variables filled ONCE (one pass, so a value that holds a placeholder, like a
 * contact named "{{user}}", stays as it is), then the private prefix or the signature, added
 * after the variables so the author's name is never read as a placeholder. A text that
 * already starts with the author's signature (a forward of one's own signed message) is not
 * signed twice.
 */
export function outboundRow(ticket: OutboundTicket, d: OutboundDraft, names: VariableNames | null, signing: boolean, now = new Date()): OutboundRow | null {
  let body = d.text.trim();
  if (body && names && needsNames(d)) {
    body = resolveVariables(body, {
      contactName: names.contact,
      userName: d.author?.name ?? names.attendant,
      ticketId: ticket.id,
      queueName: names.queue,
      connectionName: names.connection,
      now,
    });
  }
  if (d.isPrivate) body = privatePrefix(d.author?.name ?? null) + body;
  else if (body && signing && d.author && mayBeSigned(d)) {
    const prefix = signaturePrefix(d.author.name);
    if (!body.startsWith(prefix)) body = prefix + body;
  }
  const c = d.content;
  let content: { body: string; lastMessage: string; mediaType: string; mediaUrl: string | null; dataJson: string | null };
  if (c.kind === "file") {
    content = {
      body,
      lastMessage: body || c.fileName,
      mediaType: c.mediaType ?? mediaTypeOf(c.mimetype),
      mediaUrl: c.url,
      dataJson: JSON.stringify({ mimetype: c.mimetype, fileName: c.fileName, ...(c.voiceNote === undefined ? {} : { ptt: c.voiceNote }) }),
    };
  } else if (c.kind === "contact") {
    const card = { name: c.vCard.name.trim(), number: c.vCard.number.replace(/\D/g, "") };
    content = { body: vCardText(card), lastMessage: card.name, mediaType: "contactMessage", mediaUrl: null, dataJson: JSON.stringify(card) };
  } else if (c.kind === "structured") {
    content = { body, lastMessage: body, mediaType: c.mediaType, mediaUrl: null, dataJson: JSON.stringify(c.data) };
  } else {
    if (!body) return null;
    content = { body, lastMessage: body, mediaType: "chat", mediaUrl: null, dataJson: null };
  }
  const at = now.toISOString();
  return {
    values: {
      companyId: ticket.companyId,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      whatsappId: ticket.whatsappId,
      providerId: `out-${nanoid()}`,
      body: content.body,
      mediaType: content.mediaType,
      mediaUrl: content.mediaUrl,
      isPrivate: d.isPrivate,
      isForwarded: d.isForwarded,
      quotedMsgId: d.quotedMsgId,
      userId: d.author?.id ?? null,
      queueId: ticket.queueId,
      dataJson: content.dataJson,
      createdAt: at,
      updatedAt: at,
    },
    lastMessage: d.isPrivate ? null : content.lastMessage,
    restartsClocks: d.restartsClocks && !d.isPrivate,
    deliver: !d.isPrivate,
  };
}
