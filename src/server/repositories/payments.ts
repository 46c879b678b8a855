import type { Expression, Insertable, Kysely, SqlBool } from 'kysely';
import type { BookingMoney, Payment, PaymentTotals } from '#domain/api/payments';
import type { PaymentMethod } from '#domain/constants';
import type { PaymentKind, PaymentStatus } from '#domain/payment-kinds';
import { formatMoney } from '#domain/money';
import type { Database, PaymentTable } from '../db/types.ts';
import type { Page } from './paging.ts';

export type NewPayment = Omit<Insertable<PaymentTable>, 'id'>;

export interface PaymentFilter {
  /** One agency's payments, or every agency's when null. */
  scope: number | null;
  bookingId?: number | undefined;
  kind?: PaymentKind | undefined;
  method?: PaymentMethod | undefined;
  status?: PaymentStatus | undefined;
  /** Paid on a day from `from` on / up to `to`. */
  from?: string | undefined;
  to?: string | undefined;
}

/** Thrown when a refund would give back more than the booking has received. */
export class RefundTooLargeError extends Error {
  constructor(readonly available: number) {
    super('refund exceeds what was received');
  }
}

function paymentsOf(db: Kysely<Database>, filter: PaymentFilter) {
  let query = db.selectFrom('payments as p');
  if (filter.scope !== null) query = query.where('p.agency_id', '=', filter.scope);
  if (filter.bookingId !== undefined) query = query.where('p.booking_id', '=', filter.bookingId);
  if (filter.kind !== undefined) query = query.where('p.kind', '=', filter.kind);
  if (filter.method !== undefined) query = query.where('p.method', '=', filter.method);
  if (filter.status !== undefined) query = query.where('p.status', '=', filter.status);
  if (filter.from !== undefined) query = query.where('p.paid_on', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('p.paid_on', '<=', filter.to);
  return query;
}

function paymentRows(payments: ReturnType<typeof paymentsOf>) {
  return payments
    .innerJoin('bookings as b', 'b.id', 'p.booking_id')
    .innerJoin('customers as c', 'c.id', 'b.customer_id')
    .innerJoin('vehicles as v', 'v.id', 'b.vehicle_id')
    .select([
      'p.id',
      'p.booking_id',
      'p.agency_id',
      'p.kind',
      'p.status',
      'p.amount',
      'p.method',
      'p.paid_on',
      'p.reference',
      'p.recorded_by',
      'p.created_at',
      'p.updated_at',
      'c.first_name',
      'c.last_name',
      'v.make',
      'v.model',
      'v.registration_number',
    ]);
}

type PaymentRow = Awaited<ReturnType<ReturnType<typeof paymentRows>['executeTakeFirstOrThrow']>>;

function toPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    booking: row.booking_id,
    agency_id: row.agency_id,
    kind: row.kind,
    status: row.status,
    amount: formatMoney(row.amount),
    method: row.method,
    paid_on: row.paid_on,
    reference: row.reference,
    recorded_by: row.recorded_by,
    booking_details: {
      id: row.booking_id,
      customer_name: `${row.first_name} ${row.last_name}`.trim(),
      vehicle: `${row.make} ${row.model}`,
      registration_number: row.registration_number,
    },
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const asNumber = (value: string | number | bigint | null) => Number(value ?? 0);

/** A page of payments, newest day first, with the count and money totals of everything the filter matches. */
export async function listPayments(
  db: Kysely<Database>,
  filter: PaymentFilter,
  page: Page,
): Promise<{ items: Payment[]; total: number; totals: PaymentTotals }> {
  const payments = paymentsOf(db, filter);
  const [rows, sums] = await Promise.all([
    paymentRows(payments)
      .orderBy('p.paid_on', 'desc')
      .orderBy('p.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    payments
      .select((eb) => {
        const sum = (condition: Expression<SqlBool>) =>
          eb.fn.sum<string | number | null>(eb.case().when(condition).then(eb.ref('p.amount')).else(eb.lit(0)).end());
        const received = eb('p.status', '=', 'received');
        return [
          eb.fn.countAll<string | number | bigint>().as('total'),
          sum(eb.and([received, eb('p.kind', '!=', 'refund')])).as('received'),
          sum(eb.and([received, eb('p.kind', '=', 'refund')])).as('refunded'),
          sum(eb.and([received, eb('p.kind', '=', 'deposit')])).as('deposits'),
          sum(eb('p.status', '=', 'due')).as('due'),
        ];
      })
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map(toPayment),
    total: asNumber(sums.total),
    totals: {
      received: formatMoney(asNumber(sums.received)),
      refunded: formatMoney(asNumber(sums.refunded)),
      deposits: formatMoney(asNumber(sums.deposits)),
      due: formatMoney(asNumber(sums.due)),
    },
  };
}

/** One payment within the caller's scope; undefined when missing or another agency's. */
export async function findPayment(
  db: Kysely<Database>,
  id: number,
  scope: number | null,
): Promise<Payment | undefined> {
  const row = await paymentRows(paymentsOf(db, { scope }).where('p.id', '=', id)).executeTakeFirst();
  return row ? toPayment(row) : undefined;
}

/** The booking money is recorded against, within the caller's scope. */
export async function findPayableBooking(db: Kysely<Database>, id: number, scope: number | null) {
  let query = db
    .selectFrom('bookings')
    .select(['id', 'agency_id', 'booking_amount', 'booking_deposit'])
    .where('id', '=', id);
  if (scope !== null) query = query.where('agency_id', '=', scope);
  return query.executeTakeFirst();
}

/** What a booking has received and not given back, in minor units (payments and deposits less refunds). */
export async function receivedBalance(db: Kysely<Database>, bookingId: number): Promise<number> {
  const rows = await db
    .selectFrom('payments')
    .select(['kind', 'status', 'amount'])
    .where('booking_id', '=', bookingId)
    .where('status', '=', 'received')
    .execute();
  const money = moneyOf(0, rows);
  return money.paid + money.depositHeld;
}

/** Writes one payment row; call inside the transaction that justifies it. */
export async function insertPaymentRow(db: Kysely<Database>, values: NewPayment): Promise<number> {
  const row = await db.insertInto('payments').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export type PaymentChanges = Partial<Pick<PaymentTable, 'status' | 'method' | 'paid_on' | 'reference'>> & {
  updated_at: string;
};

export async function updatePayment(db: Kysely<Database>, id: number, changes: PaymentChanges): Promise<void> {
  await db.updateTable('payments').set(changes).where('id', '=', id).execute();
}

/** Deletes a payment still due; false when it was received meanwhile (or is gone). */
export async function deleteDuePayment(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('payments').where('id', '=', id).where('status', '=', 'due').executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

interface MoneyEntry {
  kind: PaymentKind;
  status: PaymentStatus;
  amount: number;
}

/**
 * A booking's money from its payments, in minor units: a refund gives the deposit back first,
 * then payments (a deposit returned at the end of a rental is the common refund).
 */
export function moneyOf(bookingAmount: number, entries: readonly MoneyEntry[]) {
  const total = (kind: PaymentKind, status: PaymentStatus) =>
    entries.filter((e) => e.kind === kind && e.status === status).reduce((sum, e) => sum + e.amount, 0);
  const deposits = total('deposit', 'received');
  const refunded = total('refund', 'received');
  const paid = total('payment', 'received') - Math.max(0, refunded - deposits);
  return {
    paid,
    due: Math.max(0, bookingAmount - paid),
    depositHeld: Math.max(0, deposits - refunded),
    depositDue: total('deposit', 'due'),
    refunded,
  };
}

/** A booking's payments, oldest first, with its money summary. */
export async function findBookingMoney(
  db: Kysely<Database>,
  booking: { id: number; booking_amount: number; booking_deposit: number },
): Promise<BookingMoney> {
  const rows = await paymentRows(paymentsOf(db, { scope: null, bookingId: booking.id }))
    .orderBy('p.paid_on')
    .orderBy('p.id')
    .execute();
  const money = moneyOf(booking.booking_amount, rows);
  return {
    booking: booking.id,
    booking_amount: formatMoney(booking.booking_amount),
    booking_deposit: formatMoney(booking.booking_deposit),
    paid: formatMoney(money.paid),
    due: formatMoney(money.due),
    deposit_held: formatMoney(money.depositHeld),
    deposit_due: formatMoney(money.depositDue),
    refunded: formatMoney(money.refunded),
    payments: rows.map(toPayment),
  };
}

/** The deposit a booking holds now: deposits received less refunds (decision 030), in minor units. */
export async function depositHeld(db: Kysely<Database>, bookingId: number): Promise<number> {
  const rows = await db
    .selectFrom('payments')
    .select(['kind', 'status', 'amount'])
    .where('booking_id', '=', bookingId)
    .where('status', '=', 'received')
    .execute();
  return moneyOf(0, rows).depositHeld;
}
