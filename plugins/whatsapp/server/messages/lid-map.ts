import { and, eq } from "drizzle-orm";
import type { Db } from "../../../../core/db/database.ts";
import { whatsappLidMap } from "../../schema/tables.ts";
import { isLidJid, isPnJid, parseJid } from "./jid.ts";

/** Entries kept in memory (a busy company sees a few thousand people; the table holds them all). */
const CACHE_LIMIT = 20_000;

/**
 * WhatsApp's `@lid` identities and the phone numbers behind them, per company, so one
 * person is one contact whichever identity a message carries. Learnt only from what
 * WhatsApp itself pairs (a key's `remoteJidAlt`/`participantAlt`, `lid-mapping.update`,
 * a history sync's `lidPnMappings`); never guessed.
 */
export class LidMap {
  private cache = new Map<string, string>();
  /** Lids seen without a number (contacts stored under their lid digits): replies go to `<lid>@lid`. */
  private unpaired = new Map<string, true>();

  constructor(private db: Db) {}

  /** Records that `lidJid` is `pnJid` (either order of arguments' servers is checked); ignores anything else. */
  async learn(companyId: number, a: string | null | undefined, b: string | null | undefined): Promise<void> {
    const lidJid = isLidJid(a) ? a : isLidJid(b) ? b : null;
    const pnJid = isPnJid(a) ? a : isPnJid(b) ? b : null;
    const lid = parseJid(lidJid)?.user.replace(/\D/g, "");
    const number = parseJid(pnJid)?.user.replace(/\D/g, "");
    if (!lid || !number) return;
    const key = `${companyId}:${lid}`;
    if (this.cache.get(key) === number) return;
    await this.db
      .insert(whatsappLidMap)
      .values({ companyId, lid, number })
      .onConflictDoUpdate({ target: [whatsappLidMap.companyId, whatsappLidMap.lid], set: { number, updatedAt: new Date().toISOString() } });
    this.remember(key, number);
  }

  /** The phone number (digits) behind a lid jid or lid digits; null when WhatsApp never told us. */
  async numberOf(companyId: number, lidJidOrDigits: string): Promise<string | null> {
    const lid = (parseJid(lidJidOrDigits)?.user ?? lidJidOrDigits).replace(/\D/g, "");
    if (!lid) return null;
    const key = `${companyId}:${lid}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const [row] = await this.db
      .select({ number: whatsappLidMap.number })
      .from(whatsappLidMap)
      .where(and(eq(whatsappLidMap.companyId, companyId), eq(whatsappLidMap.lid, lid)))
      .limit(1);
    if (row) this.remember(key, row.number);
    return row?.number ?? null;
  }

  /** Notes that a contact is stored under lid digits because WhatsApp gave no number for it yet. */
  markUnpaired(companyId: number, lid: string): void {
    const key = `${companyId}:${lid}`;
    this.unpaired.delete(key);
    this.unpaired.set(key, true);
    if (this.unpaired.size > CACHE_LIMIT) this.unpaired.delete(this.unpaired.keys().next().value!);
  }

  isUnpaired(companyId: number, digits: string): boolean {
    return this.unpaired.has(`${companyId}:${digits}`);
  }

  private remember(key: string, number: string): void {
    this.cache.delete(key);
    this.cache.set(key, number);
    if (this.cache.size > CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value!);
  }
}
