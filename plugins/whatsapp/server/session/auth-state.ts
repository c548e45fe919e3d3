import type { AuthenticationCreds, AuthenticationState, SignalDataSet, SignalDataTypeMap } from "@whiskeysockets/baileys";
import { and, eq, inArray, sql } from "drizzle-orm";
import { nowIso } from "../../../../core/db/columns.ts";
import type { Db } from "../../../../core/db/database.ts";
import type { Vault } from "../../../../core/auth/vault.ts";
import type { Logger } from "../../../../core/log.ts";
import { whatsappAuthKeys as keys } from "../../schema/tables.ts";
import { type BaileysModule, loadBaileys } from "../boundary/load-baileys.ts";

const CREDS = "creds";
/** Rows per statement: well under SQLite's bound-parameter limit. */
const CHUNK = 400;

/** Credentials of a paired device: `me` alone is also set by a pairing-code request before anything paired. */
export function isPaired(creds: Partial<AuthenticationCreds> | undefined): boolean {
  return Boolean(creds?.me?.id && (creds.registered || creds.account));
}

/** A session's Baileys auth state backed by the database, and how to persist its credentials. */
export interface DbAuth {
  state: AuthenticationState;
  /** Writes `state.creds` (after Baileys' `creds.update`). Throws when the write fails. */
  saveCreds(): Promise<void>;
}

/**
 * Credentials and Signal keys of WhatsApp sessions as rows of whatsapp_auth_keys, each
 * value sealed with the kernel's Vault (Baileys' BufferJSON text, so Buffers survive).
 * Never loose files: a copied data folder without the key reveals no session. A write
 * that fails is logged and thrown back to Baileys, never swallowed: a lost Signal key
 * silently breaks decryption of later messages.
 */
export class AuthStore {
  constructor(
    private db: Db,
    private vault: Vault,
    private log: Logger,
    private cacheSize = 128,
  ) {}

  /** The stored session, or fresh credentials (`initAuthCreds()`) for a new one. */
  async load(companyId: number, whatsappId: number): Promise<DbAuth> {
    const b = await loadBaileys();
    const [row] = await this.db
      .select({ value: keys.value })
      .from(keys)
      .where(and(eq(keys.whatsappId, whatsappId), eq(keys.type, CREDS), eq(keys.keyId, CREDS)));
    const creds: AuthenticationCreds = row ? await this.decode(b, row.value) : b.initAuthCreds();
    const cache = new KeyCache(this.cacheSize);
    const state: AuthenticationState = {
      creds,
      keys: {
        get: (type, ids) => this.getKeys(b, whatsappId, cache, type, ids),
        set: (data) => this.setKeys(b, companyId, whatsappId, cache, data),
      },
    };
    return { state, saveCreds: () => this.write(b, companyId, whatsappId, [[CREDS, CREDS, state.creds]], () => {}) };
  }

