import { and, eq, notInArray, sql } from "drizzle-orm";
import type { UserAnswers } from "../../../core/auth/user-answers.ts";
import type { Db } from "../../../core/db/database.ts";
import { users } from "../../../core/db/tables.ts";
import type { Logger } from "../../../core/log.ts";
import type { Realtime, SocketUser } from "../../../core/realtime/realtime.ts";
import { userTopic } from "./users.events.ts";

/** A client sends `userStatus` every 5 minutes; more often than this is ignored (no write storms). */
export const HEARTBEAT_MIN_INTERVAL_MS = 30_000;

type RealtimePort = Pick<Realtime, "emit" | "connectedUsers">;

/**
 * Online status: a user is online while at least one of their sockets is connected.
 * Connect and the `userStatus` heartbeat mark them online (and refresh lastSeenAt), the
 * last socket's disconnect marks them offline. `company-{id}-user` { action: "update", user }
 * goes out only when the flag actually flips.
 */
export class OnlineStatus {
  constructor(
    private db: Db,
    private realtime: RealtimePort,
    /** The user as every answer shows it (with the fields other plugins store). */
    private answers: Pick<UserAnswers, "of">,
  ) {}

  /** On connect and on each heartbeat. */
  async seen(companyId: number, userId: number): Promise<void> {
    const now = new Date().toISOString();
    const [flipped] = await this.db
      .update(users)
      .set({ online: true, lastSeenAt: now })
      .where(and(eq(users.id, userId), eq(users.companyId, companyId), eq(users.online, false)))
      .returning();
    if (flipped) return this.announce([flipped]);
    await this.db
      .update(users)
      .set({ lastSeenAt: now })
      .where(and(eq(users.id, userId), eq(users.companyId, companyId)));
  }

  /** On a socket's disconnect: offline only when it was the user's last socket. */
  async left(companyId: number, userId: number): Promise<void> {
    const stillConnected = await this.realtime.connectedUsers(companyId);
    if (stillConnected.includes(userId)) return;
    const [flipped] = await this.db
      .update(users)
      .set({ online: false })
      .where(and(eq(users.id, userId), eq(users.companyId, companyId), eq(users.online, true)))
      .returning();
    if (flipped) await this.announce([flipped]);
  }

  /**
   * Puts right users left "online" by a crash or a restart: whoever has no socket now is
   * offline. Runs at start and every few minutes; with a shared Socket.IO adapter,
   * connectedUsers sees every node's sockets, so this stays right with several nodes.
   */
  async sweep(): Promise<number> {
    const online = await this.db.selectDistinct({ companyId: users.companyId }).from(users).where(eq(users.online, true));
    let changed = 0;
    for (const { companyId } of online) {
      const connected = await this.realtime.connectedUsers(companyId);
      const flipped = await this.db
        .update(users)
        .set({ online: false })
        .where(and(eq(users.companyId, companyId), eq(users.online, true), connected.length ? notInArray(users.id, connected) : sql`1 = 1`))
        .returning();
      await this.announce(flipped);
      changed += flipped.length;
    }
    return changed;
  }

  private async announce(rows: (typeof users.$inferSelect)[]): Promise<void> {
    for (const user of await this.answers.of(rows)) this.realtime.emit(user.companyId, userTopic(user.companyId), { action: "update", user });
  }
}

/** Wires the status to every authenticated socket. */
export function trackOnlineStatus(realtime: Realtime, status: OnlineStatus, log: Logger): void {
  realtime.onConnection((socket, user: SocketUser) => {
    const fail = (err: unknown) => log.error("online status update failed", err);
    let lastBeat = Date.now();
    status.seen(user.companyId, user.id).catch(fail);
    socket.on("userStatus", () => {
      if (Date.now() - lastBeat < HEARTBEAT_MIN_INTERVAL_MS) return;
      lastBeat = Date.now();
      status.seen(user.companyId, user.id).catch(fail);
    });
    socket.on("disconnect", () => {
      status.left(user.companyId, user.id).catch(fail);
    });
  });
}
