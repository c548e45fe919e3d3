interface Entry {
  /** Failures in the current counting window. */
  count: number;
  windowEnd: number;
  lockedUntil: number;
  /** Lockouts so far: each one doubles the next. */
  lockouts: number;
  /** When the key may be forgotten: a whole quiet window after its last failure or lock. */
  expiresAt: number;
}

export interface BackoffOptions {
  /** The longest lock, however many lockouts came before (default 24 hours). */
  maxLockMs?: number;
  /** Keys kept at most; past it the oldest go first, so a spray of keys cannot exhaust memory. */
  maxKeys?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Counts failures per key with exponential backoff: `max` failures within `windowMs` lock the
 * key for `windowMs`; once the lock ends the count starts again, and each further lockout
 * doubles the lock (capped). A key that stays quiet for a window after its last failure or lock
 * is forgotten. In memory on purpose: a restart forgetting counts is harmless, each node limits
 * its own traffic, and expired keys are swept as keys are added.
 * @example
 *   const limiter = new BackoffLimiter(10, 15 * 60_000);
 *   if (limiter.blocked(key)) throw new AppError("ERR_TOO_MANY_ATTEMPTS");
 *   if (!ok) limiter.fail(key); else limiter.reset(key);
 */
export class BackoffLimiter {
  private entries = new Map<string, Entry>();
  private sweepAbove = 10_000;
  private maxLockMs: number;
  private maxKeys: number;

  constructor(
    private max: number,
    private windowMs: number,
    options: BackoffOptions = {},
  ) {
    this.maxLockMs = options.maxLockMs ?? Math.max(DAY_MS, windowMs);
    this.maxKeys = options.maxKeys ?? 100_000;
  }

  /** Milliseconds until the key may try again; 0 when it may now. */
  lockedFor(key: string): number {
    const e = this.entries.get(key);
    return e ? Math.max(0, e.lockedUntil - Date.now()) : 0;
  }

  blocked(key: string): boolean {
    return this.lockedFor(key) > 0;
  }

  /** Whether the key failed recently enough to be remembered (a reset or a quiet window forgets it). */
  remembers(key: string): boolean {
    const e = this.entries.get(key);
    return !!e && e.expiresAt > Date.now();
  }

  fail(key: string): void {
    const now = Date.now();
    let e = this.entries.get(key);
    if (e && e.expiresAt <= now) {
      this.entries.delete(key);
      e = undefined;
    }
    if (!e) {
      this.keepBounded(now);
      e = { count: 0, windowEnd: now + this.windowMs, lockedUntil: 0, lockouts: 0, expiresAt: now + this.windowMs };
      this.entries.set(key, e);
    }
    if (e.windowEnd <= now) {
      e.count = 0;
      e.windowEnd = now + this.windowMs;
    }
    e.count += 1;
    if (e.count >= this.max) {
      e.lockedUntil = now + Math.min(this.windowMs * 2 ** e.lockouts, this.maxLockMs);
      e.lockouts += 1;
      e.count = 0;
      e.windowEnd = e.lockedUntil + this.windowMs;
    }
    e.expiresAt = Math.max(e.lockedUntil, now) + this.windowMs;
  }

  reset(key: string): void {
    this.entries.delete(key);
  }

  /** Keys held now (for tests and metrics). */
  get size(): number {
    return this.entries.size;
  }

  /**
   * Makes room for one more key: sweeps expired keys once the map has doubled since the last
   * sweep (so sweeping costs O(1) per added key on average), and drops the oldest keys at the cap.
   */
  private keepBounded(now: number): void {
    if (this.entries.size >= this.sweepAbove) {
      for (const [k, v] of this.entries) if (v.expiresAt <= now) this.entries.delete(k);
      this.sweepAbove = Math.max(10_000, this.entries.size * 2);
    }
    while (this.entries.size >= this.maxKeys) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }
}
