import { and, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/database.ts";
import { preparedPer } from "../db/prepared.ts";
import { companySettings, settings } from "../db/tables.ts";

const p = sql.placeholder;
/** A company's settings, read on every bot turn and inbound message: built once. */
const companyStatements = preparedPer((db: Db) => ({
  all: db
    .select()
    .from(companySettings)
    .where(eq(companySettings.companyId, p("companyId")))
    .prepare(),
}));

export interface SettingDeclaration {
  key: string;
  default: string;
  /** Readable without login through `/public-settings/{key}`. */
  public?: boolean;
  /** Only the platform super user may read or change it (payment credentials, branding). */
  superOnly?: boolean;
}

/**
 * How long a company's settings read by `companyOne` or `companyAll` are reused. `setCompany`
 * drops them at once; the bound covers writes this process did not make (another node, a cascade).
 */
const COMPANY_CACHE_MS = 1_000;

/** The company whose `/settings` rows hold the platform-wide values (branding, credentials). */
export const PLATFORM_COMPANY_ID = 1;

/**
 * Key/value settings with declared defaults. Plugins declare the keys they own;
 * reads fall back to the default when no row exists, and new companies get a row per
 * declared company setting.
 */
export class SettingsService {
  readonly globals = new Map<string, SettingDeclaration>();
  readonly companyColumns = new Map<string, SettingDeclaration>();

  constructor(private db: Db) {}

  /** Companies' settings read recently (hot paths read the same options on every message and bot turn). */
  private companyCache = new Map<number, { value: Readonly<Record<string, string>>; at: number }>();
  /** Moves on each write: a read that started before it does not store what it read. */
  private epoch = 0;

  declareGlobal(decl: SettingDeclaration): void {
    this.globals.set(decl.key, decl);
  }

  declareCompany(decl: SettingDeclaration): void {
    this.companyColumns.set(decl.key, decl);
  }

  /** Every company setting of a company, defaults filled in. */
  async companyAll(companyId: number): Promise<Record<string, string>> {
    // A copy: callers may change what they got.
    return { ...(this.cached(companyId) ?? (await this.load(companyId))) };
  }

  async companyOne(companyId: number, column: string): Promise<string | undefined> {
    // A hit answers without another await: callers announcing after it stay as prompt as before the cache.
    const values = this.cached(companyId) ?? (await this.load(companyId));
    return Object.hasOwn(values, column) ? values[column] : undefined;
  }

  /** A company's settings read within COMPANY_CACHE_MS, if any. */
  private cached(companyId: number): Readonly<Record<string, string>> | undefined {
    const hit = this.companyCache.get(companyId);
    return hit && Date.now() - hit.at < COMPANY_CACHE_MS ? hit.value : undefined;
  }

  /** Reads a company's settings, defaults filled in, and keeps them unless a save came meanwhile. */
  private async load(companyId: number): Promise<Readonly<Record<string, string>>> {
    const epoch = this.epoch;
    const rows = await companyStatements(this.db).all.all({ companyId });
    const value: Record<string, string> = {};
    for (const [k, d] of this.companyColumns) value[k] = d.default;
    for (const r of rows) value[r.column] = r.data;
    if (epoch === this.epoch) this.companyCache.set(companyId, { value, at: Date.now() });
    return value;
  }

  async setCompany(companyId: number, column: string, data: string, tx: DbOrTx = this.db): Promise<void> {
    this.forget();
    await tx
      .insert(companySettings)
      .values({ companyId, column, data })
      .onConflictDoUpdate({ target: [companySettings.companyId, companySettings.column], set: { data, updatedAt: new Date().toISOString() } });
    this.forget();
  }

  async globalAll(companyId: number): Promise<{ key: string; value: string }[]> {
    const rows = await this.db.select().from(settings).where(eq(settings.companyId, companyId));
    const values = new Map<string, string>();
    for (const [k, d] of this.globals) values.set(k, d.default);
    for (const r of rows) values.set(r.key, r.value);
    return [...values].map(([key, value]) => ({ key, value }));
  }

  async globalOne(companyId: number, key: string): Promise<string | undefined> {
    const [row] = await this.db
      .select()
      .from(settings)
      .where(and(eq(settings.companyId, companyId), eq(settings.key, key)))
      .limit(1);
    return row?.value ?? this.globals.get(key)?.default;
  }

  async setGlobal(companyId: number, key: string, value: string, tx: DbOrTx = this.db): Promise<void> {
    await tx
      .insert(settings)
      .values({ companyId, key, value })
      .onConflictDoUpdate({ target: [settings.companyId, settings.key], set: { value, updatedAt: new Date().toISOString() } });
  }

  /** Writes every declared company setting's default for a new company. */
  async seedCompany(companyId: number, tx: DbOrTx = this.db): Promise<void> {
    // One statement for every column: a restart re-seeds company 1 and must not cost a write per column.
    const rows = [...this.companyColumns].map(([column, d]) => ({ companyId, column, data: d.default }));
    if (rows.length) await tx.insert(companySettings).values(rows).onConflictDoNothing();
    this.forget();
  }

  /**
   * Drops the cached company settings. Inside a caller's transaction the write commits
   * later; a read between this and that commit may cache the old value for at most
   * COMPANY_CACHE_MS.
   */
  private forget(): void {
    this.epoch++;
    this.companyCache.clear();
  }
}
