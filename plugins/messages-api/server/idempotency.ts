import { and, eq, gt, lt, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../core/db/database.ts";
import { preparedPer } from "../../../core/db/prepared.ts";
import type { SyncDb } from "../../../core/db/write-batch.ts";
import { AppError } from "../../../core/errors.ts";
import { messagesApiRequests } from "../schema/tables.ts";
import type { SendResultBody } from "./messages-api.schemas.ts";

/** How long a key answers its first result (then it is free again and swept). */
export const KEY_TTL_MS = 24 * 60 * 60 * 1000;

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");

/**
 * What makes two requests "the same": every field after validation (so `"1"` and `1` agree)
 * and each file's name, type and SHA-256. Web Crypto only (Deno runs it too).
 */
export async function fingerprintOf(fields: Record<string, unknown>, files: readonly File[]): Promise<string> {
  const filePrints = await Promise.all(files.map(async (f) => ({ name: f.name, type: f.type, sha256: hex(await crypto.subtle.digest("SHA-256", await f.arrayBuffer())) })));
  const canonical = JSON.stringify({ ...Object.fromEntries(Object.entries(fields).sort(([a], [b]) => a.localeCompare(b))), files: filePrints });
  return hex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(canonical)));
}

const p = sql.placeholder;
const sameKey = and(eq(messagesApiRequests.whatsappId, p("whatsappId")), eq(messagesApiRequests.idempotencyKey, p("key")));

/** The claim's statements on a write batch's connection, built once per handle. */
const unitStatements = preparedPer((db: SyncDb) => ({
  expire: db
    .delete(messagesApiRequests)
    .where(and(sameKey, lte(messagesApiRequests.createdAt, p("before"))))
    .prepare(),
  insert: db
    .insert(messagesApiRequests)
    .values({ companyId: p("companyId"), whatsappId: p("whatsappId"), idempotencyKey: p("key"), fingerprint: p("fingerprint"), answer: "{}", createdAt: p("now") })
    .onConflictDoNothing()
    .returning({ id: messagesApiRequests.id })
    .prepare(),
  find: db
    .select({ fingerprint: messagesApiRequests.fingerprint, answer: messagesApiRequests.answer })
    .from(messagesApiRequests)
    .where(and(sameKey, gt(messagesApiRequests.createdAt, p("after"))))
    .limit(1)
    .prepare(),
  complete: db
    .update(messagesApiRequests)
    .set({ answer: sql<string>`${p("answer")}` })
    .where(eq(messagesApiRequests.id, p("id")))
    .prepare(),
}));

/** The key's scope: one connection (what a token names; a regenerated token keeps its keys). */
export interface KeyScope {
  companyId: number;
  whatsappId: number;
  key: string;
}

/**
 * The store of Idempotency-Keys. `replay` is the cheap read before any work (no file is
 * stored for a retry); `claim` is the authoritative check, the first write of the send's own
 * transaction: the unique index makes a concurrent request with the same key wait for this
 * transaction and then find the committed answer.
 */
export class IdempotencyKeys {
  constructor(private db: Db) {}

  /** The first answer for this key within 24 hours, or null; ERR_IDEMPOTENCY_KEY_REUSED for another request's key. */
  async replay(scope: KeyScope, fingerprint: string, db: Db | Tx = this.db, now = Date.now()): Promise<SendResultBody | null> {
    const [row] = await db
      .select({ fingerprint: messagesApiRequests.fingerprint, answer: messagesApiRequests.answer })
      .from(messagesApiRequests)
      .where(and(eq(messagesApiRequests.whatsappId, scope.whatsappId), eq(messagesApiRequests.idempotencyKey, scope.key), gt(messagesApiRequests.createdAt, now - KEY_TTL_MS)))
      .limit(1);
    if (!row) return null;
    if (row.fingerprint !== fingerprint) throw new AppError("ERR_IDEMPOTENCY_KEY_REUSED");
    return JSON.parse(row.answer) as SendResultBody;
  }

  /**
   * Takes the key inside the send's transaction: null when taken (then `complete` it in the
   * same transaction), else the earlier answer (or ERR_IDEMPOTENCY_KEY_REUSED). An expired
   * row of the key is replaced.
   */
  async claim(tx: Tx, scope: KeyScope, fingerprint: string, now = Date.now()): Promise<{ id: number } | { answer: SendResultBody }> {
    await tx
      .delete(messagesApiRequests)
      .where(and(eq(messagesApiRequests.whatsappId, scope.whatsappId), eq(messagesApiRequests.idempotencyKey, scope.key), lte(messagesApiRequests.createdAt, now - KEY_TTL_MS)));
    const [row] = await tx
      .insert(messagesApiRequests)
      .values({ companyId: scope.companyId, whatsappId: scope.whatsappId, idempotencyKey: scope.key, fingerprint, answer: "{}", createdAt: now })
      .onConflictDoNothing()
      .returning({ id: messagesApiRequests.id });
    if (row) return row;
    const answer = await this.replay(scope, fingerprint, tx, now);
    if (!answer) throw new AppError("ERR_IDEMPOTENCY_KEY_REUSED");
    return { answer };
  }

  /** Records the answer of a claimed key (same transaction as the send). */
  async complete(tx: Tx, id: number, answer: SendResultBody): Promise<void> {
    await tx
      .update(messagesApiRequests)
      .set({ answer: JSON.stringify(answer) })
      .where(eq(messagesApiRequests.id, id));
  }

  /**
   * `claim` inside a write unit (`ctx.writes`), the first write of the send's own unit: the
   * key and the messages commit together. Units run one after another, so a twin in the same
   * batch finds the completed answer, and one in a later batch finds the committed row.
   */
  claimInUnit(db: SyncDb, scope: KeyScope, fingerprint: string, now = Date.now()): { id: number } | { answer: SendResultBody } {
    const s = unitStatements(db);
    const key = { whatsappId: scope.whatsappId, key: scope.key };
    s.expire.run({ ...key, before: now - KEY_TTL_MS });
    const row = s.insert.get({ ...key, companyId: scope.companyId, fingerprint, now });
    if (row) return row;
    const earlier = s.find.get({ ...key, after: now - KEY_TTL_MS });
    if (!earlier || earlier.fingerprint !== fingerprint) throw new AppError("ERR_IDEMPOTENCY_KEY_REUSED");
    return { answer: JSON.parse(earlier.answer) as SendResultBody };
  }

  /** Records the answer of a key claimed in the same unit. */
  completeInUnit(db: SyncDb, id: number, answer: SendResultBody): void {
    unitStatements(db).complete.run({ id, answer: JSON.stringify(answer) });
  }

  /** Deletes the keys older than 24 hours; answers how many. */
  async sweep(now = Date.now()): Promise<number> {
    const gone = await this.db
      .delete(messagesApiRequests)
      .where(lt(messagesApiRequests.createdAt, now - KEY_TTL_MS))
      .returning({ id: messagesApiRequests.id });
    return gone.length;
  }
}
