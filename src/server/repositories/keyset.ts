import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';

/** One sort key of a list's order: an SQL expression and the type its cursor value must have. */
export interface SortKey {
  expression: RawBuilder<unknown>;
  type: 'text' | 'integer';
}

/**
 * A list's order for keyset paging: sort keys, the last of them unique (the id), so every row
 * has one place and a page never repeats or skips a row, whatever else ties.
 */
export interface KeysetOrder {
  /** Written into each cursor: a cursor made for another list or order is refused. */
  name: string;
  keys: readonly SortKey[];
  direction: 'asc' | 'desc';
}

/** Which page of a list: after a cursor, or after `offset` rows (SPEC §7's limit/offset). */
export interface ListPage {
  limit: number;
  offset: number;
  cursor?: string | null | undefined;
}

/** A page of a list with its total and the cursor of the page after it (null on the last page). */
export interface CursorPaged<T> {
  items: T[];
  total: number;
  /** The total stopped counting at this many rows (a search counts at most SEARCH_COUNT_CAP). */
  totalCapped: boolean;
  next: string | null;
}

/** A cursor the list cannot use; the route answers 400 with the message. */
export class InvalidCursorError extends Error {}

const INVALID_CURSOR = 'This cursor is not valid for this list; load the list again from its first page.';
const MAX_TEXT_KEY = 1_000;
/** The largest id a PostgreSQL `serial` holds. */
const MAX_ID = 2_147_483_647;

/** `desc` → `name:desc`, a ready name for the orders of one list. */
export const orderName = (list: string, ordering: string) => `${list}:${ordering}`;

export function newestFirstOrder(list: string, table: string): KeysetOrder {
  return {
    name: orderName(list, '-created_at'),
    keys: [
      { expression: sql`${sql.ref(`${table}.created_at`)}`, type: 'text' },
      { expression: sql`${sql.ref(`${table}.id`)}`, type: 'integer' },
    ],
    direction: 'desc',
  };
}

type KeyValue = string | number;

function encodeCursor(order: KeysetOrder, values: readonly KeyValue[]): string {
  return Buffer.from(JSON.stringify([order.name, ...values])).toString('base64url');
}

/** The key values a cursor holds, checked against the order: else InvalidCursorError. */
export function decodeCursor(order: KeysetOrder, cursor: string): KeyValue[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError(INVALID_CURSOR);
  }
  if (!Array.isArray(parsed) || parsed[0] !== order.name || parsed.length !== order.keys.length + 1) {
    throw new InvalidCursorError(INVALID_CURSOR);
  }
  const values: unknown[] = parsed.slice(1);
  // Within what both engines store, so a forged value is refused here rather than by PostgreSQL.
  const fits = values.every((value, i) =>
    order.keys[i]?.type === 'integer'
      ? Number.isInteger(value) && Number(value) >= 0 && Number(value) <= MAX_ID
      : typeof value === 'string' && value.length <= MAX_TEXT_KEY && !value.includes('\u0000'),
  );
  if (!fits) throw new InvalidCursorError(INVALID_CURSOR);
  return values as KeyValue[];
}

const keyAlias = (i: number) => `_key${i}`;

/** Rows strictly after `values` in the order: one row-value comparison, which indexes serve. */
function after(order: KeysetOrder, values: readonly KeyValue[]): RawBuilder<SqlBool> {
  const keys = sql.join(order.keys.map((key) => key.expression));
  const position = sql.join(values.map((value) => sql.val(value)));
  return order.direction === 'desc' ? sql<SqlBool>`(${keys}) < (${position})` : sql<SqlBool>`(${keys}) > (${position})`;
}

function ordered<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, order: KeysetOrder) {
  return order.keys.reduce((sorted, key) => sorted.orderBy(key.expression, order.direction), query);
}

/** The key values a row was selected with (see `keyAlias`). */
function keysOf(order: KeysetOrder, row: Record<string, unknown>): KeyValue[] {
  return order.keys.map((key, i) => {
    const value = row[keyAlias(i)];
    // PostgreSQL's lower() and SQLite's integers come back as the JS types the cursor keeps.
    return key.type === 'integer' ? Number(value) : String(value);
  });
}

/**
 * One page of `rows` in `order`: after the cursor, or after `offset` rows. An offset is first
 * turned into the position of the row before the page by `positions` (the list's filter and the
 * joins its keys need, no more), which walks an index instead of building the skipped rows; the
 * page itself is then read like a cursor page, `limit + 1` rows to learn whether another follows.
 */
export async function keysetPage<DB, TB extends keyof DB, O, PDB, PTB extends keyof PDB, PO>(
  order: KeysetOrder,
  page: ListPage,
  rows: SelectQueryBuilder<DB, TB, O>,
  positions: SelectQueryBuilder<PDB, PTB, PO>,
): Promise<{ rows: O[]; next: string | null }> {
  if (page.cursor && page.offset > 0) throw new InvalidCursorError('Send either a cursor or an offset, not both.');
  let start: KeyValue[] | null = page.cursor ? decodeCursor(order, page.cursor) : null;
  if (!start && page.offset > 0) {
    const anchor = await ordered(positions, order)
      .select(order.keys.map((key, i) => key.expression.as(keyAlias(i))))
      .limit(1)
      .offset(page.offset - 1)
      .$castTo<Record<string, unknown>>()
      .executeTakeFirst();
    if (!anchor) return { rows: [], next: null };
    start = keysOf(order, anchor);
  }
  const found = await ordered(start ? rows.where(after(order, start)) : rows, order)
    .select(order.keys.map((key, i) => key.expression.as(keyAlias(i))))
    .limit(page.limit + 1)
    .$castTo<O & Record<string, unknown>>()
    .execute();
  const items = found.slice(0, page.limit);
  const last = items.at(-1);
  return {
    rows: items,
    next: found.length > page.limit && last ? encodeCursor(order, keysOf(order, last)) : null,
  };
}
