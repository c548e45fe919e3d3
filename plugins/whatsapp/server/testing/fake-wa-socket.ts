import { EventEmitter } from "node:events";
import type { BaileysEventMap, WAMessage, WAMessageKey } from "@whiskeysockets/baileys";
import type { WaBoundary, WaEvents, WaSocketLike, WaSocketOptions } from "../boundary/wa-socket.ts";

/**
 * A stand-in for a Baileys socket at the library boundary, for tests: it records every
 * call the plugin makes, and a test feeds it the events WhatsApp would cause, with
 * Baileys' real payload shapes (`connection.update`, `messages.upsert`, …).
 * @example
 *   const boundary = new FakeWaBoundary();
 *   // … start a session, then:
 *   const socket = boundary.last(whatsappId);
 *   socket.emit("connection.update", { qr: "2@abc" });
 *   socket.pair("5511999990000");
 */
export class FakeWaSocket implements WaSocketLike {
  readonly emitter = new EventEmitter();
  readonly ev: WaEvents = {
    on: (event, listener) => void this.emitter.on(event, listener as (arg: unknown) => void),
    off: (event, listener) => void this.emitter.off(event, listener as (arg: unknown) => void),
  };
  user: WaSocketLike["user"] = undefined;
  ended = false;
  loggedOut = false;
  readonly sent: { jid: string; content: unknown; options?: unknown }[] = [];
  readonly read: WAMessageKey[] = [];
  readonly rejectedCalls: { callId: string; from: string }[] = [];
  /** Numbers (digits) that onWhatsApp reports as existing; everything else does not exist. */
  readonly onWhatsAppNumbers = new Set<string>();
  /** Profile pictures by jid. */
  readonly pictures = new Map<string, string>();
  /** Make the next sendMessage calls throw (a provider failure). */
  failSends = 0;
  private sendCount = 0;

  constructor(readonly options: WaSocketOptions) {}

  emit<E extends keyof BaileysEventMap>(event: E, data: BaileysEventMap[E]): void {
    this.emitter.emit(event, data);
  }

  /** WhatsApp accepted the pairing: credentials update, then the connection opens. */
  pair(number: string, lid = `${number.slice(-6)}000111`): void {
    this.user = { id: `${number}:7@s.whatsapp.net`, lid: `${lid}:7@lid`, name: "Fake phone" };
    this.emit("creds.update", { me: this.user, registered: true });
    this.emit("connection.update", { connection: "open", qr: undefined });
  }

  /** The connection drops with a Baileys disconnect status code (e.g. 428 lost, 401 logged out, 515 restart). */
  drop(statusCode: number): void {
    const error = Object.assign(new Error(`closed ${statusCode}`), { output: { statusCode } });
    this.emit("connection.update", { connection: "close", lastDisconnect: { error, date: new Date() } });
  }

  /** WhatsApp delivers messages (type "notify" = live, "append" = from history or own devices). */
  deliver(messages: WAMessage[], type: "notify" | "append" = "notify"): void {
    this.emit("messages.upsert", { messages, type });
  }

  sendMessage: WaSocketLike["sendMessage"] = async (jid, content, options) => {
    if (this.failSends > 0) {
      this.failSends--;
      throw new Error("fake: WhatsApp did not accept the message");
    }
    this.sent.push({ jid, content, options });
    const id = (options as { messageId?: string } | undefined)?.messageId ?? `FAKE${++this.sendCount}`;
    return { key: { remoteJid: jid, fromMe: true, id }, message: {}, messageTimestamp: Math.floor(Date.now() / 1000) } as WAMessage;
  };

  readMessages: WaSocketLike["readMessages"] = async (keys) => {
    this.read.push(...keys);
  };

  onWhatsApp: WaSocketLike["onWhatsApp"] = async (...numbers) =>
    numbers.map((n) => {
      const digits = n.replace(/\D/g, "");
      return { jid: `${digits}@s.whatsapp.net`, exists: this.onWhatsAppNumbers.has(digits) };
    });

  profilePictureUrl: WaSocketLike["profilePictureUrl"] = async (jid) => this.pictures.get(jid);

  rejectCall: WaSocketLike["rejectCall"] = async (callId, from) => {
    this.rejectedCalls.push({ callId, from });
  };

  requestPairingCode: WaSocketLike["requestPairingCode"] = async () => "FAKE1234";

  groupMetadata: WaSocketLike["groupMetadata"] = async (jid) => ({ id: jid, subject: "Fake group", participants: [] }) as never;

  logout: WaSocketLike["logout"] = async () => {
    this.loggedOut = true;
    this.drop(401);
  };

  end: WaSocketLike["end"] = async () => {
    this.ended = true;
  };
}

/** A WaBoundary that makes FakeWaSockets and serves media bytes a test registered by message id. */
export class FakeWaBoundary implements WaBoundary {
  readonly sockets: FakeWaSocket[] = [];
  readonly media = new Map<string, Uint8Array>();

  makeSocket(options: WaSocketOptions): FakeWaSocket {
    const socket = new FakeWaSocket(options);
    this.sockets.push(socket);
    return socket;
  }

  async downloadMedia(message: WAMessage): Promise<Uint8Array> {
    const bytes = this.media.get(message.key.id ?? "");
    if (!bytes) throw new Error("fake: media not found on WhatsApp's servers");
    return bytes;
  }

  /** The newest socket of a connection. */
  last(whatsappId: number): FakeWaSocket {
    const socket = this.sockets.findLast((s) => s.options.whatsappId === whatsappId);
    if (!socket) throw new Error(`fake: no socket was made for connection ${whatsappId}`);
    return socket;
  }
}
