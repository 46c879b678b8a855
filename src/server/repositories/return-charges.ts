import type { Insertable, Kysely } from 'kysely';
import type { ReturnChargeView, ReturnSettlementView } from '#domain/api/return-charges';
import { formatMoney } from '#domain/money';
import type { Database, ReturnChargeTable, ReturnSettlementTable } from '../db/types.ts';
import { QUOTED_TERM_COLUMNS, withBookingTerms } from './booking-terms.ts';

/**
 * What a return's charges are worked out from: the booking and the terms it was quoted with (its
 * vehicle's allowance, its agency's km, fuel and late-return terms then; a booking quoted before
 * they were kept is held to the current ones).
 */
export async function findReturnFacts(db: Kysely<Database>, bookingId: number, scope: number | null) {
  let query = db
    .selectFrom('bookings as b')
    .innerJoin('vehicles as v', 'v.id', 'b.vehicle_id')
    .innerJoin('agencies as a', 'a.id', 'b.agency_id')
    .select([
      'b.id',
      'b.agency_id',
      'b.customer_id',
      'b.booking_status',
      'b.start_date',
      'b.end_date',
      'b.dropoff_time',
      'b.booking_amount',
      'b.discount_amount',
      'b.payment_method',
      'v.mileage_allowance',
      'a.price_per_extra_km',
      'a.fuel_policy',
      'a.fuel_price_per_eighth',
      'a.late_grace_minutes',
      'a.hourly_basis_points',
      ...QUOTED_TERM_COLUMNS.map((column) => `b.${column}` as const),
    ])
    .where('b.id', '=', bookingId);
  if (scope !== null) query = query.where('b.agency_id', '=', scope);
  const row = await query.executeTakeFirst();
  return row && withBookingTerms(row);
}
export type ReturnFacts = NonNullable<Awaited<ReturnType<typeof findReturnFacts>>>;

export type NewReturnCharge = Omit<Insertable<ReturnChargeTable>, 'id'>;

const CHARGE_COLUMNS = [
  'c.id',
  'c.code',
  'c.kind',
  'c.status',
  'c.label',
  'c.working',
  'c.quantity',
  'c.unit_amount',
  'c.amount',
  'c.proposed_amount',
  'c.reason',
  'c.note',
  'c.updated_at',
  'u.first_name',
  'u.last_name',
] as const;

/** The charges decided at a booking's return, in the order they were first decided (their disputes apart). */
export async function listReturnCharges(
  db: Kysely<Database>,
  bookingId: number,
): Promise<Omit<ReturnChargeView, 'disputes'>[]> {
  const rows = await db
    .selectFrom('return_charges as c')
    .leftJoin('users as u', 'u.id', 'c.decided_by')
    .select(CHARGE_COLUMNS)
    .where('c.booking_id', '=', bookingId)
    .orderBy('c.id')
    .execute();
  return rows.map(({ first_name, last_name, ...row }) => ({
    ...row,
    unit_amount: formatMoney(row.unit_amount),
    amount: formatMoney(row.amount),
    proposed_amount: row.proposed_amount === null ? null : formatMoney(row.proposed_amount),
    decided_by: first_name === null ? null : `${first_name} ${last_name ?? ''}`.trim(),
  }));
}

/** The confirmed charges of a booking as invoice lines (label, quantity, unit), in decision order. */
export async function confirmedChargeLines(db: Kysely<Database>, bookingId: number) {
  return db
    .selectFrom('return_charges')
    .select(['label', 'quantity', 'unit_amount', 'amount'])
    .where('booking_id', '=', bookingId)
    .where('status', '=', 'confirmed')
    .orderBy('id')
    .execute();
}

/** The codes decided so far, and how many charges were added (cleaning, other), for the next added code. */
export async function decidedCodes(db: Kysely<Database>, bookingId: number): Promise<string[]> {
  const rows = await db.selectFrom('return_charges').select('code').where('booking_id', '=', bookingId).execute();
  return rows.map((row) => row.code);
}

export async function findReturnCharge(db: Kysely<Database>, bookingId: number, chargeId: number) {
  return db
    .selectFrom('return_charges')
    .select(['id', 'kind', 'quantity', 'unit_amount', 'proposed_amount'])
    .where('booking_id', '=', bookingId)
    .where('id', '=', chargeId)
    .executeTakeFirst();
}

export async function insertReturnCharge(db: Kysely<Database>, values: NewReturnCharge): Promise<void> {
  await db.insertInto('return_charges').values(values).execute();
}

export async function updateReturnCharge(
  db: Kysely<Database>,
  chargeId: number,
  changes: Pick<
    ReturnChargeTable,
    'status' | 'quantity' | 'unit_amount' | 'amount' | 'reason' | 'decided_by' | 'updated_at'
  >,
): Promise<void> {
  await db.updateTable('return_charges').set(changes).where('id', '=', chargeId).execute();
}

/** A finalized return's settlement with its invoice's number; undefined before it is finalized. */
export async function findSettlement(
  db: Kysely<Database>,
  bookingId: number,
): Promise<ReturnSettlementView | undefined> {
  const row = await db
    .selectFrom('return_settlements as s')
    .innerJoin('invoices as i', 'i.id', 's.invoice_id')
    .select([
      's.invoice_id',
      'i.number',
      'i.status',
      's.charges',
      's.deposit_held',
      's.deposit_applied',
      's.refund',
      's.due',
      's.created_at',
    ])
    .where('s.booking_id', '=', bookingId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    invoice_id: row.invoice_id,
    invoice_number: row.number ?? 0,
    invoice_status: row.status,
    charges: formatMoney(row.charges),
    deposit_held: formatMoney(row.deposit_held),
    deposit_applied: formatMoney(row.deposit_applied),
    refund: formatMoney(row.refund),
    due: formatMoney(row.due),
    created_at: row.created_at,
  };
}

export async function insertSettlement(db: Kysely<Database>, values: Insertable<ReturnSettlementTable>): Promise<void> {
  await db.insertInto('return_settlements').values(values).execute();
}

/** Who the final invoice's e-mail goes to, and the agency it comes from. */
export async function findSettlementMailFacts(db: Kysely<Database>, bookingId: number) {
  return db
    .selectFrom('bookings as b')
    .innerJoin('customers as c', 'c.id', 'b.customer_id')
    .innerJoin('agencies as a', 'a.id', 'b.agency_id')
    .select(['c.first_name', 'c.email', 'a.name as agency_name', 'a.phone_number', 'a.contact_email'])
    .where('b.id', '=', bookingId)
    .executeTakeFirst();
}
