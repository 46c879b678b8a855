import type { FastifyBaseLogger } from 'fastify';
import type { StaffDispute } from '#domain/api/return-charges';
import type { DisputeAnswerInput } from '#domain/schemas/return-charge-dispute';
import type { AuthUser, Deps } from '../../context.ts';
import type { Page, Paged } from '../../repositories/paging.ts';
import {
  answerDispute as answerOpenDispute,
  findStaffDispute,
  listOpenDisputes,
  type StaffDisputeRow,
} from '../../repositories/return-charge-disputes.ts';
import { agencyScope } from '../agency-scope.ts';
import { Conflict, NotFound } from '../errors.ts';
import { type ReplyKey, storeReplyWithWrite } from '../idempotent-reply.ts';
import { mailDisputeAnswer } from './dispute-answer-mail.ts';

export const DISPUTE_NOT_FOUND = 'Dispute not found.';
export const ALREADY_ANSWERED = 'This dispute is already answered.';

const withCurrency = (row: StaffDisputeRow, currency: string): StaffDispute => ({ ...row, currency });

/** GET return-charge-disputes/: the open disputes of the caller's agency (the operator: every agency's), oldest first. */
export async function openDisputes(deps: Deps, user: AuthUser, page: Page): Promise<Paged<StaffDispute>> {
  const { items, total } = await listOpenDisputes(deps.db, agencyScope(user), page);
  return { items: items.map((row) => withCurrency(row, deps.config.currency)), total };
}

/** The dispute if the caller is staff of its agency (the operator: any); anyone else is told it does not exist (404). */
export async function staffDispute(deps: Deps, user: AuthUser, disputeId: number): Promise<StaffDisputeRow> {
  const dispute = await findStaffDispute(deps.db, disputeId, agencyScope(user));
  if (!dispute) throw new NotFound(DISPUTE_NOT_FOUND);
  return dispute;
}

/**
 * Staff answer an open dispute (POST return-charge-disputes/{dispute}/answer/): the answer is kept,
 * the dispute becomes answered, and the customer is e-mailed the answer once it is committed. An
 * answered dispute is a conflict (409; two desks answering at once: one wins), nothing written.
 */
export async function answerDispute(
  deps: Deps,
  user: AuthUser,
  call: { disputeId: number; input: DisputeAnswerInput; replyKey: ReplyKey | null; log: FastifyBaseLogger },
): Promise<StaffDispute> {
  const dispute = await staffDispute(deps, user, call.disputeId);
  if (dispute.status !== 'open') throw new Conflict(ALREADY_ANSWERED);
  const answered = await deps.db.transaction().execute(async (trx) => {
    const done = await answerOpenDispute(trx, dispute.id, {
      answer: call.input.answer,
      answered_by: user.id,
      answered_at: deps.now().toISOString(),
    });
    if (!done) throw new Conflict(ALREADY_ANSWERED);
    const row = await findStaffDispute(trx, dispute.id, null);
    if (!row) throw new Error('The dispute just answered was not read back.');
    const reply = withCurrency(row, deps.config.currency);
    await storeReplyWithWrite(trx, call.replyKey, 200, reply);
    return reply;
  });
  await mailDisputeAnswer(deps, answered, call.log);
  return answered;
}
