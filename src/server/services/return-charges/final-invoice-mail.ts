import type { FastifyBaseLogger } from 'fastify';
import type { ReturnCharges } from '#domain/api/return-charges';
import type { Deps } from '../../context.ts';
import { findSettlementMailFacts } from '../../repositories/return-charges.ts';
import { mailAfterCommit, type MailMessage } from '../mail.ts';
import { customerBookingPath } from '#domain/page-paths';

/** After a return is finalized (once: a retry sends nothing): the customer's final invoice, its charges and the settlement. */
export async function mailFinalInvoice(deps: Deps, charges: ReturnCharges, log: FastifyBaseLogger): Promise<void> {
  await mailAfterCommit(deps.mailer, log, 'final invoice', { bookingId: charges.booking }, async () => {
    const facts = await findSettlementMailFacts(deps.db, charges.booking);
    if (!facts?.email || !charges.settlement) return [];
    return [finalInvoiceMail(charges, facts, { currency: deps.config.currency, publicUrl: deps.config.publicUrl })];
  });
}

export function finalInvoiceMail(
  charges: ReturnCharges,
  facts: { first_name: string; email: string; agency_name: string; phone_number: string; contact_email: string },
  settings: { currency: string; publicUrl: string },
): MailMessage {
  const format = new Intl.NumberFormat('en-GB', { style: 'currency', currency: settings.currency });
  const money = (value: string) => format.format(Number(value));
  const settlement = charges.settlement;
  const confirmed = charges.decided.filter((charge) => charge.status === 'confirmed');
  return {
    to: facts.email,
    subject: `Your final invoice ${settlement?.invoice_number ?? ''} for booking ${charges.booking}`,
    text: [
      `Hello ${facts.first_name},`,
      '',
      `${facts.agency_name} has finalized the invoice of your booking ${charges.booking} after its return.`,
      '',
      ...(confirmed.length > 0
        ? [
            'Charges after the return:',
            ...confirmed.flatMap((charge) => [`- ${charge.label}: ${money(charge.amount)}`, `  ${charge.working}`]),
          ]
        : ['There are no charges after the return.']),
      '',
      ...(settlement
        ? [
            `Charges (as invoiced): ${money(settlement.charges)}`,
            `Deposit held: ${money(settlement.deposit_held)}, of which ${money(settlement.deposit_applied)} pays the charges`,
            `Refunded to you: ${money(settlement.refund)}`,
            `Still to pay: ${money(settlement.due)}`,
            ...(settlement.invoice_status === 'paid' ? ['', `Invoice ${settlement.invoice_number} is paid.`] : []),
          ]
        : []),
      '',
      'The charges, the photos and readings at pickup and return, on your booking page:',
      `${settings.publicUrl}${customerBookingPath(charges.booking)}`,
      '',
      `To question a charge, choose "Dispute this charge" beside it on your booking page and write your message; ${facts.agency_name} answers there and by e-mail.`,
      `Other questions: ${facts.agency_name}, ${facts.phone_number}, ${facts.contact_email}.`,
    ].join('\n'),
  };
}
