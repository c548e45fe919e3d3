import { and, asc, count, eq, ne, or, sql } from "drizzle-orm";
import type { SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import { extname } from "node:path";
import { hashPassword } from "../../../core/auth/password.ts";
import type { Permissions } from "../../../core/auth/permissions.ts";
import type { UserAnswer, UserAnswers } from "../../../core/auth/user-answers.ts";
import type { Db, DbOrTx } from "../../../core/db/database.ts";
import type { UserRow } from "../../../core/db/rows.ts";
import { users } from "../../../core/db/tables.ts";
import { AppError } from "../../../core/errors.ts";
import type { EventBus } from "../../../core/events/bus.ts";
import type { PlanLimits } from "../../../core/plugin/plan-limits.ts";
import type { Services } from "../../../core/plugin/services.ts";
import type { Realtime } from "../../../core/realtime/realtime.ts";
import type { Storage } from "../../../core/storage/storage.ts";
import "../../connections/server/connections.contract.ts";
import "../../tickets/server/preferences/farewell-messages.contract.ts";
import type { UserQueueRef } from "../../queues/server/queues.contract.ts";
import { isRasterImage } from "./image-signature.ts";
import { ensureMayChange, ensureMayChangeQueues, ensureMayTouch, ensureOwnImagePath, ensureSelfOrAdmin } from "./users.policy.ts";
import { AVATAR_EXTENSIONS, AVATAR_MAX_BYTES, type UserInput, type UserPatch } from "./users.schemas.ts";
import { userTopic } from "./users.events.ts";

const PAGE_SIZE = 20;

type UserChanges = SQLiteUpdateSetSource<typeof users>;

/** Whether a database error (or one it wraps) says `pattern`. */
function dbErrorSays(err: unknown, pattern: RegExp): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) if (pattern.test(e.message)) return true;
  return false;
}
const isUniqueEmailViolation = (err: unknown) => dbErrorSays(err, /users_email_unique/);

