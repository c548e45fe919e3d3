import { BackoffLimiter } from "../auth/backoff-limiter.ts";
import { TokenBucketLimiter } from "./token-bucket.ts";

/** Failures per key with exponential lockouts (core/auth/backoff-limiter.ts says how they count). */
export interface BackoffCounter {
  /** Milliseconds until the key may try again; 0 when it may now. */
  lockedFor(key: string): Promise<number>;
  /** Whether the key failed recently enough to be remembered. */
  remembers(key: string): Promise<boolean>;
  fail(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/** A token bucket per key: `take` answers 0 when allowed, else the whole seconds to wait. */
export interface TokenBucket {
  take(key: string): Promise<number>;
}

/**
 * Where security counters live: this process's memory, or Redis when REDIS_URL is set, so
 * every process of a deployment counts the same failures and spends the same tokens (a
 * guesser spread over N processes gets no more tries). `name` keeps one counter's keys apart.
 * @example
 *   const buckets = ctx.limits.tokenBucket("messages-api", 20, 40);
 *   if (await buckets.take(`connection:${id}`)) throw new AppError("ERR_TOO_MANY_ATTEMPTS");
 */
export interface LimitStore {
  backoff(name: string, max: number, windowMs: number): BackoffCounter;
  tokenBucket(name: string, ratePerSecond: number, burst: number): TokenBucket;
}

/** The in-process counters (no REDIS_URL): the classes the limiters always used, behind the shared interface. */
export const memoryLimits: LimitStore = {
  backoff(_name, max, windowMs) {
    const limiter = new BackoffLimiter(max, windowMs);
    return {
      lockedFor: async (key) => limiter.lockedFor(key),
      remembers: async (key) => limiter.remembers(key),
      fail: async (key) => limiter.fail(key),
      reset: async (key) => limiter.reset(key),
    };
  },
  tokenBucket(_name, ratePerSecond, burst) {
    const limiter = new TokenBucketLimiter(ratePerSecond, burst);
    return { take: async (key) => limiter.take(key) };
  },
};
