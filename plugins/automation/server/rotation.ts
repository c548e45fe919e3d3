import { and, eq, inArray } from "drizzle-orm";
import { users } from "../../../core/db/tables.ts";
import type { PluginContext } from "../../../core/plugin/server-plugin.ts";
import { automationRotationCursors } from "../schema/tables.ts";
import { ROTATE_JOB } from "./bot-runner.ts";

export interface RotatePayload {
  queueId: number;
}

const MINUTE = 60_000;

/** The attendant after `last` in id order, wrapping round (the first when `last` is not among them). */
export function nextInTurn(online: readonly number[], last: number | null): number | undefined {
  return online.find((id) => last === null || id > last) ?? online[0];
}

/**
 * The queue rotation (`ativarRoteador`, spec 001 §3 Queue): a round gives the queue's
 * waiting tickets, oldest first, to its online attendants in turn (round robin from a cursor
 * kept per queue, or at random with the company's `userRandom`). Tickets left waiting (no
 * attendant online) get another round `tempoRoteador` minutes later, a durable job keyed by
 * its slot so parallel rounds never multiply. The assignment itself is conditional (tickets'
 * `assignWaiting`), so a ticket is never given twice.
 */
export class Rotation {
  constructor(private ctx: PluginContext) {}

  async round(companyId: number, { queueId }: RotatePayload): Promise<void> {
    const s = this.ctx.services;
    const queue = (await s.require("queues.forBot")(companyId)).find((q) => q.id === queueId);
    if (!queue?.ativarRoteador) return;
    const members = await s.require("queues.usersOf")(companyId, queueId);
    const online = members.length
      ? (
          await this.ctx.db
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.companyId, companyId), inArray(users.id, members), eq(users.online, true)))
        )
          .map((u) => u.id)
          .sort((a, b) => a - b)
      : [];
    const random = (await this.ctx.settings.companyOne(companyId, "userRandom")) === "enabled";
    let waiting = online.length ? 1 : (await s.require("tickets.assignWaiting")(companyId, queueId, null)).waiting;
    let last = await this.cursor(queueId);
    while (online.length && waiting > 0) {
      const userId = random ? online[Math.floor(Math.random() * online.length)]! : nextInTurn(online, last)!;
      const given = await s.require("tickets.assignWaiting")(companyId, queueId, userId);
      waiting = given.waiting;
      if (given.ticketId === null) break;
      last = userId;
      await this.ctx.db
        .insert(automationRotationCursors)
        .values({ queueId, companyId, lastUserId: userId })
        .onConflictDoUpdate({ target: automationRotationCursors.queueId, set: { lastUserId: userId } });
    }
    if (waiting > 0) {
      const every = Math.max(1, queue.tempoRoteador) * MINUTE;
      const slot = Math.ceil((Date.now() + every) / every) * every;
      await this.ctx.jobs.enqueue(ROTATE_JOB, { queueId } satisfies RotatePayload, { companyId, dueAt: slot, dedupeKey: `rotate:${queueId}:${slot}` });
    }
  }

  private async cursor(queueId: number): Promise<number | null> {
    const [row] = await this.ctx.db
      .select({ lastUserId: automationRotationCursors.lastUserId })
      .from(automationRotationCursors)
      .where(eq(automationRotationCursors.queueId, queueId))
      .limit(1);
    return row?.lastUserId ?? null;
  }
}
