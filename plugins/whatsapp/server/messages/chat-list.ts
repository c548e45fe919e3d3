import type { Chat, ChatUpdate } from "@whiskeysockets/baileys";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../../core/db/database.ts";
import { nowIso } from "../../../../core/db/columns.ts";
import { whatsappChats, whatsappContacts } from "../../schema/tables.ts";
import { BoundedMap } from "./bounded.ts";
import { digitsOf, isLidJid, isPnJid } from "./jid.ts";
import type { LidMap } from "./lid-map.ts";

/** Rows per statement when a history sync brings thousands of chats at once. */
const BATCH = 500;
const NAME_MAX = 100;
/** Chats known to be recorded, per process: every message brings a `chats.update`, which must not cost a write. */
const KNOWN_LIMIT = 50_000;

const clean = (value: unknown) => (typeof value === "string" ? value.trim().slice(0, NAME_MAX) : "");

/** A person the connection's phone knows, as the contacts import reads it. */
export interface ChatPerson {
  number: string;
  name: string;
}

/**
 * The people a connection has one-to-one chats with, kept from what WhatsApp tells a linked
 * device about its chat list (Baileys 7 has no store of its own). A chat known only by its
 * `@lid` is kept once the lid map knows its number; groups, broadcasts and channels are not
 * people and are left out.
 */
export class ChatList {
  private known = new BoundedMap<string, true>(KNOWN_LIMIT);

  constructor(
    private db: Db,
    private lids: LidMap,
  ) {}

  /**
   * Records chats (a history sync's, `chats.upsert`, `chats.update`). A name WhatsApp sends
   * replaces the stored one; an update without a name, for a chat already recorded, writes nothing.
   */
  async learn(companyId: number, whatsappId: number, chats: (Chat | ChatUpdate)[]): Promise<void> {
    const rows = new Map<string, string>();
    for (const chat of chats) {
      const number = await this.numberOf(companyId, chat);
      if (!number) continue;
      const name = clean(chat.name) || clean(chat.displayName);
      if (!name && this.known.has(`${whatsappId}:${number}`)) continue;
      rows.set(number, name || rows.get(number) || "");
    }
    const list = [...rows];
    for (let i = 0; i < list.length; i += BATCH) {
      const now = nowIso();
      await this.db
        .insert(whatsappChats)
        .values(list.slice(i, i + BATCH).map(([number, name]) => ({ companyId, whatsappId, number, name, updatedAt: now })))
        .onConflictDoUpdate({
          target: [whatsappChats.whatsappId, whatsappChats.number],
          set: { name: sql`CASE WHEN excluded.name = '' THEN ${whatsappChats.name} ELSE excluded.name END`, updatedAt: now },
        });
    }
    for (const [number] of list) this.known.set(`${whatsappId}:${number}`, true);
  }

  /** Chats deleted on the phone (`chats.delete`): no longer in its chat list. */
  async forget(companyId: number, whatsappId: number, ids: string[]): Promise<void> {
    const numbers: string[] = [];
    for (const id of ids) {
      const number = await this.numberOf(companyId, { id });
      if (number) numbers.push(number);
    }
    if (!numbers.length) return;
    await this.db.delete(whatsappChats).where(and(eq(whatsappChats.companyId, companyId), eq(whatsappChats.whatsappId, whatsappId), inArray(whatsappChats.number, numbers)));
    for (const number of numbers) this.known.delete(`${whatsappId}:${number}`);
  }

  /**
   * The people of the connection's chats, by number, each with the best name known: the one
   * saved on the phone, else the chat's, else the person's own WhatsApp name ("" when none).
   */
  async people(companyId: number, whatsappId: number): Promise<ChatPerson[]> {
    const rows = await this.db
      .select({ number: whatsappChats.number, chat: whatsappChats.name, saved: whatsappContacts.name, notify: whatsappContacts.notify })
      .from(whatsappChats)
      .leftJoin(whatsappContacts, and(eq(whatsappContacts.whatsappId, whatsappChats.whatsappId), eq(whatsappContacts.number, whatsappChats.number)))
      .where(and(eq(whatsappChats.companyId, companyId), eq(whatsappChats.whatsappId, whatsappId)))
      .orderBy(asc(whatsappChats.number));
    return rows.map((r) => ({ number: r.number, name: r.saved || r.chat || r.notify || "" }));
  }

  private async numberOf(companyId: number, chat: { id?: string | null; pnJid?: string | null; lidJid?: string | null }): Promise<string | null> {
    if (isPnJid(chat.id)) return digitsOf(chat.id) || null;
    if (isPnJid(chat.pnJid)) return digitsOf(chat.pnJid) || null;
    if (isLidJid(chat.id)) return this.lids.numberOf(companyId, chat.id!);
    if (isLidJid(chat.lidJid)) return this.lids.numberOf(companyId, chat.lidJid!);
    return null;
  }
}
