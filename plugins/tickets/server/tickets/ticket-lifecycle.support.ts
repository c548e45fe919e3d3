import { and, eq, inArray } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../../core/db/database.ts";
import { users } from "../../../../core/db/tables.ts";
import { AppError } from "../../../../core/errors.ts";
import { queuesView } from "../../schema/views.ts";
import { LIVE_STATUSES, tickets } from "../../schema/tables.ts";
import type { OpenTicketConflict } from "../../shared/ticket-types.ts";
import type { TicketRow } from "../tickets.contract.ts";

/** The status a ticket takes while someone attends it: groups stay "group". */
export const attendedStatus = (t: Pick<TicketRow, "isGroup">) => (t.isGroup ? "group" : "open");

/** The 409 a client gets when the contact already has a live ticket: the conflict travels as a JSON string. */
export async function conflictError(db: DbOrTx, live: TicketRow): Promise<AppError> {
  const [user] = live.userId != null ? await db.select({ name: users.name }).from(users).where(eq(users.id, live.userId)).limit(1) : [];
  const [queue] = live.queueId != null ? await db.select({ name: queuesView.name }).from(queuesView).where(eq(queuesView.id, live.queueId)).limit(1) : [];
  const conflict: OpenTicketConflict = {
    id: live.id,
    uuid: live.uuid,
    status: live.status,
    userId: live.userId,
    user: user ? { name: user.name } : null,
    queue: queue ? { name: queue.name } : null,
  };
  return new AppError("ERR_OTHER_OPEN_TICKET", { message: JSON.stringify(conflict) });
}

/** The contact's live ticket on a connection, if any. */
export async function liveTicketOf(db: DbOrTx, companyId: number, contactId: number, whatsappId: number): Promise<TicketRow | null> {
  const [row] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId), eq(tickets.whatsappId, whatsappId), inArray(tickets.status, [...LIVE_STATUSES])))
    .limit(1);
  return row ?? null;
}

/** A queue id the caller named must be one of the company's queues. */
export async function ensureQueue(db: DbOrTx, companyId: number, queueId: number | null | undefined): Promise<void> {
  if (queueId == null) return;
  const [q] = await db
    .select({ id: queuesView.id })
    .from(queuesView)
    .where(and(eq(queuesView.id, queueId), eq(queuesView.companyId, companyId)))
    .limit(1);
  if (!q) throw new AppError("ERR_VALIDATION", { fields: { queueId: "Selecione uma fila" } });
}

/** A user id the caller named must be a user of the company. */
export async function ensureUser(db: DbOrTx, companyId: number, userId: number | null | undefined): Promise<void> {
  if (userId == null) return;
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId)))
    .limit(1);
  if (!u) throw new AppError("ERR_NO_USER_FOUND");
}

/** SQLite's answer when the live-ticket partial unique index refuses a write. */
export const isUniqueViolation = (err: unknown): boolean => {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if (/UNIQUE constraint failed/i.test(String((e as Error).message ?? e))) return true;
  }
  return false;
};

/**
 * Runs a conditional write of `ticket` and turns its two ways of losing into the 409 a
 * client understands: the write matched nothing (the ticket's status changed meanwhile:
 * the conflict names the ticket as it now is), or the live-ticket unique index refused it
 * (the conflict names the contact's other live ticket).
 */
export async function guardedWrite<T>(db: Db, ticket: TicketRow, write: () => Promise<T | null | undefined>): Promise<T> {
  let result: T | null | undefined;
  try {
    result = await write();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const live = await liveTicketOf(db, ticket.companyId, ticket.contactId, ticket.whatsappId);
    if (live) throw await conflictError(db, live);
    throw err;
  }
  if (result == null) {
    const [now] = await db.select().from(tickets).where(eq(tickets.id, ticket.id)).limit(1);
    if (!now) throw new AppError("ERR_NO_TICKET_FOUND");
    throw await conflictError(db, now);
  }
  return result;
}
