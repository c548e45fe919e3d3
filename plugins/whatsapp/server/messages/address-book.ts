import type { Contact } from "@whiskeysockets/baileys";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../../../core/db/database.ts";
import { nowIso } from "../../../../core/db/columns.ts";
import type { Services } from "../../../../core/plugin/services.ts";
import { whatsappContacts } from "../../schema/tables.ts";
import type { SessionRegistry } from "../session/session-registry.ts";
import { digitsOf, isLidJid, isPnJid } from "./jid.ts";
import type { LidMap } from "./lid-map.ts";
import "../../../contacts/server/contacts.contract.ts";

/** Rows per statement when a pairing brings thousands of contacts at once. */
const BATCH = 500;
/** A name longer than this is cut (the contact form takes 50; the import checks it). */
const NAME_MAX = 100;

const clean = (value: unknown) => (typeof value === "string" ? value.trim().slice(0, NAME_MAX) : undefined);

/**
 * The phone's address book per connection, kept from what WhatsApp sends a linked device
 * (Baileys 7 has no store of its own). A contact known only by its `@lid` is kept once the lid
 * map knows its number; groups, broadcasts and channels are not people and are left out.
 */
export class AddressBook {
  constructor(
    private db: Db,
    private lids: LidMap,
  ) {}

  /** Records contacts (whole, or the fields an update carries) for a connection. */
  async learn(companyId: number, whatsappId: number, contacts: Partial<Contact>[]): Promise<void> {
    const rows: { number: string; name?: string; notify?: string }[] = [];
    for (const c of contacts) {
      const number = await this.numberOf(companyId, c);
      if (!number) continue;
      rows.push({ number, name: clean(c.name), notify: clean(c.notify) ?? clean(c.verifiedName) });
    }
    for (let i = 0; i < rows.length; i += BATCH) {
      const now = nowIso();
      await this.db
        .insert(whatsappContacts)
        .values(rows.slice(i, i + BATCH).map((r) => ({ companyId, whatsappId, number: r.number, name: r.name ?? "", notify: r.notify ?? "", updatedAt: now })))
        .onConflictDoUpdate({
          target: [whatsappContacts.whatsappId, whatsappContacts.number],
          // An update that does not carry a field leaves it as it was.
          set: {
            name: sql`CASE WHEN excluded.name = '' THEN ${whatsappContacts.name} ELSE excluded.name END`,
            notify: sql`CASE WHEN excluded.notify = '' THEN ${whatsappContacts.notify} ELSE excluded.notify END`,
            updatedAt: now,
          },
        });
    }
  }

  /** The contacts saved on the phone (a saved name), by name. */
  async saved(companyId: number, whatsappId: number): Promise<{ number: string; name: string }[]> {
    return this.db
      .select({ number: whatsappContacts.number, name: whatsappContacts.name })
      .from(whatsappContacts)
      .where(and(eq(whatsappContacts.companyId, companyId), eq(whatsappContacts.whatsappId, whatsappId), ne(whatsappContacts.name, "")))
      .orderBy(asc(whatsappContacts.name), asc(whatsappContacts.id));
  }

  private async numberOf(companyId: number, c: Partial<Contact>): Promise<string | null> {
    if (isPnJid(c.id)) return digitsOf(c.id) || null;
    if (isPnJid(c.phoneNumber)) return digitsOf(c.phoneNumber) || null;
    if (isLidJid(c.id)) return this.lids.numberOf(companyId, c.id!);
    if (isLidJid(c.lid)) return this.lids.numberOf(companyId, c.lid!);
    return null;
  }
}

/**
 * `channels.addressBook` for the contacts import: the saved contacts of a connection of the
 * company that is connected in this process; null otherwise (not the company's, not connected).
 */
export function provideAddressBook(services: Services, sessions: SessionRegistry, book: AddressBook): void {
  services.provide("channels.addressBook", async (companyId, whatsappId) => {
    if (!sessions.connectedOf(companyId).some((s) => s.whatsappId === whatsappId)) return null;
    return book.saved(companyId, whatsappId);
  });
}
