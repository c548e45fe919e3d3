import { and, eq, lt, lte, sql } from "drizzle-orm";
import type { Db } from "../../../core/db/database.ts";
import { metaLastInbound, metaOutbound } from "../schema/tables.ts";

/** Meta's standard messaging window: free-form replies within 24 hours of the customer's last message. */
export const REPLY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Outbound ids are kept this long for watermark acks (Messenger reports reads days later at most). */
const OUTBOUND_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

interface Conversation {
  companyId: number;
  whatsappId: number;
  number: string;
}

/**
 * What this plugin remembers about each conversation: when the customer last wrote (the
 * 24-hour window) and which messages we sent when (Messenger's delivery and read
 * watermarks name a time, not ids).
 */
export class ConversationLog {
  constructor(private db: Db) {}

  /** Records an inbound message's time; an older (replayed) one never moves the window back. */
  async inbound(conv: Conversation, at: number): Promise<void> {
    await this.db
      .insert(metaLastInbound)
      .values({ ...conv, lastInboundAt: at })
      .onConflictDoUpdate({
        target: [metaLastInbound.whatsappId, metaLastInbound.number],
        set: { lastInboundAt: sql`max(${metaLastInbound.lastInboundAt}, excluded.last_inbound_at)` },
      });
  }

  /** `{ open, closesAt }` for a reply now: closed (closesAt null) when the customer never wrote. */
  async window(conv: Conversation, now = Date.now()): Promise<{ open: boolean; closesAt: string | null }> {
    const [row] = await this.db
      .select({ at: metaLastInbound.lastInboundAt })
      .from(metaLastInbound)
      .where(and(eq(metaLastInbound.companyId, conv.companyId), eq(metaLastInbound.whatsappId, conv.whatsappId), eq(metaLastInbound.number, conv.number)))
      .limit(1);
    if (!row) return { open: false, closesAt: null };
    const closes = row.at + REPLY_WINDOW_MS;
    return { open: now < closes, closesAt: new Date(closes).toISOString() };
  }

  /** Remembers a message we sent (and forgets this conversation's ones older than a week). */
  async sent(conv: Conversation, providerId: string, at = Date.now()): Promise<void> {
    await this.db
      .insert(metaOutbound)
      .values({ ...conv, providerId, sentAt: at })
      .onConflictDoNothing();
    await this.db
      .delete(metaOutbound)
      .where(and(eq(metaOutbound.whatsappId, conv.whatsappId), eq(metaOutbound.number, conv.number), lt(metaOutbound.sentAt, at - OUTBOUND_KEEP_MS)));
  }

  /** Our messages to `number` sent up to `watermark` whose reported ack is below `ack`. */
  async below(conv: Conversation, watermark: number, ack: number): Promise<string[]> {
    const rows = await this.db
      .select({ providerId: metaOutbound.providerId })
      .from(metaOutbound)
      .where(and(eq(metaOutbound.whatsappId, conv.whatsappId), eq(metaOutbound.number, conv.number), lte(metaOutbound.sentAt, watermark), lt(metaOutbound.ack, ack)));
    return rows.map((r) => r.providerId);
  }

  /** The time we sent one message, when we know it. */
  async sentAt(whatsappId: number, providerId: string): Promise<number | null> {
    const [row] = await this.db
      .select({ at: metaOutbound.sentAt })
      .from(metaOutbound)
      .where(and(eq(metaOutbound.whatsappId, whatsappId), eq(metaOutbound.providerId, providerId)))
      .limit(1);
    return row?.at ?? null;
  }

  async acked(whatsappId: number, providerId: string, ack: number): Promise<void> {
    await this.db
      .update(metaOutbound)
      .set({ ack: sql`max(${metaOutbound.ack}, ${ack})` })
      .where(and(eq(metaOutbound.whatsappId, whatsappId), eq(metaOutbound.providerId, providerId)));
  }
}
