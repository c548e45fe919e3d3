/**
 * A token bucket per key (a connection): `ratePerSecond` refills, `burst` is the most a
 * quiet key can spend at once. This process's buckets: with REDIS_URL the processes share
 * Redis's instead (redis-limits.ts), so N processes do not allow N times the rate. A restart
 * forgetting the buckets is harmless; what protects a number from a ban is the connection's
 * delivery lane, which paces the sends themselves.
 * @example
 *   const limiter = new TokenBucketLimiter(20, 40);
 *   const wait = limiter.take(`connection:${id}`); // 0: go; else seconds until a token is back
 */
export class TokenBucketLimiter {
  private buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private ratePerSecond: number,
    private burst: number,
    private now: () => number = Date.now,
  ) {}

  /** Spends one token of `key`: 0 when allowed, else the whole seconds to wait (at least 1). */
  take(key: string): number {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.ratePerSecond);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    if (this.buckets.size > 10_000) this.sweep(now);
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.ratePerSecond));
  }

  /** Forgets full buckets (keys quiet long enough to have refilled): they behave as new ones. */
  private sweep(now: number): void {
    for (const [key, b] of this.buckets) if (b.tokens + ((now - b.at) / 1000) * this.ratePerSecond >= this.burst) this.buckets.delete(key);
  }
}
