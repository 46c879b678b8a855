import type { Kysely, Selectable } from 'kysely';
import type { QuoteLine } from '#domain/rate-plan';
import type { BookingQuoteLineTable, Database } from '../db/types.ts';

/** A quote line as stored with a booking or a request; an overridden one keeps the quoted amount and why. */
export interface StoredQuoteLine extends QuoteLine {
  quotedAmount: number | null;
  overrideReason: string | null;
}

const COLUMNS = [
  'kind',
  'code',
  'label',
  'quantity',
  'unit_amount',
  'amount',
  'quoted_amount',
  'override_reason',
] as const;

function toRow(line: StoredQuoteLine, position: number) {
  return {
    position,
    kind: line.kind,
    code: line.code,
    label: line.label,
    quantity: line.quantity,
    unit_amount: line.unitAmount,
    amount: line.amount,
    quoted_amount: line.quotedAmount,
    override_reason: line.overrideReason,
  };
}

type Row = Pick<Selectable<BookingQuoteLineTable>, (typeof COLUMNS)[number]>;

function fromRow(row: Row): StoredQuoteLine {
  return {
    kind: row.kind,
    code: row.code,
    label: row.label,
    quantity: row.quantity,
    unitAmount: row.unit_amount,
    amount: row.amount,
    quotedAmount: row.quoted_amount,
    overrideReason: row.override_reason,
  };
}

/** Replaces a booking's lines with `lines` (a new booking, or an edit that priced it again). */
export async function storeBookingQuoteLines(
  db: Kysely<Database>,
  bookingId: number,
  lines: readonly StoredQuoteLine[],
): Promise<void> {
  await db.deleteFrom('booking_quote_lines').where('booking_id', '=', bookingId).execute();
  if (lines.length === 0) return;
  await db
    .insertInto('booking_quote_lines')
    .values(lines.map((line, position) => ({ booking_id: bookingId, ...toRow(line, position) })))
    .execute();
}

export async function storeRequestQuoteLines(
  db: Kysely<Database>,
  requestId: number,
  lines: readonly StoredQuoteLine[],
): Promise<void> {
  await db.deleteFrom('request_quote_lines').where('booking_request_id', '=', requestId).execute();
  if (lines.length === 0) return;
  await db
    .insertInto('request_quote_lines')
    .values(lines.map((line, position) => ({ booking_request_id: requestId, ...toRow(line, position) })))
    .execute();
}

/** A booking's lines in their order; empty for a booking made before quotes. */
export async function bookingQuoteLines(db: Kysely<Database>, bookingId: number): Promise<StoredQuoteLine[]> {
  const rows = await db
    .selectFrom('booking_quote_lines')
    .select(COLUMNS)
    .where('booking_id', '=', bookingId)
    .orderBy('position')
    .execute();
  return rows.map(fromRow);
}

export async function requestQuoteLines(db: Kysely<Database>, requestId: number): Promise<StoredQuoteLine[]> {
  const rows = await db
    .selectFrom('request_quote_lines')
    .select(COLUMNS)
    .where('booking_request_id', '=', requestId)
    .orderBy('position')
    .execute();
  return rows.map(fromRow);
}
