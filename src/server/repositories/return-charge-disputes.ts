import type { Insertable, Kysely } from 'kysely';
import type { ReturnChargeDisputeView } from '#domain/api/return-charges';
import { formatMoney } from '#domain/money';
import type { Database, ReturnChargeDisputeTable } from '../db/types.ts';
import { countRows, type Page, type Paged } from './paging.ts';

const fullName = (first: string | null, last: string | null) =>
  first === null ? null : `${first} ${last ?? ''}`.trim();

/** Every dispute of a booking's charges with the charge it is about, oldest first. */
export async function listBookingDisputes(
  db: Kysely<Database>,
  bookingId: number,
): Promise<(ReturnChargeDisputeView & { charge_id: number })[]> {
  const rows = await db
    .selectFrom('return_charge_disputes as d')
    .leftJoin('users as u', 'u.id', 'd.answered_by')
    .select([
      'd.id',
      'd.charge_id',
      'd.status',
      'd.message',
      'd.created_at',
      'd.answer',
      'd.answered_at',
      'u.first_name',
      'u.last_name',
    ])
    .where('d.booking_id', '=', bookingId)
    .orderBy('d.id')
    .execute();
  return rows.map(({ first_name, last_name, ...row }) => ({ ...row, answered_by: fullName(first_name, last_name) }));
}

/** A booking's charge with what a dispute of it depends on: its status and whether one is open. */
export async function findDisputableCharge(db: Kysely<Database>, bookingId: number, chargeId: number) {
  return db
    .selectFrom('return_charges as c')
    .select((eb) => [
      'c.id',
      'c.agency_id',
      'c.status',
      eb
        .exists(
          eb
            .selectFrom('return_charge_disputes as d')
            .select('d.id')
            .whereRef('d.charge_id', '=', 'c.id')
            .where('d.status', '=', 'open'),
        )
        .as('open_dispute'),
    ])
    .where('c.booking_id', '=', bookingId)
    .where('c.id', '=', chargeId)
    .executeTakeFirst();
}

export async function insertDispute(
  db: Kysely<Database>,
  values: Omit<Insertable<ReturnChargeDisputeTable>, 'id'>,
): Promise<number> {
  const row = await db.insertInto('return_charge_disputes').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Disputes with the charge they question and the booking's customer, as staff see them. */
function staffDisputes(db: Kysely<Database>, scope: number | null) {
  let query = db
    .selectFrom('return_charge_disputes as d')
    .innerJoin('return_charges as c', 'c.id', 'd.charge_id')
    .innerJoin('bookings as b', 'b.id', 'd.booking_id')
    .innerJoin('customers as cu', 'cu.id', 'b.customer_id')
    .leftJoin('users as u', 'u.id', 'd.answered_by');
  if (scope !== null) query = query.where('d.agency_id', '=', scope);
  return query;
}

async function staffDisputeRows(query: ReturnType<typeof staffDisputes>) {
  const rows = await query
    .select([
      'd.id',
      'd.booking_id',
      'd.status',
      'd.message',
      'd.created_at',
      'd.answer',
      'd.answered_at',
      'u.first_name as answerer_first_name',
      'u.last_name as answerer_last_name',
      'c.id as charge_id',
      'c.label',
      'c.amount',
      'cu.id as customer_id',
      'cu.first_name',
      'cu.last_name',
    ])
    .execute();
  return rows.map((row) => ({
    id: row.id,
    booking: row.booking_id,
    status: row.status,
    message: row.message,
    created_at: row.created_at,
    answer: row.answer,
    answered_at: row.answered_at,
    answered_by: fullName(row.answerer_first_name, row.answerer_last_name),
    charge: { id: row.charge_id, label: row.label, amount: formatMoney(row.amount) },
    customer: { id: row.customer_id, name: `${row.first_name} ${row.last_name}`.trim() },
  }));
}
export type StaffDisputeRow = Awaited<ReturnType<typeof staffDisputeRows>>[number];

/** Open disputes within the caller's scope (every agency's for the operator), oldest first. */
export async function listOpenDisputes(
  db: Kysely<Database>,
  scope: number | null,
  page: Page,
): Promise<Paged<StaffDisputeRow>> {
  const open = staffDisputes(db, scope).where('d.status', '=', 'open');
  const [items, total] = await Promise.all([
    staffDisputeRows(open.orderBy('d.id').limit(page.limit).offset(page.offset)),
    countRows(open),
  ]);
  return { items, total };
}

/** One dispute within the caller's scope (any for the operator); undefined otherwise. */
export async function findStaffDispute(
  db: Kysely<Database>,
  disputeId: number,
  scope: number | null,
): Promise<StaffDisputeRow | undefined> {
  return (await staffDisputeRows(staffDisputes(db, scope).where('d.id', '=', disputeId)))[0];
}

/** Who an answer's e-mail goes to, and the agency it comes from. */
export async function findDisputeMailFacts(db: Kysely<Database>, disputeId: number) {
  return db
    .selectFrom('return_charge_disputes as d')
    .innerJoin('bookings as b', 'b.id', 'd.booking_id')
    .innerJoin('customers as cu', 'cu.id', 'b.customer_id')
    .innerJoin('agencies as a', 'a.id', 'd.agency_id')
    .select(['cu.first_name', 'cu.email', 'a.name as agency_name'])
    .where('d.id', '=', disputeId)
    .executeTakeFirst();
}

/** Answers an open dispute; false when it was answered meanwhile (nothing written). */
export async function answerDispute(
  db: Kysely<Database>,
  disputeId: number,
  answer: { answer: string; answered_by: number; answered_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('return_charge_disputes')
    .set({ ...answer, status: 'answered' })
    .where('id', '=', disputeId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
