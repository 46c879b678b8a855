import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { ReturnCharges } from '#domain/api/return-charges';
import { todayIso } from '#domain/dates';
import { invoiceSums } from '#domain/invoice-sums';
import { settleDeposit, undecidedCharges } from '#domain/return-charges';
import type { AuthUser, Deps } from '../../context.ts';
import { lockRow } from '../../db/sql-helpers.ts';
import type { Database } from '../../db/types.ts';
import {
  findInvoiceableBooking,
  insertDraft,
  issueDraft,
  liveInvoiceOf,
  settleIfPaid,
  updateDraft,
  type InvoiceLineValues,
} from '../../repositories/invoices.ts';
import { depositHeld, insertPaymentRow, receivedBalance, RefundTooLargeError } from '../../repositories/payments.ts';
import { bookingQuoteLines } from '../../repositories/quote-lines.ts';
import {
  confirmedChargeLines,
  findSettlement,
  insertSettlement,
  type ReturnFacts,
} from '../../repositories/return-charges.ts';
import { agencyScope } from '../agency-scope.ts';
import { Conflict, NotFound } from '../errors.ts';
import { type ReplyKey, storeReplyWithWrite } from '../idempotent-reply.ts';
import { TAX_INCLUDED_NOTE } from '../invoices/create-draft.ts';
import { invoiceName } from '../invoices/invoice-access.ts';
import { linesFromBooking, linesFromQuote, netOf } from '../invoices/invoice-lines.ts';
import { refundConflict } from '../payments/payment-checks.ts';
import { mailFinalInvoice } from './final-invoice-mail.ts';
import { BOOKING_NOT_FOUND } from '../booking-access.ts';
import { returnChargesView, returnFactsOf } from './return-proposal.ts';

/** The booking's own lines (decision 045) and the confirmed charges after them, net of tax where its prices include it. */
async function finalLines(trx: Kysely<Database>, bookingId: number, scope: number | null) {
  const booking = await findInvoiceableBooking(trx, bookingId, scope);
  if (!booking) throw new NotFound(BOOKING_NOT_FOUND);
  const quoted = await bookingQuoteLines(trx, bookingId);
  const own =
    quoted.length > 0 ? linesFromQuote(booking, quoted) : { lines: linesFromBooking(booking), taxIncluded: false };
  const charges = (await confirmedChargeLines(trx, bookingId)).map((charge): InvoiceLineValues =>
    own.taxIncluded
      ? { description: charge.label, quantity: 1, unit_amount: netOf(charge.amount, booking.tax_rate) }
      : { description: charge.label, quantity: charge.quantity, unit_amount: charge.unit_amount },
  );
  return { booking, own, lines: [...own.lines, ...charges] };
}

/**
 * Finalizes a booking's return (POST bookings/{id}/return-charges/finalize/), in one transaction
 * under the booking's lock: the final invoice — the booking's lines, then the confirmed charges —
 * issued with the agency's next number (a draft of the booking's is used; an issued one is a
 * conflict, to be voided first); then the deposit settlement in the payments ledger: the deposit
 * held pays the charges (as invoiced, tax included) first, the rest of it is a refund received and
 * what it does not cover a payment due. Every proposed charge must be decided first (409). A retry
 * after it was finalized answers the same settlement and writes nothing. Once committed, the
 * customer is e-mailed the final invoice's charges and the settlement (not again on a retry). The
 * reply is stored with the settlement under its Idempotency-Key (a tablet's replay gets it back).
 */
export async function finalizeReturn(
  deps: Deps,
  user: AuthUser,
  bookingId: number,
  log: FastifyBaseLogger,
  replyKey: ReplyKey | null,
): Promise<ReturnCharges> {
  const scope = agencyScope(user);
  const facts: ReturnFacts = await returnFactsOf(deps.db, bookingId, scope);
  const currency = deps.config.currency;
  const now = deps.now();
  const at = now.toISOString();
  const today = todayIso(now);
  let done: { charges: ReturnCharges; settled: boolean };
  try {
    done = await deps.db.transaction().execute(async (trx) => {
      await lockRow(trx, deps.dialect, 'bookings', facts.id);
      if (await findSettlement(trx, facts.id)) {
        return { charges: await returnChargesView(trx, facts, currency), settled: false };
      }
      const view = await returnChargesView(trx, facts, currency);
      if (view.proposed.length > 0) throw new Conflict(undecidedCharges(view.proposed.map((charge) => charge.label)));

      const { booking, own, lines } = await finalLines(trx, facts.id, scope);
      const live = await liveInvoiceOf(trx, facts.id);
      if (live && live.status !== 'draft') {
        throw new Conflict(`This booking already has ${invoiceName(live)}. Void it to finalize the return.`);
      }
      const notes = own.taxIncluded ? TAX_INCLUDED_NOTE : null;
      let invoiceId: number;
      if (live) {
        await updateDraft(trx, live.id, { lines, notes, now: at });
        invoiceId = live.id;
      } else {
        invoiceId = await insertDraft(
          trx,
          {
            agency_id: booking.agency_id,
            booking_id: booking.id,
            tax_rate: booking.tax_rate,
            notes,
            replaces_invoice_id: null,
            created_by: user.id,
            now: at,
          },
          lines,
        );
      }
      const number = await issueDraft(trx, invoiceId, today, at);
      if (number === null) throw new Conflict('The invoice could not be issued: it is no longer a draft.');

      const invoiced = invoiceSums(lines, booking.tax_rate).total;
      const charges = invoiced - invoiceSums(own.lines, booking.tax_rate).total;
      const held = await depositHeld(trx, facts.id);
      const settlement = settleDeposit(held, charges);
      const entry = {
        agency_id: facts.agency_id,
        booking_id: facts.id,
        method: facts.payment_method,
        paid_on: today,
        reference: `Return settlement, invoice ${number}`,
        recorded_by: user.id,
        created_at: at,
        updated_at: at,
      };
      if (settlement.refund > 0) {
        const available = await receivedBalance(trx, facts.id);
        if (settlement.refund > available) throw new RefundTooLargeError(available);
        await insertPaymentRow(trx, { ...entry, kind: 'refund', status: 'received', amount: settlement.refund });
      }
      if (settlement.due > 0) {
        await insertPaymentRow(trx, { ...entry, kind: 'payment', status: 'due', amount: settlement.due });
      }
      await insertSettlement(trx, {
        booking_id: facts.id,
        agency_id: facts.agency_id,
        invoice_id: invoiceId,
        charges: Math.max(0, charges),
        deposit_held: held,
        deposit_applied: settlement.applied,
        refund: settlement.refund,
        due: settlement.due,
        settled_by: user.id,
        created_at: at,
      });
      // The deposit kept for the charges counts as paid: covered with the booking paid, the invoice is paid now.
      await settleIfPaid(trx, { invoiceId }, today, at);
      const reply = await returnChargesView(trx, facts, currency);
      await storeReplyWithWrite(trx, replyKey, 200, reply);
      return { charges: reply, settled: true };
    });
  } catch (error) {
    throw refundConflict(error, currency);
  }
  if (done.settled) await mailFinalInvoice(deps, done.charges, log);
  return done.charges;
}
