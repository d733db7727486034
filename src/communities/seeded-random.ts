/** A source of uniform numbers in [0, 1), like Math.random but reproducible. */
export type RandomSource = () => number;

/** Mulberry32: a small, fast 32-bit PRNG; the same seed always yields the same sequence. */
export function createSeededRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** The integers 0..length-1 in an order drawn from `random` (Fisher–Yates). */
export function randomPermutation(length: number, random: RandomSource): Int32Array {
  const order = new Int32Array(length);
  for (let index = 0; index < length; index++) order[index] = index;
  for (let index = length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    const held = order[index]!;
    order[index] = order[other]!;
    order[other] = held;
  }
  return order;
}
