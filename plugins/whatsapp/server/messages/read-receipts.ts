import type { WAMessageKey } from "@whiskeysockets/baileys";
import type { EventBus } from "../../../../core/events/bus.ts";
import type { Logger } from "../../../../core/log.ts";
import type {} from "../../../tickets/server/tickets-events.contract.ts";
import type { SessionRegistry } from "../session/session-registry.ts";
import { BoundedMap } from "./bounded.ts";

/** Chats remembered per process, and unread keys per chat (older ones are dropped: best effort). */
const CHATS = 5_000;
const KEYS_PER_CHAT = 200;

/**
 * Blue ticks: the inbound keys of each conversation not yet marked read, remembered in
 * memory per (connection, contact); when an attendant reads the ticket
 * (`tickets.ticket.read`), WhatsApp is told with `readMessages`. Best effort by design:
 * after a restart the keys of earlier messages are gone and nothing is sent for them.
 */
export class ReadReceipts {
  private unread = new BoundedMap<string, WAMessageKey[]>(CHATS);

  constructor(
    private sessions: SessionRegistry,
    private log: Logger,
  ) {}

  remember(whatsappId: number, contactId: number, key: WAMessageKey): void {
    if (!key.id || !key.remoteJid || key.fromMe) return;
    const id = `${whatsappId}:${contactId}`;
    const keys = this.unread.get(id) ?? [];
    if (keys.some((k) => k.id === key.id)) return;
    const slim: WAMessageKey = { remoteJid: key.remoteJid, id: key.id, fromMe: false, ...(key.participant ? { participant: key.participant } : {}) };
    this.unread.set(id, [...keys, slim].slice(-KEYS_PER_CHAT));
  }

  listen(bus: EventBus): void {
    bus.on("tickets.ticket.read", ({ whatsappId, contactId }) => this.read(whatsappId, contactId));
  }

  /** Sends the receipts of one conversation; never throws (a failure keeps the keys for the next read). */
  async read(whatsappId: number, contactId: number): Promise<void> {
    const id = `${whatsappId}:${contactId}`;
    const keys = this.unread.get(id);
    if (!keys?.length) return;
    const session = this.sessions.live(whatsappId);
    if (!session?.connected) return;
    try {
      this.unread.delete(id);
      await session.socket.readMessages(keys);
    } catch (err) {
      this.unread.set(id, keys);
      this.log.warn(`whatsapp: read receipts of connection ${whatsappId} failed`, err);
    }
  }
}
