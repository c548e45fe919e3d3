/**
 * Shapes the generated company for the workspace benchmark and picks what each attendant
 * clicks. The generator gives most contacts one to three tickets; real companies also have
 * regulars with a long history, which is what an admin's or an `allHistoric` user's
 * conversation window reads. So some of each attendant's open tickets get a contact with
 * HISTORY tickets (closed tickets of other contacts are moved to it, their messages too),
 * and the rest of the clicks go to contacts with exactly one ticket.
 */
import { createClient, type Client } from "@libsql/client";
import type { BenchWorld } from "../conversations/setup.ts";

/** Tickets of a "regular" contact (its live ticket included). */
export const HISTORY = 50;

export interface Conversation {
  id: number;
  uuid: string;
  contactId: number;
  contactNumber: string;
  /** The contact's tickets: 1 or HISTORY. */
  contactTickets: number;
}

export interface Clicks {
  userId: number;
  /** The conversations clicked, in order; the first one gets the reply. */
  opens: Conversation[];
}

const rowsOf = async <T>(client: Client, sql: string, args: (number | string)[] = []) => (await client.execute({ sql, args })).rows as unknown as T[];

/**
 * Gives `historyOpens` open tickets of each attendant a contact with HISTORY tickets, marks
 * the attendants of `historicUserIds` allHistoric, and answers each attendant's clicks:
 * `opens` conversations (its own open tickets), the history ones spread among them.
 */
export async function prepareClicks(databaseFile: string, world: BenchWorld, historicUserIds: number[], opens: number, historyOpens: number): Promise<Map<number, Clicks>> {
  const client = createClient({ url: `file:${databaseFile}` });
  try {
    if (historicUserIds.length) await client.execute(`UPDATE users SET all_historic = 'enabled' WHERE id IN (${historicUserIds.join(",")})`);
    // Closed person tickets to hand to the regulars, taken in id order (deterministic).
    const spare = (await rowsOf<{ id: number }>(client, "SELECT id FROM tickets WHERE company_id = ? AND status = 'closed' AND is_group = 0 ORDER BY id", [world.companyId])).map(
      (r) => Number(r.id),
    );
    let nextSpare = 0;
    const out = new Map<number, Clicks>();
    for (const user of world.users) {
      const single = await rowsOf<{ id: number }>(
        client,
        `SELECT t.id FROM tickets t WHERE t.company_id = ? AND t.user_id = ? AND t.status = 'open' AND t.is_group = 0
           AND (SELECT count(*) FROM tickets x WHERE x.company_id = t.company_id AND x.contact_id = t.contact_id) = 1
         ORDER BY t.id LIMIT ?`,
        [world.companyId, user.id, opens],
      );
      const ids = single.map((r) => Number(r.id));
      const regulars = ids.slice(0, Math.min(historyOpens, ids.length));
      for (const ticketId of regulars) {
        const moved = spare.slice(nextSpare, nextSpare + HISTORY - 1);
        nextSpare += moved.length;
        if (moved.length < HISTORY - 1) throw new Error("workspace bench: not enough closed tickets to build regular contacts (raise BENCH_TICKETS)");
        const list = moved.join(",");
        const tx = await client.transaction("write");
        await tx.execute({ sql: `UPDATE tickets SET contact_id = (SELECT contact_id FROM tickets WHERE id = ?) WHERE id IN (${list})`, args: [ticketId] });
        await tx.execute({
          sql: `UPDATE messages SET contact_id = (SELECT contact_id FROM tickets WHERE id = ?) WHERE ticket_id IN (${list}) AND contact_id IS NOT NULL`,
          args: [ticketId],
        });
        await tx.commit();
      }
      const rows = await rowsOf<{ id: number; uuid: string; contact_id: number; number: string; n: number }>(
        client,
        `SELECT t.id, t.uuid, t.contact_id, c.number, (SELECT count(*) FROM tickets x WHERE x.company_id = t.company_id AND x.contact_id = t.contact_id) AS n
           FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE t.id IN (${ids.join(",") || "0"})`,
      );
      const byId = new Map(
        rows.map((r) => [Number(r.id), { id: Number(r.id), uuid: String(r.uuid), contactId: Number(r.contact_id), contactNumber: String(r.number), contactTickets: Number(r.n) }]),
      );
      // Regulars spread through the clicks (every few conversations), not all at the start.
      const plain = ids.filter((id) => !regulars.includes(id));
      const order: number[] = [];
      const every = Math.max(1, Math.floor(ids.length / Math.max(1, regulars.length)));
      for (let i = 0, r = 0; order.length < ids.length; i++) {
        if (i % every === every - 1 && r < regulars.length) order.push(regulars[r++]!);
        else order.push(plain.shift() ?? regulars[r++]!);
      }
      out.set(user.id, { userId: user.id, opens: order.map((id) => byId.get(id)!) });
    }
    return out;
  } finally {
    client.close();
  }
}

/** Gives the clicked tickets unread messages again, so each run's first page marks them read as the first one did. */
export async function markUnread(databaseFile: string, ticketIds: number[]): Promise<void> {
  if (!ticketIds.length) return;
  const client = createClient({ url: `file:${databaseFile}` });
  try {
    // The server is running (its delivery jobs write): wait for its write lock, do not fail.
    await client.execute("PRAGMA busy_timeout = 10000");
    await client.execute(`UPDATE tickets SET unread_messages = 2 WHERE id IN (${[...new Set(ticketIds)].join(",")})`);
  } finally {
    client.close();
  }
}
