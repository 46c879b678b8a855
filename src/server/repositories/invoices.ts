import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Invoice, InvoiceStatus, InvoiceSummary, InvoiceTotals } from '#domain/api/invoices';
import { INVOICE_STATUSES } from '#domain/api/invoices';
import { invoiceSums, type LineSum } from '#domain/invoice-sums';
import { formatMoney } from '#domain/money';
import type { Database } from '../db/types.ts';
import type { Page, Paged } from './paging.ts';
import { countRows } from './paging.ts';
import { moneyOf } from './payments.ts';

export interface InvoiceLineValues extends LineSum {
  description: string;
}

export interface InvoiceFilter {
  /** One agency's invoices, or every agency's when null. */
  scope: number | null;
  status?: InvoiceStatus | undefined;
  bookingId?: number | undefined;
  customerId?: number | undefined;
  /** The invoice's date (issue date, or a draft's creation day) within [from, to]. */
  from?: string | undefined;
  to?: string | undefined;
}

/** What a new draft is made from: a booking of the caller's scope, its vehicle's rate and its agency's tax rate. */
export interface InvoiceableBooking {
  id: number;
  agency_id: number;
  start_date: string;
  end_date: string;
  booking_amount: number;
  discount_amount: number;
  discount_description: string | null;
  price_per_day: number;
  make: string;
  model: string;
  registration_number: string;
  tax_rate: number;
  /** 1 when the agency's prices include tax (its quotes' lines are then gross). */
  prices_include_tax: number;
}

export async function findInvoiceableBooking(
  db: Kysely<Database>,
  bookingId: number,
  scope: number | null,
): Promise<InvoiceableBooking | undefined> {
  let query = db
    .selectFrom('bookings as b')
    .innerJoin('vehicles as v', 'v.id', 'b.vehicle_id')
    .innerJoin('agencies as a', 'a.id', 'b.agency_id')
    .select([
      'b.id',
      'b.agency_id',
      'b.start_date',
      'b.end_date',
      'b.booking_amount',
      'b.discount_amount',
      'b.discount_description',
      'v.price_per_day',
      'v.make',
      'v.model',
      'v.registration_number',
      'a.tax_rate',
      'a.prices_include_tax',
    ])
    .where('b.id', '=', bookingId);
  if (scope !== null) query = query.where('b.agency_id', '=', scope);
  return query.executeTakeFirst();
}

function invoicesOf(db: Kysely<Database>, filter: InvoiceFilter) {
  let query = db
    .selectFrom('invoices as i')
    .innerJoin('bookings as b', 'b.id', 'i.booking_id')
    .innerJoin('customers as c', 'c.id', 'b.customer_id')
    .innerJoin('vehicles as v', 'v.id', 'b.vehicle_id');
  if (filter.scope !== null) query = query.where('i.agency_id', '=', filter.scope);
  if (filter.status !== undefined) query = query.where('i.status', '=', filter.status);
  if (filter.bookingId !== undefined) query = query.where('i.booking_id', '=', filter.bookingId);
  if (filter.customerId !== undefined) query = query.where('b.customer_id', '=', filter.customerId);
  // substr and coalesce read the same in both engines; created_at is ISO text, its first ten characters the day.
  const day: Expression<string> = sql<string>`coalesce(i.issue_date, substr(i.created_at, 1, 10))`;
  if (filter.from !== undefined) query = query.where(sql<SqlBool>`${day} >= ${filter.from}`);
  if (filter.to !== undefined) query = query.where(sql<SqlBool>`${day} <= ${filter.to}`);
  return query;
}

