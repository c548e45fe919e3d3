/**
 * Counts failures per key in a fixed window. In memory on purpose: a restart forgetting
 * counts is harmless, and each node limits its own traffic. Old keys are swept as we go.
 */
export class FailureLimiter {
  private hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private max: number,
    private windowMs: number,
  ) {}

  blocked(key: string): boolean {
    const h = this.hits.get(key);
    return !!h && h.resetAt > Date.now() && h.count >= this.max;
  }

  fail(key: string): void {
    const now = Date.now();
    const h = this.hits.get(key);
    if (!h || h.resetAt <= now) this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
    else h.count += 1;
    if (this.hits.size > 10_000) for (const [k, v] of this.hits) if (v.resetAt <= now) this.hits.delete(k);
  }

  reset(key: string): void {
    this.hits.delete(key);
  }
}
