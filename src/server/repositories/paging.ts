import type { SelectQueryBuilder } from 'kysely';

export interface Page {
  limit: number;
  offset: number;
}

export interface Paged<T> {
  items: T[];
  total: number;
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