  /**
   * Whether the connection has credentials of a paired device, so it can resume without
   * a QR. Reads the JSON without Baileys: boot must not load the library to find out.
   */
  async resumable(whatsappId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ value: keys.value })
      .from(keys)
      .where(and(eq(keys.whatsappId, whatsappId), eq(keys.type, CREDS), eq(keys.keyId, CREDS)));
    if (!row) return false;
    try {
      return isPaired(JSON.parse(await this.vault.openText(row.value)) as Partial<AuthenticationCreds>);
    } catch (err) {
      this.log.error(`whatsapp ${whatsappId}: stored credentials cannot be opened (another DATA_ENCRYPTION_KEY?)`, err);
      return false;
    }
  }

  /** Forgets a session's credentials and keys: the next start shows a new QR. */
  async wipe(whatsappId: number): Promise<void> {
    await this.db.delete(keys).where(eq(keys.whatsappId, whatsappId));
  }

  private async getKeys<T extends keyof SignalDataTypeMap>(b: BaileysModule, whatsappId: number, cache: KeyCache, type: T, ids: string[]) {
    const out: { [id: string]: SignalDataTypeMap[T] } = {};
    const missing: string[] = [];
    for (const id of ids) {
      const hit = cache.get(type, id);
      if (hit !== undefined) out[id] = hit as SignalDataTypeMap[T];
      else missing.push(id);
    }
    for (let i = 0; i < missing.length; i += CHUNK) {
      const rows = await this.db
        .select({ keyId: keys.keyId, value: keys.value })
        .from(keys)
        .where(and(eq(keys.whatsappId, whatsappId), eq(keys.type, type), inArray(keys.keyId, missing.slice(i, i + CHUNK))));
      for (const row of rows) {
        let value = await this.decode(b, row.value);
        // Baileys expects the protobuf object here, not the plain JSON it was written from.
        if (type === "app-state-sync-key") value = b.proto.Message.AppStateSyncKeyData.fromObject(value);
        cache.set(type, row.keyId, value);
        out[row.keyId] = value as SignalDataTypeMap[T];
      }
    }
    return out;
  }

  /** Every change of one `keys.set` call lands in one transaction (null = delete). */
  private async setKeys(b: BaileysModule, companyId: number, whatsappId: number, cache: KeyCache, data: SignalDataSet): Promise<void> {
    const entries: [string, string, unknown][] = [];
    for (const [type, byId] of Object.entries(data)) for (const [id, value] of Object.entries(byId ?? {})) entries.push([type, id, value ?? null]);
    if (!entries.length) return;
    await this.write(b, companyId, whatsappId, entries, () => {
      for (const [type, id, value] of entries) value === null ? cache.delete(type, id) : cache.set(type, id, value);
    });
  }

  private async write(b: BaileysModule, companyId: number, whatsappId: number, entries: [string, string, unknown][], onDone: () => void): Promise<void> {
    try {
      const updatedAt = nowIso();
      const upserts = await Promise.all(
        entries
          .filter(([, , value]) => value !== null)
          .map(async ([type, keyId, value]) => ({ whatsappId, companyId, type, keyId, updatedAt, value: await this.vault.seal(JSON.stringify(value, b.BufferJSON.replacer)) })),
      );
      const deletes = new Map<string, string[]>();
      for (const [type, id, value] of entries) if (value === null) deletes.set(type, [...(deletes.get(type) ?? []), id]);

      const statements = [];
      for (let i = 0; i < upserts.length; i += CHUNK) {
        statements.push(
          this.db
            .insert(keys)
            .values(upserts.slice(i, i + CHUNK))
            .onConflictDoUpdate({ target: [keys.whatsappId, keys.type, keys.keyId], set: { value: sqlExcluded("value"), updatedAt } }),
        );
      }
      for (const [type, ids] of deletes) {
        for (let i = 0; i < ids.length; i += CHUNK) {
          statements.push(this.db.delete(keys).where(and(eq(keys.whatsappId, whatsappId), eq(keys.type, type), inArray(keys.keyId, ids.slice(i, i + CHUNK)))));
        }
      }
      // One batch = one transaction: a crash never leaves half of Baileys' update behind.
      await this.db.batch(statements as unknown as Parameters<Db["batch"]>[0]);
      onDone();
    } catch (err) {
      this.log.error(`whatsapp ${whatsappId}: writing session keys failed (${entries.map((e) => e[0]).join(", ")})`, err);
      throw err;
    }
  }

  private async decode(b: BaileysModule, sealed: string) {
    return JSON.parse(await this.vault.openText(sealed), b.BufferJSON.reviver);
  }
}

/** The value an upsert tried to insert (SQLite's `excluded`). */
const sqlExcluded = (column: string) => sql.raw(`excluded.${column}`);

/** A small least-recently-used map of decoded keys: bounded, so 50 sessions stay small. */
class KeyCache {
  private map = new Map<string, unknown>();
  constructor(private max: number) {}

  get(type: string, id: string): unknown {
    const k = `${type}\u0000${id}`;
    const v = this.map.get(k);
    if (v !== undefined) {
      this.map.delete(k);
      this.map.set(k, v);
    }
    return v;
  }

  set(type: string, id: string, value: unknown): void {
    if (this.max <= 0) return;
    const k = `${type}\u0000${id}`;
    this.map.delete(k);
    this.map.set(k, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
  }

  delete(type: string, id: string): void {
    this.map.delete(`${type}\u0000${id}`);
  }
}
