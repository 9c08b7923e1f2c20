// The benches' seeded randomness: the same sequence every run, so two runs load the same paths.

/** A linear congruential generator from `seed`: numbers in [0, 1), the same sequence every run. */
export function seededRandom(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state / 2_147_483_648
  }
}

/** One of `items`, drawn with `random` (one draw); an Error for an empty list, which has none. */
export function pickWith<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)]
  if (item === undefined) throw new Error(`a pick from a list of ${items.length} items`)
  return item
}
