import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { completeKey } from '../repositories/idempotency.ts';

/**
 * Stores the reply a route is about to give inside the transaction of its write, when the
 * request carries an Idempotency-Key. A process killed between that commit and the reply then
 * leaves the key done with this reply, and the client's replay gets it back instead of making
 * the write a second time (tests/api/crash-recovery). The plugin's onSend stores the same again.
 */
export async function storeReplyWithWrite(
  trx: Kysely<Database>,
  request: FastifyRequest,
  statusCode: number,
  reply: unknown,
): Promise<void> {
  const claim = request.idempotencyClaim;
  if (!claim) return;
  await completeKey(trx, claim.scope, claim.key, {
    statusCode,
    // What Fastify sends for an object reply without a schema.
    body: JSON.stringify(reply),
    contentType: 'application/json; charset=utf-8',
  });
}
