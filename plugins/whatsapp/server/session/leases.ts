import { and, eq, inArray, lt, or } from "drizzle-orm";
import type { Db } from "../../../../core/db/database.ts";
import { whatsappSessionLeases as leases } from "../../schema/tables.ts";

/**
 * The job resource of a session (kernel job affinity): its process holds it with the lease,
 * so the connection's deliveries run where its socket is (the driver's `affinity`).
 */
export const sessionResource = (whatsappId: number): string => `whatsapp:${whatsappId}`;

/**
 * Who drives a session: one process at a time, so two nodes sharing a database never
 * open the same number (WhatsApp would drop both with connectionReplaced, over and
 * over). A lease is taken with one conditional upsert — free, expired, or already ours —
 * and renewed in bulk; an owner that stops renewing loses it after the TTL.
 */
export class Leases {
  constructor(
    private db: Db,
    /** This process: random per boot. */
    readonly owner: string,
    private ttlMs: number,
  ) {}

  /** Takes or extends the lease; false when another live process holds it. */
  async acquire(whatsappId: number, now = Date.now()): Promise<boolean> {
    const rows = await this.db
      .insert(leases)
      .values({ whatsappId, owner: this.owner, expiresAt: now + this.ttlMs })
      .onConflictDoUpdate({
        target: leases.whatsappId,
        set: { owner: this.owner, expiresAt: now + this.ttlMs },
        setWhere: or(eq(leases.owner, this.owner), lt(leases.expiresAt, now)),
      })
      .returning({ whatsappId: leases.whatsappId });
    return rows.length > 0;
  }

  /** Extends the leases this process still holds among `ids`; answers those ids. */
  async renew(ids: number[], now = Date.now()): Promise<Set<number>> {
    const kept = new Set<number>();
    for (let i = 0; i < ids.length; i += 400) {
      const rows = await this.db
        .update(leases)
        .set({ expiresAt: now + this.ttlMs })
        .where(and(eq(leases.owner, this.owner), inArray(leases.whatsappId, ids.slice(i, i + 400))))
        .returning({ whatsappId: leases.whatsappId });
      for (const r of rows) kept.add(r.whatsappId);
    }
    return kept;
  }

  async release(whatsappId: number): Promise<void> {
    await this.db.delete(leases).where(and(eq(leases.whatsappId, whatsappId), eq(leases.owner, this.owner)));
  }

  /** Sessions whose holder stopped renewing (it died without releasing): another process should take them over. */
  async lapsed(now = Date.now()): Promise<number[]> {
    const rows = await this.db.select({ whatsappId: leases.whatsappId }).from(leases).where(lt(leases.expiresAt, now));
    return rows.map((r) => r.whatsappId);
  }

  /** Takes the lease away from whoever holds it (a reset from any server): the holder's next renewal fails and it lets go. */
  async revoke(whatsappId: number): Promise<void> {
    await this.db.delete(leases).where(eq(leases.whatsappId, whatsappId));
  }
}
