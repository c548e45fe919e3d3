import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../../../core/db/database.ts";
import { messages } from "../../schema/tables.ts";
import type { ConversationLine } from "../bot.contract.ts";

/** Hard ceiling of `tickets.recentMessages`, whatever the caller asks. */
const MAX_LINES = 100;

/**
 * The LATEST `limit` messages of a ticket, oldest first (an assistant's context: the newest
 * turns matter, the opening ones fall off). Internal notes and deleted messages are left out.
 */
export async function recentMessages(db: Db, companyId: number, ticketId: number, limit: number): Promise<ConversationLine[]> {
  const n = Math.max(0, Math.min(MAX_LINES, Math.floor(limit)));
  if (!n) return [];
  const rows = await db
    .select({ id: messages.id, fromMe: messages.fromMe, body: messages.body, mediaType: messages.mediaType, mediaUrl: messages.mediaUrl, createdAt: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId), eq(messages.isPrivate, false), eq(messages.isDeleted, false)))
    .orderBy(desc(messages.id))
    .limit(n);
  return rows.reverse();
}
