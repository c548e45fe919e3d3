import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { preparedPer } from "../db/prepared.ts";
import type { Logger } from "../log.ts";
import { companies } from "../db/tables.ts";
import { PLATFORM_COMPANY_ID } from "../settings/settings.ts";

/**
 * What a company may do right now (spec 001 §4 Subscription):
 * - `active`: everything;
 * - `disabled`: `companies.status` is false, or the company no longer exists: nobody of it
 *   signs in, no token of it is honoured, its channels take no new work;
 * - `overdue`: its due date is not after today (UTC): people sign in and pay, but the
 *   company's routes answer ERR_SUBSCRIPTION_EXPIRED. Customers' messages are still stored.
 */
export type CompanyAccessState = "active" | "disabled" | "overdue";

/** Told after an invalidation re-read a company: its state now, and before when it was known. */
export interface CompanyAccessChange {
  companyId: number;
  state: CompanyAccessState;
  previous: CompanyAccessState | null;
}
export type CompanyAccessListener = (change: CompanyAccessChange) => void | Promise<void>;

export interface CompanyAccessOptions {
  /**
   * How long a cached row is trusted. Invalidation is immediate in this process; the TTL
   * only bounds how stale another node's (or a hand-made SQL) change can be seen.
   */
  ttlMs?: number;
  /** The clock (tests move it). */
  now?: () => Date;
  /** Where a failing listener is reported (a listener's fault never fails the write that invalidated). */
  log?: Pick<Logger, "error">;
}

interface Entry {
  exists: boolean;
  status: boolean;
  /** YYYY-MM-DD, or null: no due date never expires (the web reads it the same way). */
  dueDate: string | null;
  loadedAt: number;
}

const DEFAULT_TTL_MS = 30_000;

const statements = preparedPer((db: Db) => ({
  byId: db
    .select({ status: companies.status, dueDate: companies.dueDate })
    .from(companies)
    .where(eq(companies.id, sql.placeholder("id")))
    .limit(1)
    .prepare(),
}));

/** Whether a company row with `status` and `dueDate` may work at `now` (pure; exported for tests and callers holding a row). */
export function companyAccessState(companyId: number, row: { status: boolean; dueDate: string | null } | null, now: Date): CompanyAccessState {
  if (!row?.status) return "disabled";
  // The platform's own company never expires (its due date is pinned to 2999 anyway).
  if (companyId === PLATFORM_COMPANY_ID || !row.dueDate) return "active";
  // "Active while now is before dueDate": the due day itself is already overdue, as on the web.
  return row.dueDate.slice(0, 10) <= now.toISOString().slice(0, 10) ? "overdue" : "active";
}

/**
 * A per-process cache of each company's `{ status, dueDate }`, so the guard, login,
 * sockets and channels can ask "may this company work?" on every request for the cost
 * of a map lookup. The due date is compared with the clock on every call, so expiry is
 * noticed without any invalidation; status changes need `invalidate` (the companies
 * plugin calls it on every write), which also tells the listeners.
 * @example
 *   const state = await kernel.companyAccess.state(user.companyId);
 *   if (state === "disabled") throw new AppError("ERR_COMPANY_INACTIVE");
 *   // after `UPDATE companies SET status = 0`:
 *   await ctx.companyAccess.invalidate(companyId);
 *   ctx.companyAccess.onChange(({ companyId, state }) => { if (state === "disabled") stopSessions(companyId); });
 */
export class CompanyAccess {
  private cache = new Map<number, Entry>();
  private loading = new Map<number, Promise<Entry>>();
  /** Bumped by each invalidation, so a read started before it never refills the cache after it. */
  private generations = new Map<number, number>();
  private listeners = new Set<CompanyAccessListener>();
  private readonly ttlMs: number;
  private readonly now: () => Date;
  private readonly log: Pick<Logger, "error"> | undefined;

  constructor(
    private db: Db,
    options: CompanyAccessOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
    this.now = options.now ?? (() => new Date());
    this.log = options.log;
  }

  /** The company's state now (reads the row at most once per TTL). */
  async state(companyId: number): Promise<CompanyAccessState> {
    return this.toState(companyId, await this.entry(companyId));
  }

  /** The state from the cache alone, or null when the row is not cached (or stale): for sync callers that may fall back to `state`. */
  peek(companyId: number): CompanyAccessState | null {
    const entry = this.cache.get(companyId);
    return entry && this.fresh(entry) ? this.toState(companyId, entry) : null;
  }

  /**
   * Forgets the cached row, re-reads it and tells the listeners the new state. Call it
   * after changing a company's status or due date (or deleting it). The next `state`
   * call sees the change even if the returned promise is not awaited.
   */
  async invalidate(companyId: number): Promise<CompanyAccessState> {
    const cached = this.cache.get(companyId);
    const previous = cached ? this.toState(companyId, cached) : null;
    this.cache.delete(companyId);
    this.loading.delete(companyId);
    this.generations.set(companyId, (this.generations.get(companyId) ?? 0) + 1);
    const state = await this.state(companyId);
    for (const listener of this.listeners) {
      try {
        await listener({ companyId, state, previous });
      } catch (err) {
        this.log?.error(`company ${companyId}: a company-access listener failed`, err);
      }
    }
    return state;
  }

  /** Registers a listener for invalidations; returns a function that removes it. */
  onChange(listener: CompanyAccessListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private toState(companyId: number, entry: Entry): CompanyAccessState {
    return companyAccessState(companyId, entry.exists ? entry : null, this.now());
  }

  private fresh(entry: Entry): boolean {
    return this.now().getTime() - entry.loadedAt < this.ttlMs;
  }

  private entry(companyId: number): Promise<Entry> {
    const cached = this.cache.get(companyId);
    if (cached && this.fresh(cached)) return Promise.resolve(cached);
    let pending = this.loading.get(companyId);
    if (!pending) {
      pending = this.load(companyId);
      this.loading.set(companyId, pending);
    }
    return pending;
  }

  private async load(companyId: number): Promise<Entry> {
    const generation = this.generations.get(companyId) ?? 0;
    try {
      const [row] = await statements(this.db).byId.execute({ id: companyId });
      const entry: Entry = { exists: !!row, status: row?.status ?? false, dueDate: row?.dueDate ?? null, loadedAt: this.now().getTime() };
      if ((this.generations.get(companyId) ?? 0) === generation) this.cache.set(companyId, entry);
      return entry;
    } finally {
      if ((this.generations.get(companyId) ?? 0) === generation) this.loading.delete(companyId);
    }
  }
}
