import { sql, type SelectQueryBuilder } from 'kysely';

export interface Page {
  limit: number;
  offset: number;
}

export interface Paged<T> {
  items: T[];
  total: number;
}

/**
 * Newest first, ties by id, one page: the order of every booking and booking-request list.
 * `table` is the name (or alias) the query gives the listed table.
 */
export function newestFirst<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  table: string,
  page: Page,
) {
  return query
    .orderBy(sql.ref(`${table}.created_at`), 'desc')
    .orderBy(sql.ref(`${table}.id`), 'desc')
    .limit(page.limit)
    .offset(page.offset);
}

/** How many rows a list's query matches, whatever page of it is shown. */
export async function countRows<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  const row = await query
    .select((eb) => eb.fn.countAll().as('total'))
    // The selection's type can't be worked out for any DB and TB; the one column is certain.
    .$castTo<{ total: number | string | bigint }>()
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
