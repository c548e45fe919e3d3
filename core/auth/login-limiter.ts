import { type BackoffCounter, type LimitStore, memoryLimits } from "../limits/limit-store.ts";

/** An address may fail this many times the per-(address, e-mail) limit before it is watched: an office behind one NAT has many people. */
export const ADDRESS_LIMIT_FACTOR = 5;

/**
 * Failed logins, counted so that a burst never locks the account's owner out elsewhere, and
 * one NAT'd office's typos never lock its other people out:
 * - per (address, e-mail), the configured limit: that pair is locked, whatever the password;
 * - per address, a few times that: the address is then *watched* (for the lock's length). While
 *   it is, the e-mails that failed from it are refused, but an e-mail with no failure from it
 *   still gets its try, so a colleague who never mistyped signs in;
 * - per watched address, the configured limit again for failures of such fresh e-mails (a
 *   sprayer moving on to new accounts): past it every e-mail from the address is refused.
 * So a password sprayer gets the address limit plus one more limit of guesses per lock, as
 * before plus one limit, while a correct password only loses to an active spray.
 * All three lock with exponential backoff. Nothing is counted per e-mail alone, so a correct
 * password from another address always works; a success clears its own pair (not its address,
 * or one valid account would let an address keep guessing others).
 * The counts live in `store`: this process's memory, or Redis with REDIS_URL, so guesses
 * spread over several processes count together.
 * @example
 *   const limiter = new LoginLimiter(10, 15 * 60_000);
 *   if (await limiter.lockedFor(ip, email)) throw new AppError("ERR_TOO_MANY_ATTEMPTS");
 */
export class LoginLimiter {
  private pairs: BackoffCounter;
  private addresses: BackoffCounter;
  /** Failures, while the address is watched, for e-mails that had not failed from it. */
  private newcomers: BackoffCounter;

  constructor(limit: number, windowMs: number, store: LimitStore = memoryLimits) {
    this.pairs = store.backoff("login-pair", limit, windowMs);
    this.addresses = store.backoff("login-address", limit * ADDRESS_LIMIT_FACTOR, windowMs);
    this.newcomers = store.backoff("login-newcomer", limit, windowMs);
  }

  /** Milliseconds until this address may try this e-mail again; 0 when it may now. */
  async lockedFor(address: string, email: string): Promise<number> {
    const bucket = addressBucket(address);
    const pair = `${bucket} ${email}`;
    const [pairLock, newcomerLock, remembered] = await Promise.all([this.pairs.lockedFor(pair), this.newcomers.lockedFor(bucket), this.pairs.remembers(pair)]);
    const watched = remembered ? await this.addresses.lockedFor(bucket) : 0;
    return Math.max(pairLock, newcomerLock, watched);
  }

  async failed(address: string, email: string): Promise<void> {
    const bucket = addressBucket(address);
    const pair = `${bucket} ${email}`;
    const [watched, remembered] = await Promise.all([this.addresses.lockedFor(bucket), this.pairs.remembers(pair)]);
    if (watched > 0 && !remembered) await this.newcomers.fail(bucket);
    await this.pairs.fail(pair);
    await this.addresses.fail(bucket);
  }

  async succeeded(address: string, email: string): Promise<void> {
    await this.pairs.reset(`${addressBucket(address)} ${email}`);
  }
}

/**
 * The unit an address is counted by: an IPv4 address itself (also when written IPv4-mapped,
 * `::ffff:1.2.3.4`), and for IPv6 its /64 network, because one host usually holds a whole /64
 * and could otherwise take a fresh address per guess.
 * @example addressBucket("2001:db8:1:2:aaaa::1") // "2001:db8:1:2::/64"
 */
export function addressBucket(address: string): string {
  const ip = address.trim().toLowerCase().replace(/%.*$/, "");
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!ip.includes(":")) return ip;
  const halves = ip.split("::");
  if (halves.length > 2) return ip;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return ip;
  const groups = [...head, ...Array<string>(missing).fill("0"), ...tail];
  if (!groups.slice(0, 4).every((g) => /^[0-9a-f]{1,4}$/.test(g))) return ip;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}
