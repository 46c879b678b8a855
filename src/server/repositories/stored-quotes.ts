import type { Kysely } from 'kysely';
import type { QuoteLineView, StoredExtraView, StoredQuoteView } from '#domain/api/quotes';
import { formatMoney } from '#domain/money';
import type { QuoteLineKind } from '#domain/rate-plan';
import type { Database } from '../db/types.ts';

/** What a booking or a request was priced with: null before quotes (no plan version stored). */
export interface QuotedRecord {
  id: number;
  planVersion: number | null;
}

interface LineRow {
  owner: number;
  kind: QuoteLineKind;
  code: string;
  label: string;
  quantity: number;
  unit_amount: number;
  amount: number;
  quoted_amount: number | null;
  override_reason: string | null;
}

interface ExtraRow {
  owner: number;
  extra_id: number;
  name: string;
  quantity: number;
}

const LINE_COLUMNS = [
  'kind',
  'code',
  'label',
  'quantity',
  'unit_amount',
  'amount',
  'quoted_amount',
  'override_reason',
] as const;

function lineView(row: LineRow): QuoteLineView {
  return {
    kind: row.kind,
    code: row.code,
    label: row.label,
    quantity: row.quantity,
    unit_amount: formatMoney(row.unit_amount),
    amount: formatMoney(row.amount),
    quoted_amount: row.quoted_amount === null ? null : formatMoney(row.quoted_amount),
    override_reason: row.override_reason,
  };
}

/** Each quoted record's view: its lines in order, their total (decision 044: exactly their sum) and its extras. */
function assemble(
  records: readonly QuotedRecord[],
  lines: readonly LineRow[],
  extras: readonly ExtraRow[],
): Map<number, StoredQuoteView> {
  const views = new Map<number, StoredQuoteView & { sum: number }>();
  for (const record of records) {
    if (record.planVersion === null) continue;
    views.set(record.id, { plan_version: record.planVersion, lines: [], total: '0.00', extras: [], sum: 0 });
  }
  for (const line of lines) {
    const view = views.get(line.owner);
    if (!view) continue;
    view.lines.push(lineView(line));
    view.sum += line.amount;
  }
  for (const extra of extras) {
    const taken: StoredExtraView = { extra_id: extra.extra_id, name: extra.name, quantity: extra.quantity };
    views.get(extra.owner)?.extras.push(taken);
  }
  const result = new Map<number, StoredQuoteView>();
  for (const [id, { sum, ...view }] of views) result.set(id, { ...view, total: formatMoney(sum) });
  return result;
}

function quotedIds(records: readonly QuotedRecord[]): number[] {
  return records.filter((record) => record.planVersion !== null).map((record) => record.id);
}

/** The stored quotes of some booking requests, by request id (two queries whatever their number). */
export async function requestQuoteViews(
  db: Kysely<Database>,
  records: readonly QuotedRecord[],
): Promise<Map<number, StoredQuoteView>> {
  const ids = quotedIds(records);
  if (ids.length === 0) return new Map();
  const [lines, extras] = await Promise.all([
    db
      .selectFrom('request_quote_lines')
      .select(['booking_request_id as owner', ...LINE_COLUMNS])
      .where('booking_request_id', 'in', ids)
      .orderBy('booking_request_id')
      .orderBy('position')
      .execute(),
    db
      .selectFrom('request_extras as re')
      .innerJoin('extras as e', 'e.id', 're.extra_id')
      .select(['re.booking_request_id as owner', 're.extra_id', 'e.name', 're.quantity'])
      .where('re.booking_request_id', 'in', ids)
      .orderBy('re.booking_request_id')
      .orderBy('re.extra_id')
      .execute(),
  ]);
  return assemble(records, lines, extras);
}

/** The stored quotes of some bookings, by booking id. */
export async function bookingQuoteViews(
  db: Kysely<Database>,
  records: readonly QuotedRecord[],
): Promise<Map<number, StoredQuoteView>> {
  const ids = quotedIds(records);
  if (ids.length === 0) return new Map();
  const [lines, extras] = await Promise.all([
    db
      .selectFrom('booking_quote_lines')
      .select(['booking_id as owner', ...LINE_COLUMNS])
      .where('booking_id', 'in', ids)
      .orderBy('booking_id')
      .orderBy('position')
      .execute(),
    db
      .selectFrom('booking_extras as be')
      .innerJoin('extras as e', 'e.id', 'be.extra_id')
      .select(['be.booking_id as owner', 'be.extra_id', 'e.name', 'be.quantity'])
      .where('be.booking_id', 'in', ids)
      .orderBy('be.booking_id')
      .orderBy('be.extra_id')
      .execute(),
  ]);
  return assemble(records, lines, extras);
}

/** One booking's stored quote, or null for a booking made before quotes. */
export async function bookingQuoteView(
  db: Kysely<Database>,
  bookingId: number,
  planVersion: number | null,
): Promise<StoredQuoteView | null> {
  return (await bookingQuoteViews(db, [{ id: bookingId, planVersion }])).get(bookingId) ?? null;
}

/**
 * A stored quote as its customer reads it (decision 048): each line's amount as charged, without
 * staff's override notes (the amount the quote gave and why staff changed it): both read null, as
 * on a line nobody overrode.
 */
export function customerQuoteView(view: StoredQuoteView): StoredQuoteView {
  return {
    ...view,
    lines: view.lines.map((line) => ({ ...line, quoted_amount: null, override_reason: null })),
  };
}
