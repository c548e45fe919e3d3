import { wallMs } from "./wall-clock.ts";

/*
 * From a wall-clock time back to the instant. A zone's clock is not one-to-one:
 * - a time skipped by a jump forward (New York's 02:30 on a March Sunday) has no instant:
 *   it maps to the jump itself, the first instant whose clock reads later than it; so a
 *   shift starting in the skipped hour opens when the clock jumps, and a shift of 01:00-04:00
 *   on that night lasts its real two hours;
 * - a time repeated by a jump back maps to its first occurrence.
 */

const DAY = 86_400_000;
const SECOND = 1000;

/** The zone's offset (wall clock minus UTC) at `instant`, in ms, to the second. */
export function offsetAt(instant: number, timeZone: string): number {
  return wallMs(instant, timeZone) - Math.floor(instant / SECOND) * SECOND;
}

/**
 * The first instant at which the clock of `timeZone` reads `wall` (a wall-clock time written
 * as if it were UTC, in ms), or, when a jump forward skips it, the instant of the jump.
 * Offsets are read a day either side, so a zone changing twice within two days is the only
 * one it may misjudge (none does today).
 * @example
 *   instantOf(Date.UTC(2026, 2, 8, 2, 30), "America/New_York") // 2026-03-08T07:00:00Z: the jump to 03:00 EDT
 *   instantOf(Date.UTC(2026, 10, 1, 1, 30), "America/New_York") // 2026-11-01T05:30:00Z: 01:30 EDT, the first one
 */
export function instantOf(wall: number, timeZone: string): number {
  const millis = ((wall % SECOND) + SECOND) % SECOND;
  const whole = wall - millis;
  const before = offsetAt(whole - DAY, timeZone);
  const after = offsetAt(whole + DAY, timeZone);
  if (before === after) return whole - before + millis;
  const shows = (at: number) => offsetAt(at, timeZone) === whole - at;
  const found = [whole - before, whole - after].filter(shows);
  if (found.length > 0) return Math.min(...found) + millis;
  return jumpBetween(whole - after, whole - before, after, timeZone);
}

/** The first instant in (lo, hi] whose offset is `to`, to the second (transitions fall on whole seconds). */
function jumpBetween(lo: number, hi: number, to: number, timeZone: string): number {
  let low = lo;
  let high = hi;
  while (high - low > SECOND) {
    const mid = low + Math.floor((high - low) / 2 / SECOND) * SECOND;
    if (offsetAt(mid, timeZone) === to) high = mid;
    else low = mid;
  }
  return high;
}
