import type { AuthenticationCreds, SignalDataSet } from "@whiskeysockets/baileys";
import { eq } from "drizzle-orm";
import type { Kernel } from "../../core/kernel.ts";
import type { RedisClient } from "../../core/redis/redis.ts";
import { whatsapps } from "../../plugins/connections/schema/tables.ts";
import { loadBaileys } from "../../plugins/whatsapp/server/boundary/load-baileys.ts";
import { AuthStore, isPaired } from "../../plugins/whatsapp/server/session/auth-state.ts";
import { lookupImported } from "./id-map.ts";
import { rawOf } from "./raw-sql.ts";
import { countsOf, type ImportReport, skip } from "./report.ts";
import type { SourceDb } from "./source.ts";
import { json } from "./steps/values.ts";

/** The report's line for the session keys (not a source table of its own: a column of Whatsapps). */
export const SESSIONS_LINE = "Whatsapps.session";

export const SESSIONS_WARNING =
  "WARNING: --with-sessions moves the WhatsApp session keys. Stop the old server before you start this one: two servers on one WhatsApp session get both disconnected (and a new QR is then needed).";

/**
 * Signal key types as the Baileys versions of the old forks named them in `{creds, keys}`
 * (the single-file auth state: plural camelCase) -> the key types of Baileys' SignalDataTypeMap
 * that our store (plugins/whatsapp AuthStore) keeps. Modern names map to themselves.
 */
const KEY_TYPES: Record<string, string> = {
  preKeys: "pre-key",
  sessions: "session",
  senderKeys: "sender-key",
  senderKeyMemory: "sender-key-memory",
  appStateSyncKeys: "app-state-sync-key",
  appStateVersions: "app-state-sync-version",
};
const MODERN_TYPES = new Set(["pre-key", "session", "sender-key", "sender-key-memory", "app-state-sync-key", "app-state-sync-version", "lid-mapping", "device-list", "tctoken"]);

/** The key types of the Redis layout, longest first ("sender-key-memory-…" before "sender-key-…"). */
const TYPES_LONGEST_FIRST = [...MODERN_TYPES].sort((a, b) => b.length - a.length);

/** A parsed old session: the creds and its keys by our type names. */
export interface OldSession {
  creds: AuthenticationCreds;
  keys: SignalDataSet;
}

/**
 * Reads the `Whatsapps.session` text of an old install (`{creds, keys}` in Baileys' BufferJSON
 * encoding; Buffers may also be `{type: "Buffer", data: [bytes]}` from a plain JSON.stringify).
 * Answers null when it holds no paired device (empty, `{"creds":{}}`, unreadable).
 */
export async function parseOldSession(value: unknown): Promise<OldSession | null> {
  if (value === null || value === undefined || value === "") return null;
  const parsed = await parseBufferJson(typeof value === "string" ? value : JSON.stringify(value));
  const root = (typeof parsed === "object" && parsed ? parsed : json(parsed)) as { creds?: AuthenticationCreds; keys?: Record<string, Record<string, unknown>> } | null;
  if (!root?.creds || !isPaired(root.creds)) return null;
  const keys: Record<string, Record<string, unknown>> = {};
  for (const [name, byId] of Object.entries(root.keys ?? {})) {
    const type = KEY_TYPES[name] ?? (MODERN_TYPES.has(name) ? name : null);
    if (!type || !byId || typeof byId !== "object") continue;
    keys[type] = { ...(keys[type] ?? {}), ...byId };
  }
  return { creds: root.creds, keys: keys as SignalDataSet };
}

/** BufferJSON text as Baileys reads it (Buffers also as plain `{type: "Buffer", data: [bytes]}`); undefined when unreadable. */
async function parseBufferJson(text: string): Promise<unknown> {
  const b = await loadBaileys();
  try {
    return JSON.parse(text, (k, v) => {
      if (v && typeof v === "object" && (v as { type?: unknown }).type === "Buffer" && Array.isArray((v as { data?: unknown }).data))
        return Buffer.from((v as { data: number[] }).data);
      return b.BufferJSON.reviver(k, v);
    });
  } catch {
    return undefined;
  }
}

/**
 * The session of connection `whatsappId` in the old server's Redis: `sessions:{id}:creds` and one
 * key per Signal key, `sessions:{id}:{type}-{keyId}` (BufferJSON text). Null without paired creds.
 */