/** LIKE pattern for a user-typed term: `%` and `_` are matched literally. */
export const likeTerm = (term: string) => `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** The rules about users; handlers only translate HTTP to these calls. */
export class UsersService {
  constructor(
    private db: Db,
    private realtime: Pick<Realtime, "emit">,
    private bus: EventBus,
    private permissions: Permissions,
    private storage: Pick<Storage, "save" | "remove">,
    /** Every answer of a user: the public row plus the fields plugins store (default connection, list width, farewell). */
    private answers: Pick<UserAnswers, "of" | "one">,
    /** The kernel's plan limits (ctx.planLimits): the plan's users, or what a paid custom plan gives for its period. */
    private limits: Pick<PlanLimits, "forCompany">,
    /**
     * Where the queues, connections and tickets plugins' services are found; absent or empty,
     * queues, the default connection and the farewell are left alone.
     */
    private services?: Pick<Services, "get">,
  ) {}

  /** A user's answer with the queues they work (empty without the queues plugin). */
  private async withQueues(row: UserRow): Promise<UserAnswer & { queues: UserQueueRef[] }> {
    const ofUser = this.services?.get("queues.ofUser");
    return { ...(await this.answers.one(row)), queues: ofUser ? await ofUser(row.id) : [] };
  }

  async page(companyId: number, searchParam: string, pageNumber: number) {
    const term = searchParam.trim();
    const pattern = likeTerm(term);
    const where = and(eq(users.companyId, companyId), term ? or(sql`${users.name} LIKE ${pattern} ESCAPE '\\'`, sql`${users.email} LIKE ${pattern} ESCAPE '\\'`) : undefined);
    const rows = await this.db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(PAGE_SIZE)
      .offset((pageNumber - 1) * PAGE_SIZE);
    const [total] = await this.db.select({ n: count() }).from(users).where(where);
    const n = total?.n ?? 0;
    return { users: await this.answers.of(rows), count: n, hasMore: pageNumber * PAGE_SIZE < n };
  }

  /** Everyone of the company, for selectors (transfer, filters). */
  list(companyId: number) {
    return this.db
      .select({ id: users.id, name: users.name, profile: users.profile, online: users.online, profileImage: users.profileImage })
      .from(users)
      .where(eq(users.companyId, companyId))
      .orderBy(asc(users.name), asc(users.id));
  }

  /** A user of the company, or ERR_NO_USER_FOUND (also for another company's id). */
  async get(companyId: number, id: number, tx: DbOrTx = this.db): Promise<UserRow> {
    const [row] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.companyId, companyId)))
      .limit(1);
    if (!row) throw new AppError("ERR_NO_USER_FOUND");
    return row;
  }

  async show(actor: UserRow, id: number) {
    const target = await this.get(actor.companyId, id);
    ensureSelfOrAdmin(actor, target);
    return this.withQueues(target);
  }

  async create(actor: UserRow, input: UserInput) {
    if (input.super && !actor.super) throw new AppError("ERR_NO_PERMISSION", { field: "super" });
    const passwordHash = await hashPassword(input.password);
    const { password: _password, queueIds, whatsappId, farewellMessage, ...fields } = input;
    const setQueues = this.services?.get("queues.setUserQueues");
    if (setQueues && queueIds?.length) ensureMayChangeQueues(actor, [], queueIds, this.permissions);
    await this.ensureOwnConnection(actor.companyId, whatsappId);
    // Counting and inserting in one write transaction keeps two parallel creations from
    // both slipping under the plan's limit.
    const row = await this.db
      .transaction(async (tx) => {
        await this.ensureEmailFree(tx, fields.email);
        await this.ensureUnderPlanLimit(tx, actor.companyId);
        const [created] = await tx
          .insert(users)
          .values({ ...fields, passwordHash, companyId: actor.companyId })
          .returning();
        // In the same transaction: a queue or connection that is not the company's undoes the creation.
        if (setQueues && queueIds) await setQueues(actor.companyId, (created as UserRow).id, queueIds, tx);
        if (whatsappId != null) await this.setDefaultConnection(actor.companyId, (created as UserRow).id, whatsappId, tx);
        if (farewellMessage) await this.setFarewell(actor.companyId, (created as UserRow).id, farewellMessage, tx);
        return created as UserRow;
      })
      .catch((err: unknown) => {
        throw isUniqueEmailViolation(err) ? new AppError("ERR_DUPLICATED_EMAIL") : err;
      });
    const user = await this.withQueues(row);
    const { queues: _queues, ...answer } = user;
    this.realtime.emit(row.companyId, userTopic(row.companyId), { action: "create", user: answer });
    await this.bus.emit("users.user.created", { companyId: row.companyId, userId: row.id });
    return user;
  }

  /**
   * Applies a change. `revoked` is true when it bumped the token version (new password,
   * profile or super flag): every refresh token issued before is dead, so a person
   * changing their own password gets a fresh one from the handler.
   */
  async update(actor: UserRow, id: number, patch: UserPatch): Promise<{ user: UserAnswer & { queues: UserQueueRef[] }; row: UserRow; revoked: boolean }> {
    const target = await this.get(actor.companyId, id);
    ensureSelfOrAdmin(actor, target);
    ensureMayTouch(actor, target);
    // The default connection is the connections plugin's, the farewell the tickets plugin's:
    // compared as answered (null and absent without them).
    const before = await this.answers.one(target);
    const currentConnection = before.whatsappId ?? null;
    ensureMayChange(actor, { ...before, whatsappId: currentConnection }, patch, this.permissions);
    ensureOwnImagePath(actor.companyId, patch.profileImage);
    const { password, profileImage, queueIds, whatsappId, farewellMessage, ...fields } = patch;
    const changes: UserChanges = { ...fields };
    if (profileImage !== undefined) changes.profileImage = profileImage || null;
    if (password) changes.passwordHash = await hashPassword(password);
    const revoked = Boolean(password) || (fields.profile !== undefined && fields.profile !== target.profile) || (fields.super !== undefined && fields.super !== target.super);
    if (revoked) changes.tokenVersion = sql`${users.tokenVersion} + 1`;
    if (fields.email !== undefined && fields.email !== target.email.toLowerCase()) await this.ensureEmailFree(this.db, fields.email, id);
    // The connection must be the edited user's company's, whoever edits (a super user too).
    const connectionChanged = whatsappId !== undefined && whatsappId !== currentConnection;
    if (connectionChanged) await this.ensureOwnConnection(target.companyId, whatsappId);
    const farewellChanged = farewellMessage !== undefined && farewellMessage !== before.farewellMessage;
    await this.changeQueues(actor, target, queueIds);
    const alsoWrite: ((tx: DbOrTx) => Promise<void>)[] = [];
    if (connectionChanged) alsoWrite.push((tx) => this.setDefaultConnection(target.companyId, target.id, whatsappId, tx));
    if (farewellChanged) alsoWrite.push((tx) => this.setFarewell(target.companyId, target.id, farewellMessage, tx));
    const row = await this.save(target, changes, alsoWrite);
    return { user: await this.withQueues(row), row, revoked };
  }

  /**
   * Sets the queues a user works when `queueIds` is sent and the queues plugin is there.
   * Like the other restricted fields, the same set sent back is not a change.
   */
  private async changeQueues(actor: UserRow, target: UserRow, queueIds: number[] | undefined): Promise<void> {
    const setQueues = this.services?.get("queues.setUserQueues");
    const ofUser = this.services?.get("queues.ofUser");
    if (!queueIds || !setQueues || !ofUser) return;
    const current = (await ofUser(target.id)).map((q) => q.id);
    if (ensureMayChangeQueues(actor, current, queueIds, this.permissions)) await setQueues(target.companyId, target.id, queueIds);
  }

  async remove(actor: UserRow, id: number): Promise<UserRow> {
    if (actor.id === id) throw new AppError("ERR_CANNOT_DELETE_SELF");
    const target = await this.get(actor.companyId, id);
    ensureMayTouch(actor, target);
    try {
      await this.db.delete(users).where(and(eq(users.id, id), eq(users.companyId, actor.companyId)));
    } catch (err) {
      // A plugin table that keeps rows of this user without ON DELETE rules blocks the removal.
      if (dbErrorSays(err, /FOREIGN KEY constraint failed/i)) throw new AppError("ERR_PROTECTED_RECORD");
      throw err;
    }
    this.realtime.emit(target.companyId, userTopic(target.companyId), { action: "delete", userId: id });
    await this.bus.emit("users.user.deleted", { companyId: target.companyId, userId: id });
    return target;
  }

  /**
   * Stores a new avatar (png/jpg/jpeg/gif/webp, 2 MB, checked by content too) in the
   * company's media folder and points the user at it; the previous file is removed.
   */
  async uploadAvatar(actor: UserRow, id: number, file: File) {
    const target = await this.get(actor.companyId, id);
    ensureSelfOrAdmin(actor, target);
    ensureMayTouch(actor, target);
    if (file.size > AVATAR_MAX_BYTES) throw new AppError("ERR_PAYLOAD_TOO_LARGE", { maxBytes: AVATAR_MAX_BYTES });
    const ext = extname(file.name).toLowerCase();
    if (!(AVATAR_EXTENSIONS as readonly string[]).includes(ext) || !(await isRasterImage(file))) throw new AppError("ERR_UNSUPPORTED_MEDIA_TYPE", { accepted: AVATAR_EXTENSIONS });
    const stored = await this.storage.save(target.companyId, file, {
      maxBytes: AVATAR_MAX_BYTES,
      extensions: AVATAR_EXTENSIONS,
      mimePrefixes: ["image/"],
    });
    const row = await this.save(target, { profileImage: stored.url });
    const previous = target.profileImage;
    if (previous?.startsWith(`/public/company${target.companyId}/`)) await this.storage.remove(previous.slice("/public/".length));
    return this.answers.one(row);
  }

  /**
   * Writes the user's row and, in the same transaction, what other plugins keep of the change
   * (`alsoWrite`: the default connection, the farewell), then announces it.
   */
  private async save(target: UserRow, changes: UserChanges, alsoWrite: readonly ((tx: DbOrTx) => Promise<void>)[] = []): Promise<UserRow> {
    let row: UserRow | undefined;
    try {
      const write = async (tx: DbOrTx) => {
        const [updated] = await tx
          .update(users)
          .set({ ...changes, updatedAt: new Date().toISOString() })
          .where(and(eq(users.id, target.id), eq(users.companyId, target.companyId)))
          .returning();
        if (updated) for (const other of alsoWrite) await other(tx);
        return updated;
      };
      // A transaction only when another plugin's row changes with the user's.
      row = alsoWrite.length ? await this.db.transaction(write) : await write(this.db);
    } catch (err) {
      // Two people taking the same e-mail at once: the unique index decides.
      if (isUniqueEmailViolation(err)) throw new AppError("ERR_DUPLICATED_EMAIL");
      throw err;
    }
    if (!row) throw new AppError("ERR_NO_USER_FOUND");
    this.realtime.emit(row.companyId, userTopic(row.companyId), { action: "update", user: await this.answers.one(row) });
    await this.bus.emit("users.user.updated", { companyId: row.companyId, userId: row.id });
    return row;
  }

  /**
   * A default connection must be one of the user's company's connections, asked of the
   * connections plugin (it owns the table); without that plugin no connection exists.
   * Another company's id is refused exactly like one that does not exist.
   */
  private async ensureOwnConnection(companyId: number, whatsappId: number | null | undefined): Promise<void> {
    if (whatsappId == null) return;
    const get = this.services?.get("connections.get");
    if (!get || !(await get(companyId, whatsappId))) throw new AppError("ERR_NO_WAPP_FOUND", { fields: { whatsappId: "Invalid connection" } });
  }

  /** Stores the default connection through the connections plugin (its table), in the caller's transaction. */
  private async setDefaultConnection(companyId: number, userId: number, whatsappId: number | null, tx: DbOrTx): Promise<void> {
    const set = this.services?.get("connections.setUserDefault");
    // Without the connections plugin no connection exists: ensureOwnConnection refused any id, and null has nothing to clear.
    if (set) await set(companyId, userId, whatsappId, tx);
  }

  /**
   * Stores the user's farewell through the tickets plugin (its table, the one the farewell on
   * resolve reads), in the caller's transaction. Without that plugin no ticket is ever
   * resolved, so there is nothing to keep: the field is ignored, like `queueIds` without queues.
   */
  private async setFarewell(companyId: number, userId: number, message: string, tx: DbOrTx): Promise<void> {
    const set = this.services?.get("tickets.setFarewellMessage");
    if (set) await set(companyId, userId, message, tx);
  }

  /** E-mails are unique across the platform (they are the login), compared case-insensitively. */
  private async ensureEmailFree(tx: DbOrTx, email: string, exceptId?: number): Promise<void> {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, exceptId ? ne(users.id, exceptId) : undefined))
      .limit(1);
    if (taken) throw new AppError("ERR_DUPLICATED_EMAIL");
  }

  /** The company's `users` limit (its plan's, or a paid custom plan's) is the most users it may have; 0 (or no plan) means no limit. */
  private async ensureUnderPlanLimit(tx: DbOrTx, companyId: number): Promise<void> {
    const limit = (await this.limits.forCompany(companyId, tx)).users;
    if (limit <= 0) return;
    const [total] = await tx.select({ n: count() }).from(users).where(eq(users.companyId, companyId));
    if ((total?.n ?? 0) >= limit) throw new AppError("ERR_PLAN_LIMIT_USERS", { limit });
  }
}
