/**
 * Seeded pseudo-random numbers for engines (never Math.random inside an engine).
 * sfc32: small, fast, passes PractRand to 2^40; state is four 32-bit words, so a
 * generator can be snapshotted and restored exactly (`state()` / `fromState`).
 */
export interface Rng {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max] inclusive. */
  int(min: number, max: number): number;
  /** Uniform float in [min, max). */
  range(min: number, max: number): number;
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** The generator's state, to restore it later with `rngFromState`. */
  state(): [number, number, number, number];
}

export function createRng(seed: number): Rng {
  // splitmix32 spreads a small seed over the four words.
  let s = seed >>> 0;
  const split = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  const rng = rngFromState([split(), split(), split(), split()]);
  // Warm up so nearby seeds diverge.
  for (let i = 0; i < 12; i++) rng.next();
  return rng;
}

export function rngFromState(initial: readonly [number, number, number, number]): Rng {
  let [a, b, c, d] = initial;
  const nextU32 = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (a + b + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t;
  };
  const next = () => nextU32() / 4294967296;
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    range: (min, max) => min + next() * (max - min),
    pick: (items) => items[Math.floor(next() * items.length)],
    state: () => [a >>> 0, b >>> 0, c >>> 0, d >>> 0],
  };
}
