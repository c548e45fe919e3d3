import { and, eq } from "drizzle-orm";
import type { Db } from "../../../../core/db/database.ts";
import { whatsappLidMap } from "../../schema/tables.ts";
import { BoundedMap } from "./bounded.ts";
import { isLidJid, isPnJid, parseJid } from "./jid.ts";

/** Entries kept in memory (a busy company sees a few thousand people; the table holds them all). */
const CACHE_LIMIT = 20_000;
/** A lid with no number known is asked for again after this (another node may have learnt it). */
const MISS_TTL_MS = 60_000;

/**
 * WhatsApp's `@lid` identities and the phone numbers behind them, per company, so one
 * person is one contact whichever identity a message carries. Learnt only from what
 * WhatsApp itself pairs (a key's `remoteJidAlt`/`participantAlt`, `lid-mapping.update`,
 * a history sync's `lidPnMappings`); never guessed.
 */
export class LidMap {
  private cache = new BoundedMap<string, string>(CACHE_LIMIT);
  /** Lookups that found no number: every send to a plain phone number asks, so misses are remembered too. */
  private misses = new BoundedMap<string, true>(CACHE_LIMIT, MISS_TTL_MS);
  /** Lids seen without a number (contacts stored under their lid digits): replies go to `<lid>@lid`. */
  private unpaired = new BoundedMap<string, true>(CACHE_LIMIT);

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
    this.cache.set(key, number);
    this.misses.delete(key);
  }

  /** The phone number (digits) behind a lid jid or lid digits; null when WhatsApp never told us. */
  async numberOf(companyId: number, lidJidOrDigits: string): Promise<string | null> {
    const lid = (parseJid(lidJidOrDigits)?.user ?? lidJidOrDigits).replace(/\D/g, "");
    if (!lid) return null;
    const key = `${companyId}:${lid}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    if (this.misses.has(key)) return null;
    const [row] = await this.db
      .select({ number: whatsappLidMap.number })
      .from(whatsappLidMap)
      .where(and(eq(whatsappLidMap.companyId, companyId), eq(whatsappLidMap.lid, lid)))
      .limit(1);
    if (row) this.cache.set(key, row.number);
    else this.misses.set(key, true);
    return row?.number ?? null;
  }

  /** Notes that a contact is stored under lid digits because WhatsApp gave no number for it yet. */
  markUnpaired(companyId: number, lid: string): void {
    this.unpaired.set(`${companyId}:${lid}`, true);
  }

  isUnpaired(companyId: number, digits: string): boolean {
    return this.unpaired.has(`${companyId}:${digits}`);
  }
}
