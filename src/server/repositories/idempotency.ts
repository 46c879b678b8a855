import type { Kysely } from 'kysely';
import type { Database, IdempotencyKeyTable } from '../db/types.ts';

export type IdempotencyRecord = Pick<
  IdempotencyKeyTable,
  'request_hash' | 'state' | 'status_code' | 'response_body' | 'content_type' | 'created_at'
>;

/** Claims the key for a first run; false when some request already holds it. */
export async function claimKey(
  db: Kysely<Database>,
  scope: string,
  key: string,
  requestHash: string,
  now: string,
  owner: string,
): Promise<boolean> {
  const result = await db
    .insertInto('idempotency_keys')
    .values({
      scope,
      key,
      request_hash: requestHash,
      state: 'running',
      status_code: null,
      response_body: null,
      content_type: null,
      created_at: now,
      owner,
    })
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function findKey(
  db: Kysely<Database>,
  scope: string,
  key: string,
): Promise<IdempotencyRecord | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'state', 'status_code', 'response_body', 'content_type', 'created_at'])
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirst();
}

/**
 * Takes over a claim whose first run died: held by another server process that has stopped
 * beating (killed, crashed), or still running long after it began (`staleBefore`, also for claims
 * made before owners were recorded). A live process's claims, and this process's own, are left.
 */
export async function reclaimDeadClaim(
  db: Kysely<Database>,
  claim: { scope: string; key: string },
  at: { now: string; owner: string; staleBefore: string; aliveSince: string },
): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_keys')
    .set({ created_at: at.now, owner: at.owner })
    .where('scope', '=', claim.scope)
    .where('key', '=', claim.key)
    .where('state', '=', 'running')
    .where((eb) =>
      eb.or([
        eb('created_at', '<', at.staleBefore),
        eb.and([
          eb('owner', 'is not', null),
          eb('owner', '<>', at.owner),
          eb(
            'owner',
            'not in',
            eb.selectFrom('server_processes').select('boot_id').where('heartbeat_at', '>=', at.aliveSince),
          ),
        ]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function completeKey(
  db: Kysely<Database>,
  scope: string,
  key: string,
  reply: { statusCode: number; body: string; contentType: string | null },
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ state: 'done', status_code: reply.statusCode, response_body: reply.body, content_type: reply.contentType })
    .where('scope', '=', scope)
    .where('key', '=', key)
    .execute();
}

/** Frees a claim whose run failed; a reply already stored with its write (state done) stays. */
export async function releaseKey(db: Kysely<Database>, scope: string, key: string): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('scope', '=', scope)
    .where('key', '=', key)
    .where('state', '=', 'running')
    .execute();
}

export async function purgeKeysBefore(db: Kysely<Database>, before: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', before).execute();
}
