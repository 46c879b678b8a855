/** A small seeded generator (mulberry32): the same seed gives the same sequence, so a run replays. */
export class SeededRandom {
  private state: number;

  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A whole number in [0, max). */
  int(max: number): number {
    return Math.floor(this.next() * max);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** A few distinct items, in random order. */
  some<T>(items: readonly T[], max: number): T[] {
    const pool = [...items];
    const chosen: T[] = [];
    const count = this.int(Math.min(max, pool.length) + 1);
    while (chosen.length < count) chosen.push(...pool.splice(this.int(pool.length), 1));
    return chosen;
  }
}

/** The seed of this run: SEED from the environment to replay one, else a new one. */
export function runSeed(): number {
  const given = process.env.SEED;
  if (given !== undefined && given !== '') {
    const seed = Number(given);
    if (!Number.isInteger(seed) || seed < 0) throw new Error(`SEED must be a whole number, not "${given}".`);
    return seed;
  }
  return Math.floor(Math.random() * 2 ** 31);
}
