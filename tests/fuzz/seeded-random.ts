/**
 * A small seeded generator (mulberry32): the fuzz run makes the same choices on every
 * machine and every run, so a failure it reports can be replayed exactly.
 * @example
 *   const rng = seededRandom(11);
 *   rng.pick(["a", "b"]); // always the same letter for seed 11
 */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(next() * items.length)]!;
    },
    /** `count` distinct items in a shuffled order (all of them when there are fewer). */
    sample<T>(items: readonly T[], count: number): T[] {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy.slice(0, count);
    },
  };
}

export type SeededRandom = ReturnType<typeof seededRandom>;
