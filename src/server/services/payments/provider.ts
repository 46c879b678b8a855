import type { Kysely } from 'kysely';
import type { PaymentMethod } from '#domain/constants';
import type { Database } from '../../db/types.ts';
import { insertPaymentRow } from '../../repositories/payments.ts';

/** The deposit a customer chose to pay when confirming a booking (the wizard's "pay now"). */
export interface DepositRequest {
  bookingId: number;
  agencyId: number;
  /** Minor units. */
  amount: number;
  method: PaymentMethod;
  /** The day the deposit falls due: the booking's first day. */
  dueOn: string;
  customerUserId: number;
  now: string;
}

/**
 * Takes (or arranges) a booking's deposit. It runs inside the transaction that creates the
 * booking, so a provider that refuses (throws) leaves no booking behind; a card processor plugs
 * in here and records the deposit received once it has charged the card.
 */
export interface PaymentProvider {
  requestDeposit(trx: Kysely<Database>, deposit: DepositRequest): Promise<void>;
}

/** No card processor: the deposit is recorded due and staff take it at the desk. Nothing is charged. */
export const manualProvider: PaymentProvider = {
  async requestDeposit(trx, deposit) {
    if (deposit.amount <= 0) return;
    await insertPaymentRow(trx, {
      agency_id: deposit.agencyId,
      booking_id: deposit.bookingId,
      kind: 'deposit',
      status: 'due',
      amount: deposit.amount,
      method: deposit.method,
      paid_on: deposit.dueOn,
      reference: null,
      recorded_by: deposit.customerUserId,
      created_at: deposit.now,
      updated_at: deposit.now,
    });
  },
};

/** The provider the confirmation wizard uses. */
export const paymentProvider: PaymentProvider = manualProvider;
