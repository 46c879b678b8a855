/**
 * What makes the demo agencies look worked in (issue 19): completed rentals paid (with the
 * deposit taken and given back on the recent ones), invoices issued with gapless numbers (paid,
 * outstanding, and a draft), service and repair records, a few vehicles due or overdue for a
 * service, and customers on file before their first booking. Written from the rows the demo
 * already inserted, in the same transaction, without randomness: the same rows give the same
 * history. A few hundred rows in batches, so the first start stays quick.
 */
import type { Insertable, Kysely } from 'kysely';
import type { BookingStatus, PaymentMethod } from '#domain/constants';
import { addDays, addMonths } from '#domain/dates';
import { invoiceSums } from '#domain/invoice-sums';
import type { Database, MaintenanceRecordTable, PaymentTable } from '../db/types.ts';
import { linesFromBooking } from '../services/invoices/invoice-lines.ts';

const BATCH = 100;
const DAY_MS = 86_400_000;
/** Completed rentals this recent had their deposit taken at pickup and refunded at return. */
const DEPOSIT_HISTORY_DAYS = 90;
const INVOICES_PAID = 3;
const INVOICES_OUTSTANDING = 2;
const GARAGES = ['Kwik Fit', 'Halfords Autocentre', 'Main dealer', 'Station Road Garage', 'National Tyres'];

export interface DeskHistorySummary {
  payments: number;
  invoices: number;
  maintenanceRecords: number;
}

interface AgencyDesk {
  id: number;
  /** Basis points. */
  taxRate: number;
  /** Who records its payments, invoices and services. */
  staff: number | null;
}

interface BookingRow {
  id: number;
  agency_id: number;
  booking_status: BookingStatus;
  start_date: string;
  end_date: string;
  booking_amount: number;
  booking_deposit: number;
  discount_amount: number;
  discount_description: string | null;
  payment_method: PaymentMethod;
  price_per_day: number;
  make: string;
  model: string;
  registration_number: string;
}

type NewPayment = Insertable<PaymentTable>;
type NewRecord = Insertable<MaintenanceRecordTable>;

async function insertInBatches(
  db: Kysely<Database>,
  rows: { payments: NewPayment[] } | { maintenance_records: NewRecord[] },
): Promise<void> {
  if ('payments' in rows) {
    for (let i = 0; i < rows.payments.length; i += BATCH) {
      await db
        .insertInto('payments')
        .values(rows.payments.slice(i, i + BATCH))
        .execute();
    }
    return;
  }
  for (let i = 0; i < rows.maintenance_records.length; i += BATCH) {
    await db
      .insertInto('maintenance_records')
      .values(rows.maintenance_records.slice(i, i + BATCH))
      .execute();
  }
}

/** Noon on a day, never later than now: when the desk recorded what happened that day. */
function stamp(day: string, now: Date): string {
  const at = new Date(`${day}T12:00:00.000Z`);
  return (at > now ? now : at).toISOString();
}

async function bookingRows(db: Kysely<Database>): Promise<BookingRow[]> {
  return db
    .selectFrom('bookings as b')
    .innerJoin('vehicles as v', 'v.id', 'b.vehicle_id')
    .select([
      'b.id',
      'b.agency_id',
      'b.booking_status',
      'b.start_date',
      'b.end_date',
      'b.booking_amount',
      'b.booking_deposit',
      'b.discount_amount',
      'b.discount_description',
      'b.payment_method',
      'v.price_per_day',
      'v.make',
      'v.model',
      'v.registration_number',
    ])
    .orderBy('b.id')
    .execute();
}

/**
 * Per agency: the latest completed rentals invoiced and paid, rentals under way invoiced and
 * still owing, and the next upcoming one drafted. Numbers follow the issue dates.
 */
function planInvoices(bookings: readonly BookingRow[], agency: AgencyDesk) {
  const own = bookings.filter((booking) => booking.agency_id === agency.id);
  const latest = (status: BookingStatus, count: number, newestFirst = true) =>
    own
      .filter((booking) => booking.booking_status === status)
      .sort((a, b) => (newestFirst ? b.end_date.localeCompare(a.end_date) : a.start_date.localeCompare(b.start_date)))
      .slice(0, count);
  const paid = latest('completed', INVOICES_PAID).map((booking) => ({ booking, issued: booking.end_date, paid: true }));
  const owing = latest('active', INVOICES_OUTSTANDING).map((booking) => ({
    booking,
    issued: booking.start_date,
    paid: false,
  }));
  const issued = [...paid, ...owing].sort((a, b) => a.issued.localeCompare(b.issued) || a.booking.id - b.booking.id);
  const draft = latest('confirmed', 1, false)[0];
  return { issued, draft };
}

