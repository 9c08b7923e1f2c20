/**
 * A small seeded PRNG (mulberry32): the fuzzer's requests are a pure function of (seed, index), so a
 * run can be repeated and one request regenerated, whatever the timing of the concurrent workers.
 */
export class Random {
  private state: number

  constructor(seed: number) {
    this.state = seed >>> 0
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  chance(probability: number): boolean {
    return this.next() < probability
  }

  /** Items may be null, never undefined (no caller passes one): undefined means an index outside the list. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list')
    const item = items[Math.floor(this.next() * items.length)]
    if (item === undefined) throw new Error(`pick outside a list of ${items.length}`)
    return item
  }

  /** One item, each with its weight. */
  weighted<T>(items: readonly (readonly [number, T])[]): T {
    const total = items.reduce((sum, [weight]) => sum + weight, 0)
    let roll = this.next() * total
    for (const [weight, item] of items) {
      roll -= weight
      if (roll < 0) return item
    }
    const last = items[items.length - 1]
    if (last === undefined) throw new Error('weighted pick from an empty list')
    return last[1]
  }

  hex(length: number): string {
    let text = ''
    while (text.length < length) text += this.int(0, 15).toString(16)
    return text
  }
}

/** The seed of request `index` of a run seeded with `seed` (a 32-bit mix, so neighbours differ). */
export function requestSeed(seed: number, index: number): number {
  let h = (seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  return (h ^ (h >>> 16)) >>> 0
}
