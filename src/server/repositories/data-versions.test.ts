import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/types.ts';
import { currentVersion } from './data-versions.ts';

/**
 * PostgreSQL as far as the version reads can tell: each read sees the version committed when it
 * started and answers only when the test says so, or fails.
 */
class ControlledReads implements Driver {
  version = 0;
  started = 0;
  private waiting: { answer: () => void; fail: (error: Error) => void }[] = [];

  private readonly connection: DatabaseConnection = {
    executeQuery: <R>(): Promise<QueryResult<R>> => {
      const seen = this.version;
      this.started += 1;
      return new Promise((resolve, reject) => {
        this.waiting.push({ answer: () => resolve({ rows: [{ version: seen } as R] }), fail: reject });
      });
    },
    streamQuery: () => {
      throw new Error('not used');
    },
  };

  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }
  async beginTransaction(): Promise<void> {}
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {}

  /** Waits until `count` reads have reached the database. */
  async untilStarted(count: number): Promise<void> {
    while (this.started < count) await nextTurn();
  }

  answerOldest(): void {
    this.waiting.shift()?.answer();
  }

  failOldest(error: Error): void {
    this.waiting.shift()?.fail(error);
  }
}

function postgresLike(): { db: Kysely<Database>; reads: ControlledReads } {
  const reads = new ControlledReads();
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => reads,
      createQueryCompiler: () => new PostgresQueryCompiler(),
      createIntrospector: (of) => new PostgresIntrospector(of),
    },
  });
  return { db, reads };
}

const read = (db: Kysely<Database>) => currentVersion(db, 'postgres', 'public-vehicles');

describe('the public list version on PostgreSQL', () => {
  it('makes a caller that arrives during a read wait for the next one, which sees what committed before it arrived', async () => {
    const { db, reads } = postgresLike();
    const early = read(db);
    await reads.untilStarted(1);
    // A write commits through another process while that read is on its way.
    reads.version = 1;
    const late = [read(db), read(db), read(db)];
    reads.answerOldest();
    expect(await early).toBe(0);
    await reads.untilStarted(2);
    reads.answerOldest();
    expect(await Promise.all(late)).toEqual([1, 1, 1]);
    // Three callers, one read.
    expect(reads.started).toBe(2);
  });

  it('starts a read of its own for a caller when none is running', async () => {
    const { db, reads } = postgresLike();
    const first = read(db);
    await reads.untilStarted(1);
    reads.answerOldest();
    expect(await first).toBe(0);
    reads.version = 4;
    const second = read(db);
    await reads.untilStarted(2);
    reads.answerOldest();
    expect(await second).toBe(4);
  });

  it('passes a failed read to its callers and recovers with the next read', async () => {
    const { db, reads } = postgresLike();
    const failing = read(db);
    await reads.untilStarted(1);
    const waiting = read(db);
    reads.failOldest(new Error('connection lost'));
    await expect(failing).rejects.toThrow('connection lost');
    // The caller that waited for the next read is not failed by the one before it.
    await reads.untilStarted(2);
    reads.answerOldest();
    expect(await waiting).toBe(0);
    const after = read(db);
    await reads.untilStarted(3);
    reads.answerOldest();
    expect(await after).toBe(0);
  });
});
