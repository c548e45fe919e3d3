import type { RedisClient } from "../redis/redis.ts";
import type { LimitStore } from "./limit-store.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One failure, atomically (the same rules as BackoffLimiter, core/auth/backoff-limiter.ts): a
 * hash per key with the window's count, the lock and the lockouts so far, expiring a quiet window
 * after its last failure or lock. ARGV: now, max, window, longest lock (ms).
 */
const FAIL = `
local now, max, win, cap = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local e = redis.call('HMGET', KEYS[1], 'count', 'windowEnd', 'lockedUntil', 'lockouts')
local count, windowEnd, lockedUntil, lockouts = tonumber(e[1]), tonumber(e[2]), tonumber(e[3]), tonumber(e[4])
if not count then count, windowEnd, lockedUntil, lockouts = 0, now + win, 0, 0 end
if windowEnd <= now then count, windowEnd = 0, now + win end
count = count + 1
if count >= max then
  lockedUntil = now + math.min(win * math.pow(2, lockouts), cap)
  lockouts = lockouts + 1
  count = 0
  windowEnd = lockedUntil + win
end
local expiresAt = math.max(lockedUntil, now) + win
redis.call('HSET', KEYS[1], 'count', count, 'windowEnd', string.format('%d', windowEnd), 'lockedUntil', string.format('%d', lockedUntil), 'lockouts', lockouts)
redis.call('PEXPIREAT', KEYS[1], string.format('%d', expiresAt))
return 1`;

/**
 * One token, atomically: refill by the time passed, spend one or answer the seconds to wait.
 * The bucket expires once it would be full again (a quiet key is a new key). ARGV: now, rate, burst.
 */
const TAKE = `
local now, rate, burst = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local b = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens, at = tonumber(b[1]) or burst, tonumber(b[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) / 1000 * rate)
local wait = 0
if tokens >= 1 then tokens = tokens - 1 else wait = math.max(1, math.ceil((1 - tokens) / rate)) end
redis.call('HSET', KEYS[1], 'tokens', string.format('%.6f', tokens), 'at', string.format('%d', now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate * 1000) + 1000)
return wait`;

/**
 * The counters in Redis (REDIS_URL), shared by every process: each change is one Lua script,
 * so two processes failing the same key at once both count. Keys are `atende:limit:<name>:<key>`.
 * Times are this process's clock (processes of one deployment keep theirs in sync).
 * @example const limits = redisLimits(redis); const login = limits.backoff("login-pair", 10, 900_000);
 */
export function redisLimits(redis: RedisClient, prefix = "atende:limit:"): LimitStore {
  return {
    backoff(name, max, windowMs) {
      const at = (key: string) => `${prefix}${name}:${key}`;
      const cap = String(Math.max(DAY_MS, windowMs));
      return {
        async lockedFor(key) {
          const until = Number((await redis.hGet(at(key), "lockedUntil")) ?? 0);
          return Math.max(0, until - Date.now());
        },
        async remembers(key) {
          return (await redis.exists(at(key))) > 0;
        },
        async fail(key) {
          await redis.eval(FAIL, { keys: [at(key)], arguments: [String(Date.now()), String(max), String(windowMs), cap] });
        },
        async reset(key) {
          await redis.del(at(key));
        },
      };
    },
    tokenBucket(name, ratePerSecond, burst) {
      return {
        async take(key) {
          const wait = await redis.eval(TAKE, { keys: [`${prefix}${name}:${key}`], arguments: [String(Date.now()), String(ratePerSecond), String(burst)] });
          return Number(wait);
        },
      };
    },
  };
}
