import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { beat, purgeProcessesBefore, registerProcess, removeProcess } from '../repositories/server-processes.ts';

/** How often a process says it is alive. */
export const HEARTBEAT_MS = 1_000;
/** A process silent this long is dead: what it held (idempotency claims) is taken over. */
export const DEAD_AFTER_MS = 3 * HEARTBEAT_MS;
/** Rows of processes that died without removing themselves are kept this long, then purged. */
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Gives this server process an id and writes its heartbeat to the database every second, so that
 * any process — on SQLite, or several over PostgreSQL — can tell whether the one holding a claim
 * still runs. Returns the id; the heartbeat starts when the server is ready and stops when it closes.
 */
export function registerProcessHeartbeat(app: FastifyInstance): string {
  const bootId = randomUUID();
  const { db } = app.deps;
  const iso = (offsetMs = 0) => new Date(app.deps.now().getTime() + offsetMs).toISOString();
  let timer: ReturnType<typeof setInterval> | undefined;

  app.addHook('onReady', async () => {
    await registerProcess(db, bootId, iso());
    await purgeProcessesBefore(db, iso(-FORGET_AFTER_MS));
    timer = setInterval(() => {
      beat(db, bootId, iso()).catch((error: unknown) => app.log.warn({ err: error }, 'heartbeat not written'));
    }, HEARTBEAT_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await removeProcess(db, bootId).catch((error: unknown) =>
      app.log.warn({ err: error }, 'process row not removed at stop'),
    );
  });
  return bootId;
}
