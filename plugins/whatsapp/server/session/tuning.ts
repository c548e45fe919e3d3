/**
 * Timings of the session layer. Production uses the defaults; tests pass small values
 * (`createWhatsappPlugin({ tuning })`) so a reconnect or a watchdog round takes
 * milliseconds instead of minutes.
 */
export interface SessionTuning {
  /** QR codes refreshed without a scan before the session gives up with TIMEOUT. */
  maxQrRefreshes: number;
  /** Reconnect backoff: the n-th attempt waits a random time in [0, min(cap, base * multiplier^(n-1))]. */
  backoffBaseMs: number;
  backoffCapMs: number;
  backoffMultiplier: number;
  /** Boot: one stored session resumed every bootStaggerMs plus up to bootJitterMs. */
  bootStaggerMs: number;
  bootJitterMs: number;
  /** The lease a process holds on a session, and how often it renews it. */
  leaseTtlMs: number;
  leaseRenewMs: number;
  /** A CONNECTED session whose socket emitted nothing for this long is restarted. */
  silenceMs: number;
  watchdogIntervalMs: number;
  /** How long `start` with a phone number waits for the socket to be ready for a pairing code. */
  pairingTimeoutMs: number;
  /** Decoded keys kept in memory per session (the rest is read from the database). */
  keyCacheSize: number;
  /** The random source of jitters (tests pin it). */
  random: () => number;
}

export const defaultTuning: SessionTuning = {
  maxQrRefreshes: 5,
  backoffBaseMs: 2_000,
  backoffCapMs: 5 * 60_000,
  backoffMultiplier: 2,
  bootStaggerMs: 500,
  bootJitterMs: 500,
  leaseTtlMs: 60_000,
  leaseRenewMs: 20_000,
  silenceMs: 30 * 60_000,
  watchdogIntervalMs: 60_000,
  pairingTimeoutMs: 30_000,
  keyCacheSize: 128,
  random: Math.random,
};

/** "Full jitter" exponential backoff: spreads reconnects of many sessions after a shared outage. */
export function backoffDelay(attempt: number, t: Pick<SessionTuning, "backoffBaseMs" | "backoffCapMs" | "backoffMultiplier" | "random">): number {
  const ceiling = Math.min(t.backoffCapMs, t.backoffBaseMs * t.backoffMultiplier ** Math.max(0, attempt - 1));
  return Math.floor(t.random() * ceiling);
}
