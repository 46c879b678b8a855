import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';

/** Records a server process as alive from `now`. */
export async function registerProcess(db: Kysely<Database>, bootId: string, now: string): Promise<void> {
  await db.insertInto('server_processes').values({ boot_id: bootId, started_at: now, heartbeat_at: now }).execute();
}

/** The process is still alive at `now`. */
export async function beat(db: Kysely<Database>, bootId: string, now: string): Promise<void> {
  await db.updateTable('server_processes').set({ heartbeat_at: now }).where('boot_id', '=', bootId).execute();
}

/** A process stopping cleanly says so. */
export async function removeProcess(db: Kysely<Database>, bootId: string): Promise<void> {
  await db.deleteFrom('server_processes').where('boot_id', '=', bootId).execute();
}

/** Forgets processes that stopped beating long ago (crashed ones never remove themselves). */
export async function purgeProcessesBefore(db: Kysely<Database>, before: string): Promise<void> {
  await db.deleteFrom('server_processes').where('heartbeat_at', '<', before).execute();
}
