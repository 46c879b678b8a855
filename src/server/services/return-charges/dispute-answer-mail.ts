import type { FastifyBaseLogger } from 'fastify';
import type { StaffDispute } from '#domain/api/return-charges';
import { customerBookingPath } from '#domain/page-paths';
import type { Deps } from '../../context.ts';
import { findDisputeMailFacts } from '../../repositories/return-charge-disputes.ts';
import { mailAfterCommit, type MailMessage } from '../mail.ts';

/** After a dispute is answered: the answer, to the booking's customer. */
export async function mailDisputeAnswer(deps: Deps, dispute: StaffDispute, log: FastifyBaseLogger): Promise<void> {
  await mailAfterCommit(deps.mailer, log, 'dispute answer', { disputeId: dispute.id }, async () => {
    const facts = await findDisputeMailFacts(deps.db, dispute.id);
    if (!facts?.email) return [];
    return [disputeAnswerMail(dispute, facts, { currency: dispute.currency, publicUrl: deps.config.publicUrl })];
  });
}

export function disputeAnswerMail(
  dispute: StaffDispute,
  facts: { first_name: string; email: string; agency_name: string },
  settings: { currency: string; publicUrl: string },
): MailMessage {
  const amount = new Intl.NumberFormat('en-GB', { style: 'currency', currency: settings.currency }).format(
    Number(dispute.charge.amount),
  );
  return {
    to: facts.email,
    subject: `${facts.agency_name} answered your dispute of a charge on booking ${dispute.booking}`,
    text: [
      `Hello ${facts.first_name},`,
      '',
      `${facts.agency_name} has answered your dispute of "${dispute.charge.label}" (${amount}) on booking ${dispute.booking}.`,
      '',
      'You wrote:',
      dispute.message,
      '',
      'Their answer:',
      dispute.answer ?? '',
      '',
      'The charges and the answer, on your booking page (you can dispute a charge again there):',
      `${settings.publicUrl}${customerBookingPath(dispute.booking)}`,
    ].join('\n'),
  };
}
