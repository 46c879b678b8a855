import { Random } from '#server/seed/random';

/**
 * The demo seed's generator (mulberry32) with the fuzz suite's helpers: the same seed gives the
 * same sequence, so a run replays.
 */
export class SeededRandom {
  private readonly random: Random;

  constructor(readonly seed: number) {
    this.random = new Random(seed);
  }

  /** A number in [0, 1). */
  next(): number {
    return this.random.next();
  }

  /** A whole number in [0, max). */
  int(max: number): number {
    return this.random.int(0, max - 1);
  }

  chance(probability: number): boolean {
    return this.random.chance(probability);
  }

  pick<T>(items: readonly T[]): T {
    return this.random.pick(items);
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
