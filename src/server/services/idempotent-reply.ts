import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { completeKey } from '../repositories/idempotency.ts';

/** The Idempotency-Key a write was claimed under (plugins/idempotency.ts), or null without one. */
export interface ReplyKey {
  scope: string;
  key: string;
}

/**
 * Stores the reply a use case is about to give inside the transaction of its write, when the
 * call carries an Idempotency-Key. A process killed between that commit and the reply then
 * leaves the key done with this reply, and the client's replay gets it back instead of making
 * the write a second time (tests/api/crash-recovery). The plugin's onSend stores the same again.
 */
export async function storeReplyWithWrite(
  trx: Kysely<Database>,
  replyKey: ReplyKey | null,
  statusCode: number,
  reply: unknown,
): Promise<void> {
  if (!replyKey) return;
  await completeKey(trx, replyKey.scope, replyKey.key, {
    statusCode,
    // What Fastify sends for an object reply without a schema.
    body: JSON.stringify(reply),
    contentType: 'application/json; charset=utf-8',
  });
}
