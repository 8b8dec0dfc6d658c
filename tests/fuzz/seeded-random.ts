/**
 * A small seeded random generator (mulberry32), so a fuzz run can be replayed
 * exactly from the seed it prints.
 */

export type Random = {
  /** A float in [0, 1). */
  next: () => number;
  /** A whole number in [0, below). */
  below: (below: number) => number;
  /** True with this probability. */
  chance: (probability: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
  /** One of the entries, chosen in proportion to its weight. */
  pickWeighted: <T>(entries: readonly (readonly [number, T])[]) => T;
};

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
  const below = (limit: number) => Math.floor(next() * limit);
  return {
    next,
    below,
    chance: (probability) => next() < probability,
    pick: (items) => items[below(items.length)]!,
    pickWeighted: (entries) => {
      const total = entries.reduce((sum, [weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [weight, value] of entries) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return entries.at(-1)![1];
    },
  };
}

/** The seed from FUZZ_SEED (a number, or "random" for a fresh one), else a fixed one so npm test is repeatable. */
export function readFuzzSeed(environment: string | undefined, fallback: number): number {
  if (environment === undefined || environment === '') return fallback;
  if (environment === 'random') return Math.floor(Math.random() * 2 ** 32);
  const seed = Number(environment);
  if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 32)
    throw new Error(`FUZZ_SEED must be a whole number from 0 to 4294967295, or "random", not "${environment}".`);
  return seed;
}