export async function readRedisSession(redis: RedisClient, whatsappId: number): Promise<OldSession | null> {
  const prefix = `sessions:${whatsappId}:`;
  const credsText = await redis.get(`${prefix}creds`);
  const creds = credsText ? ((await parseBufferJson(credsText)) as AuthenticationCreds | undefined) : undefined;
  if (!creds || !isPaired(creds)) return null;
  const keys: Record<string, Record<string, unknown>> = {};
  let cursor = "0";
  do {
    const [next, names] = (await redis.sendCommand(["SCAN", cursor, "MATCH", `${prefix}*`, "COUNT", "500"])) as unknown as [string, string[]];
    cursor = String(next);
    const wanted = names.filter((n) => n !== `${prefix}creds`);
    const values = wanted.length ? ((await redis.sendCommand(["MGET", ...wanted])) as unknown as (string | null)[]) : [];
    for (let i = 0; i < wanted.length; i++) {
      const rest = wanted[i]!.slice(prefix.length);
      const type = TYPES_LONGEST_FIRST.find((t) => rest.startsWith(`${t}-`));
      const text = values[i];
      if (!type || text === null || text === undefined) continue;
      const value = await parseBufferJson(text);
      if (value === undefined) continue;
      (keys[type] ??= {})[rest.slice(type.length + 1)] = value;
    }
  } while (cursor !== "0");
  return { creds, keys: keys as SignalDataSet };
}

/**
 * `--with-sessions`: for each imported connection whose old row (or, with `--sessions-redis`, the
 * old server's Redis) stores a paired session, the
 * creds and Signal keys go into our WhatsApp driver's store (whatsapp_auth_keys, sealed with
 * the Vault, written by the driver's own AuthStore), so the server resumes it at boot without
 * a QR. A connection that already has credentials here keeps them (this server may have used
 * them since). Runs after the rows: the connections must exist.
 */
export async function importSessions(
  kernel: Kernel,
  source: SourceDb,
  report: ImportReport,
  options: { company: number | null; dryRun: boolean; redisUrl: string | null },
): Promise<void> {
  let redis: RedisClient | null = null;
  if (options.redisUrl) {
    try {
      // The `redis` package, as core/redis opens REDIS_URL; no reconnecting: one read, then closed.
      const { createClient } = await import("redis");
      const client = createClient({ url: options.redisUrl, socket: { connectTimeout: 10_000, reconnectStrategy: false } });
      client.on("error", () => {});
      await client.connect();
      redis = client as unknown as RedisClient;
    } catch (err) {
      report.errors.push(`cannot read the old server's Redis: ${String((err as Error).message ?? err).split("\n")[0]}; session keys only from "Whatsapps"."session"`);
      redis = null;
    }
  }
  try {
    await importEach(kernel, source, report, options, redis);
  } finally {
    await redis?.close().catch(() => {});
  }
}

async function importEach(kernel: Kernel, source: SourceDb, report: ImportReport, options: { company: number | null; dryRun: boolean }, redis: RedisClient | null): Promise<void> {
  const counts = countsOf(report, SESSIONS_LINE);
  const hasColumn = source.has("Whatsapps", "session");
  const store = new AuthStore(kernel.db, kernel.vault, kernel.log.child("import-sessions"), 0);
  const raw = rawOf(kernel.db);
  let after: unknown[] | null = null;
  for (;;) {
    const rows = await source.page("Whatsapps", { columns: ["id", "companyId", "session"], key: ["id"], scope: null, companyId: null, after, limit: 100 });
    if (!rows.length) break;
    after = [rows[rows.length - 1]!.id];
    for (const row of rows) {
      if (options.company !== null && Number(row.companyId) !== options.company) continue;
      counts.read += 1;
      // Older forks keep it in the row; the family's later versions in Redis.
      const session = (hasColumn ? await parseOldSession(row.session) : null) ?? (redis ? await readRedisSession(redis, Number(row.id)) : null);
      if (!session) {
        skip(report, SESSIONS_LINE, "no paired session stored (a QR pairs it)", 1);
        continue;
      }
      const ours = options.dryRun ? null : (await lookupImported(raw, "Whatsapps", [Number(row.id)])).get(Number(row.id));
      if (options.dryRun) {
        counts.imported += 1;
        continue;
      }
      if (ours === undefined || ours === null) {
        skip(report, SESSIONS_LINE, "its connection was not imported", 1);
        continue;
      }
      if (await store.resumable(ours)) {
        counts.existing += 1;
        continue;
      }
      const [conn] = await kernel.db.select({ companyId: whatsapps.companyId }).from(whatsapps).where(eq(whatsapps.id, ours));
      if (!conn) {
        skip(report, SESSIONS_LINE, "its connection was not imported", 1);
        continue;
      }
      try {
        const auth = await store.load(conn.companyId, ours);
        auth.state.creds = session.creds;
        await auth.state.keys.set(session.keys);
        // Creds last: a connection counts as resumable only once its keys are in.
        await auth.saveCreds();
        counts.imported += 1;
      } catch (err) {
        await store.wipe(ours).catch(() => {});
        skip(report, SESSIONS_LINE, `could not be written: ${(err as Error).message?.split("\n")[0]?.slice(0, 200) ?? err}`, 1);
      }
    }
    if (rows.length < 100) break;
  }
}