/** Writes the history; `agencies` are the approved agencies (a pending one has done no business). */
export async function writeDeskHistory(
  db: Kysely<Database>,
  agencies: readonly AgencyDesk[],
  now: Date,
  today: string,
): Promise<DeskHistorySummary> {
  const bookings = await bookingRows(db);
  const createdAt = now.toISOString();
  const byAgency = new Map(agencies.map((agency) => [agency.id, agency]));

  // Invoices first: a paid invoice's booking is paid its total (tax included), others their amount.
  const invoiceTotals = new Map<number, number>();
  let invoices = 0;
  for (const agency of agencies) {
    const { issued, draft } = planInvoices(bookings, agency);
    const write = async (
      booking: BookingRow,
      invoice: { number: number | null; issued: string | null; paid: boolean },
    ) => {
      const lines = linesFromBooking({ ...booking, tax_rate: agency.taxRate });
      const sums = invoiceSums(lines, agency.taxRate);
      const at = invoice.issued ? stamp(invoice.issued, now) : createdAt;
      const row = await db
        .insertInto('invoices')
        .values({
          agency_id: agency.id,
          booking_id: booking.id,
          number: invoice.number,
          status: invoice.number === null ? 'draft' : invoice.paid ? 'paid' : 'issued',
          issue_date: invoice.issued,
          paid_date: invoice.paid ? invoice.issued : null,
          tax_rate: agency.taxRate,
          ...sums,
          notes: null,
          replaces_invoice_id: null,
          created_by: agency.staff,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('invoice_lines')
        .values(
          lines.map((line, position) => ({
            invoice_id: row.id,
            position,
            description: line.description,
            quantity: line.quantity,
            unit_amount: line.unit_amount,
            amount: line.quantity * line.unit_amount,
          })),
        )
        .execute();
      if (invoice.paid) invoiceTotals.set(booking.id, sums.total);
      invoices++;
    };
    for (const [index, invoice] of issued.entries()) {
      await write(invoice.booking, { number: index + 1, issued: invoice.issued, paid: invoice.paid });
    }
    if (issued.length > 0) {
      await db.insertInto('invoice_counters').values({ agency_id: agency.id, last_number: issued.length }).execute();
    }
    if (draft) await write(draft, { number: null, issued: null, paid: false });
  }

  // Completed rentals are paid at return; recent ones and those under way had a deposit taken.
  const payments: NewPayment[] = [];
  const recent = addDays(today, -DEPOSIT_HISTORY_DAYS);
  for (const booking of bookings) {
    const agency = byAgency.get(booking.agency_id);
    if (!agency) continue;
    const entry = (
      kind: 'payment' | 'deposit' | 'refund',
      amount: number,
      day: string,
      method: PaymentMethod,
    ): NewPayment => ({
      agency_id: booking.agency_id,
      booking_id: booking.id,
      kind,
      status: 'received',
      amount,
      method,
      paid_on: day,
      reference: null,
      recorded_by: agency.staff,
      created_at: stamp(day, now),
      updated_at: stamp(day, now),
    });
    // Deposits are held on a card or in cash.
    const depositMethod: PaymentMethod = booking.payment_method === 'debit_card' ? 'debit_card' : 'cash';
    const takesDeposit =
      booking.booking_deposit > 0 &&
      (booking.booking_status === 'active' || (booking.booking_status === 'completed' && booking.end_date >= recent));
    if (takesDeposit) payments.push(entry('deposit', booking.booking_deposit, booking.start_date, depositMethod));
    if (booking.booking_status !== 'completed') continue;
    const owed = invoiceTotals.get(booking.id) ?? booking.booking_amount;
    payments.push(entry('payment', owed, booking.end_date, booking.payment_method));
    if (takesDeposit) payments.push(entry('refund', booking.booking_deposit, booking.end_date, depositMethod));
  }
  await insertInBatches(db, { payments });

  const maintenanceRecords = await writeMaintenance(db, agencies, now, today);
  await dateCustomersBeforeBookings(db);
  return { payments: payments.length, invoices, maintenanceRecords };
}

/**
 * Each vehicle's last service a service interval before its next one, tyres or a repair on some;
 * then two vehicles of each agency brought due: one overdue, one due within a fortnight.
 */
async function writeMaintenance(
  db: Kysely<Database>,
  agencies: readonly AgencyDesk[],
  now: Date,
  today: string,
): Promise<number> {
  const byAgency = new Map(agencies.map((agency) => [agency.id, agency]));
  const vehicles = await db
    .selectFrom('vehicles as v')
    .innerJoin('agencies as a', 'a.id', 'v.agency_id')
    .select(['v.id', 'v.agency_id', 'v.mileage', 'v.next_service_date', 'a.service_interval_months'])
    .orderBy('v.id')
    .execute();
  const records: NewRecord[] = [];
  const due: { id: number; next: string }[] = [];
  const seen = new Map<number, number>();
  for (const [index, vehicle] of vehicles.entries()) {
    const agency = byAgency.get(vehicle.agency_id);
    if (!agency) continue;
    const nth = seen.get(agency.id) ?? 0;
    seen.set(agency.id, nth + 1);
    // The second vehicle of each agency is overdue, the fourth due within the fortnight.
    const next = nth === 1 ? addDays(today, -6) : nth === 3 ? addDays(today, 9) : vehicle.next_service_date;
    if (next !== vehicle.next_service_date) due.push({ id: vehicle.id, next });
    const record = (
      type: 'service' | 'repair' | 'tyres',
      day: string,
      mileage: number,
      cost: number,
      notes: string | null,
    ): NewRecord => ({
      vehicle_id: vehicle.id,
      agency_id: vehicle.agency_id,
      type,
      service_date: day,
      mileage: Math.max(0, mileage),
      cost,
      garage: GARAGES[(index + type.length) % GARAGES.length] ?? null,
      notes,
      created_by: agency.staff,
      created_at: stamp(day, now),
      updated_at: stamp(day, now),
    });
    const serviced = addMonths(next, -vehicle.service_interval_months);
    if (serviced <= today) {
      records.push(
        record(
          'service',
          serviced,
          vehicle.mileage - 9_000 - ((index * 613) % 4_000),
          14_000 + ((index * 2_150) % 12_000),
          'Annual service, oil and filters.',
        ),
      );
    }
    if (index % 3 === 0) {
      records.push(
        record(
          'tyres',
          addDays(today, -(20 + ((index * 17) % 150))),
          vehicle.mileage - 1_500,
          22_000 + (index % 4) * 4_500,
          'Two front tyres replaced.',
        ),
      );
    }
    if (index % 5 === 1) {
      records.push(
        record(
          'repair',
          addDays(today, -(45 + ((index * 29) % 200))),
          vehicle.mileage - 3_200,
          9_500 + (index % 3) * 6_000,
          'Windscreen chip repaired.',
        ),
      );
    }
  }
  await insertInBatches(db, { maintenance_records: records });
  for (const vehicle of due) {
    await db.updateTable('vehicles').set({ next_service_date: vehicle.next }).where('id', '=', vehicle.id).execute();
  }
  return records.length;
}

/**
 * A customer's record is made before their first booking or request: one created later is moved
 * to a few days before the first (by its id, so the same every time).
 */
async function dateCustomersBeforeBookings(db: Kysely<Database>): Promise<void> {
  const [customers, bookings, requests] = await Promise.all([
    db.selectFrom('customers').select(['id', 'created_at']).execute(),
    db.selectFrom('bookings').select(['customer_id', 'created_at']).execute(),
    db
      .selectFrom('booking_requests')
      .select(['customer_id', 'created_at'])
      .where('customer_id', 'is not', null)
      .execute(),
  ]);
  const first = new Map<number, string>();
  for (const row of [...bookings, ...requests]) {
    if (row.customer_id === null) continue;
    const known = first.get(row.customer_id);
    if (known === undefined || row.created_at < known) first.set(row.customer_id, row.created_at);
  }
  for (const customer of customers) {
    const earliest = first.get(customer.id);
    if (earliest === undefined || customer.created_at < earliest) continue;
    const moved = new Date(Date.parse(earliest) - (2 + (customer.id % 12)) * DAY_MS).toISOString();
    await db
      .updateTable('customers')
      .set({ created_at: moved, updated_at: moved })
      .where('id', '=', customer.id)
      .execute();
  }
}