function summaryRows(invoices: ReturnType<typeof invoicesOf>) {
  return invoices.select((eb) => [
    'i.id',
    'i.agency_id',
    'i.number',
    'i.status',
    'i.booking_id',
    'i.issue_date',
    'i.paid_date',
    'i.tax_rate',
    'i.subtotal',
    'i.tax',
    'i.total',
    'i.notes',
    'i.replaces_invoice_id',
    'i.created_by',
    'i.created_at',
    'i.updated_at',
    'b.customer_id',
    'b.start_date',
    'b.end_date',
    'c.first_name',
    'c.last_name',
    'v.make',
    'v.model',
    'v.registration_number',
    eb
      .selectFrom('invoices as r')
      .select('r.id')
      .whereRef('r.replaces_invoice_id', '=', 'i.id')
      .limit(1)
      .as('replaced_by'),
  ]);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryRows>['executeTakeFirstOrThrow']>>;

function toSummary(row: SummaryRow): InvoiceSummary {
  return {
    id: row.id,
    agency_id: row.agency_id,
    number: row.number,
    status: row.status,
    booking: row.booking_id,
    customer: row.customer_id,
    customer_details: { first_name: row.first_name, last_name: row.last_name },
    vehicle_details: { make: row.make, model: row.model, registration_number: row.registration_number },
    booking_details: { start_date: row.start_date, end_date: row.end_date },
    issue_date: row.issue_date,
    paid_date: row.paid_date,
    tax_rate: formatMoney(row.tax_rate),
    subtotal: formatMoney(row.subtotal),
    tax: formatMoney(row.tax),
    total: formatMoney(row.total),
    notes: row.notes,
    replaces: row.replaces_invoice_id,
    replaced_by: row.replaced_by ?? null,
    created_by: row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** A page of invoices, newest first, with the total. */
export async function listInvoices(
  db: Kysely<Database>,
  filter: InvoiceFilter,
  page: Page,
): Promise<Paged<InvoiceSummary>> {
  const invoices = invoicesOf(db, filter);
  const [rows, total] = await Promise.all([
    summaryRows(invoices)
      .orderBy('i.created_at', 'desc')
      .orderBy('i.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countRows(invoices),
  ]);
  return { items: rows.map(toSummary), total };
}

/** Count and sum of the invoices a filter matches, per status and overall (void ones left out of the total). */
export async function sumInvoices(db: Kysely<Database>, filter: InvoiceFilter): Promise<InvoiceTotals> {
  const rows = await invoicesOf(db, filter)
    .select((eb) => ['i.status', eb.fn.countAll().as('count'), eb.fn.sum('i.total').as('total')])
    .groupBy('i.status')
    .execute();
  const byStatus = Object.fromEntries(
    INVOICE_STATUSES.map((status) => {
      const row = rows.find((r) => r.status === status);
      return [status, { count: Number(row?.count ?? 0), total: Number(row?.total ?? 0) }];
    }),
  ) as Record<InvoiceStatus, { count: number; total: number }>;
  const counted = INVOICE_STATUSES.filter((status) => status !== 'void');
  return {
    count: INVOICE_STATUSES.reduce((sum, status) => sum + byStatus[status].count, 0),
    total: formatMoney(counted.reduce((sum, status) => sum + byStatus[status].total, 0)),
    by_status: Object.fromEntries(
      INVOICE_STATUSES.map((status) => [
        status,
        { count: byStatus[status].count, total: formatMoney(byStatus[status].total) },
      ]),
    ) as InvoiceTotals['by_status'],
  };
}

/** One invoice with its lines within the caller's scope; undefined when missing or another agency's. */
export async function findInvoice(
  db: Kysely<Database>,
  id: number,
  scope: number | null,
): Promise<Invoice | undefined> {
  const row = await summaryRows(invoicesOf(db, { scope }).where('i.id', '=', id)).executeTakeFirst();
  if (!row) return undefined;
  const lines = await db
    .selectFrom('invoice_lines')
    .select(['description', 'quantity', 'unit_amount', 'amount'])
    .where('invoice_id', '=', id)
    .orderBy('position')
    .execute();
  return {
    ...toSummary(row),
    lines: lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unit_amount: formatMoney(line.unit_amount),
      amount: formatMoney(line.amount),
    })),
  };
}

/** The lines of an invoice in minor units (a replacement starts from the void invoice's). */
export async function invoiceLineValues(db: Kysely<Database>, invoiceId: number): Promise<InvoiceLineValues[]> {
  return db
    .selectFrom('invoice_lines')
    .select(['description', 'quantity', 'unit_amount'])
    .where('invoice_id', '=', invoiceId)
    .orderBy('position')
    .execute();
}

async function writeLines(trx: Kysely<Database>, invoiceId: number, lines: readonly InvoiceLineValues[]) {
  await trx.deleteFrom('invoice_lines').where('invoice_id', '=', invoiceId).execute();
  await trx
    .insertInto('invoice_lines')
    .values(
      lines.map((line, position) => ({
        invoice_id: invoiceId,
        position,
        description: line.description,
        quantity: line.quantity,
        unit_amount: line.unit_amount,
        amount: line.quantity * line.unit_amount,
      })),
    )
    .execute();
}

/** The invoice of a booking that still counts (not void), if any. */
export async function liveInvoiceOf(db: Kysely<Database>, bookingId: number) {
  return db
    .selectFrom('invoices')
    .select(['id', 'number', 'status'])
    .where('booking_id', '=', bookingId)
    .where('status', '!=', 'void')
    .executeTakeFirst();
}

export interface NewDraft {
  agency_id: number;
  booking_id: number;
  tax_rate: number;
  notes: string | null;
  replaces_invoice_id: number | null;
  created_by: number;
  now: string;
}

/** The replacement already made for a void invoice, if any. */
export async function replacementOf(db: Kysely<Database>, invoiceId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('invoices')
    .select('id')
    .where('replaces_invoice_id', '=', invoiceId)
    .executeTakeFirst();
  return row?.id;
}

/** Inserts a draft with its lines and their sums; that the booking may take it is the caller's check, in the same transaction. */
export async function insertDraft(
  db: Kysely<Database>,
  draft: NewDraft,
  lines: readonly InvoiceLineValues[],
): Promise<number> {
  const sums = invoiceSums(lines, draft.tax_rate);
  const row = await db
    .insertInto('invoices')
    .values({
      agency_id: draft.agency_id,
      booking_id: draft.booking_id,
      number: null,
      status: 'draft',
      issue_date: null,
      paid_date: null,
      tax_rate: draft.tax_rate,
      ...sums,
      notes: draft.notes,
      replaces_invoice_id: draft.replaces_invoice_id,
      created_by: draft.created_by,
      created_at: draft.now,
      updated_at: draft.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeLines(db, row.id, lines);
  return row.id;
}

/**
 * Moves an invoice from one of `from` to `status`, the first write of its transaction so that
 * it also takes the row's lock; false when it was no longer in one of `from`.
 */
async function moveStatus(
  trx: Kysely<Database>,
  id: number,
  from: readonly InvoiceStatus[],
  changes: { status: InvoiceStatus; updated_at: string; paid_date?: string },
): Promise<boolean> {
  const result = await trx
    .updateTable('invoices')
    .set(changes)
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Replaces a draft's lines and/or notes and its totals at the agency's current rate; false when
 * not a draft. Several statements: call inside a transaction.
 */
export async function updateDraft(
  trx: Kysely<Database>,
  id: number,
  changes: { lines?: readonly InvoiceLineValues[] | undefined; notes?: string | null | undefined; now: string },
): Promise<boolean> {
  if (!(await moveStatus(trx, id, ['draft'], { status: 'draft', updated_at: changes.now }))) return false;
  if (changes.lines) await writeLines(trx, id, changes.lines);
  const rate = await agencyRateOf(trx, id);
  const sums = invoiceSums(await invoiceLineValues(trx, id), rate);
  await trx
    .updateTable('invoices')
    .set({ ...sums, tax_rate: rate, ...(changes.notes !== undefined ? { notes: changes.notes } : {}) })
    .where('id', '=', id)
    .execute();
  return true;
}

async function agencyRateOf(trx: Kysely<Database>, invoiceId: number): Promise<number> {
  const row = await trx
    .selectFrom('invoices as i')
    .innerJoin('agencies as a', 'a.id', 'i.agency_id')
    .select(['a.tax_rate'])
    .where('i.id', '=', invoiceId)
    .executeTakeFirstOrThrow();
  return row.tax_rate;
}

/**
 * Issues a draft: fixes the agency's tax rate and the totals, then takes the agency's next
 * number from its counter, all in the caller's transaction (decision 031). The counter's upsert locks
 * its row until commit on PostgreSQL, and SQLite has one writer at a time, so two issues never
 * read the same number; a failure rolls the counter back with the rest, so no number is lost.
 * Returns the number, or null when the invoice was no longer a draft. Call inside a transaction.
 */
export async function issueDraft(trx: Kysely<Database>, id: number, issueDate: string, now: string) {
  if (!(await moveStatus(trx, id, ['draft'], { status: 'issued', updated_at: now }))) return null;
  const invoice = await trx
    .selectFrom('invoices as i')
    .innerJoin('agencies as a', 'a.id', 'i.agency_id')
    .select(['i.agency_id', 'a.tax_rate'])
    .where('i.id', '=', id)
    .executeTakeFirstOrThrow();
  const sums = invoiceSums(await invoiceLineValues(trx, id), invoice.tax_rate);
  const counter = await trx
    .insertInto('invoice_counters')
    .values({ agency_id: invoice.agency_id, last_number: 1 })
    .onConflict((oc) =>
      oc.column('agency_id').doUpdateSet({ last_number: sql<number>`invoice_counters.last_number + 1` }),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('invoices')
    .set({ ...sums, tax_rate: invoice.tax_rate, number: counter.last_number, issue_date: issueDate })
    .where('id', '=', id)
    .execute();
  await settleIfPaid(trx, { invoiceId: id }, issueDate, now);
  return counter.last_number;
}

/**
 * Marks a booking's issued invoice paid when what the booking has been paid (payments less
 * refunds, decision 030) and the deposit its finalized return kept for the charges (decision
 * 054) cover the invoice's total: call it inside the transaction that records the settling
 * payment, issues the invoice or settles the return, so the two are committed together.
 * The paid date is `paidOn`, or the issue date when that is later. Returns true when it moved.
 */
export async function settleIfPaid(
  trx: Kysely<Database>,
  which: { bookingId: number } | { invoiceId: number },
  paidOn: string,
  now: string,
): Promise<boolean> {
  let query = trx
    .selectFrom('invoices as i')
    .innerJoin('bookings as b', 'b.id', 'i.booking_id')
    .select(['i.id', 'i.booking_id', 'i.total', 'i.issue_date', 'b.booking_amount'])
    .where('i.status', '=', 'issued');
  query =
    'bookingId' in which
      ? query.where('i.booking_id', '=', which.bookingId)
      : query.where('i.id', '=', which.invoiceId);
  const invoice = await query.executeTakeFirst();
  if (!invoice) return false;
  const entries = await trx
    .selectFrom('payments')
    .select(['kind', 'status', 'amount'])
    .where('booking_id', '=', invoice.booking_id)
    .where('status', '=', 'received')
    .execute();
  const settlement = await trx
    .selectFrom('return_settlements')
    .select('deposit_applied')
    .where('booking_id', '=', invoice.booking_id)
    .executeTakeFirst();
  const keptDeposit = settlement?.deposit_applied ?? 0;
  if (moneyOf(invoice.booking_amount, entries).paid + keptDeposit < invoice.total) return false;
  const issued = invoice.issue_date ?? paidOn;
  return moveStatus(trx, invoice.id, ['issued'], {
    status: 'paid',
    paid_date: paidOn > issued ? paidOn : issued,
    updated_at: now,
  });
}

/** issued → paid on `paidDate`; false when it was not issued. */
export async function markPaid(db: Kysely<Database>, id: number, paidDate: string, now: string): Promise<boolean> {
  return moveStatus(db, id, ['issued'], { status: 'paid', paid_date: paidDate, updated_at: now });
}

/** Any live invoice → void; its number stays taken (a void invoice is kept, never deleted). */
export async function voidInvoice(db: Kysely<Database>, id: number, now: string): Promise<boolean> {
  return moveStatus(db, id, ['draft', 'issued', 'paid'], { status: 'void', updated_at: now });
}

/** What the PDF shows beyond the invoice: the agency's details and logo key, the customer's address, the replaced number. */
export async function findInvoiceParties(db: Kysely<Database>, invoiceId: number) {
  return db
    .selectFrom('invoices as i')
    .innerJoin('agencies as a', 'a.id', 'i.agency_id')
    .innerJoin('bookings as b', 'b.id', 'i.booking_id')
    .innerJoin('customers as c', 'c.id', 'b.customer_id')
    .leftJoin('invoices as r', 'r.id', 'i.replaces_invoice_id')
    .select([
      'r.number as replaces_number',
      'a.name as agency_name',
      'a.contact_email as agency_email',
      'a.phone_number as agency_phone',
      'a.logo_key as agency_logo_key',
      'a.postal_address as agency_postal_address',
      'a.vat_number as agency_vat_number',
      'c.title as customer_title',
      'c.email as customer_email',
      'c.phone_number as customer_phone',
      'c.street_address',
      'c.address_line2',
      'c.city',
      'c.country',
    ])
    .where('i.id', '=', invoiceId)
    .executeTakeFirstOrThrow();
}
