/**
 * Readers of the address's search params, for routes' `validateSearch` and the screens that check
 * what a value means. They stay small on purpose: the route tree (and so these) loads with the
 * landing page, while each screen checks its own values (dates, which types exist) in its own chunk.
 */

/** A positive whole number (an id), or undefined. */
export function searchId(value: unknown): number | undefined {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : undefined;
}

/** Non-empty text, or undefined. */
export function searchText(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The search without its undefined values, so links and the address bar stay clean. */
export function definedOnly<T extends object>(search: T): T {
  return Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined)) as T;
}

/** The public browse's category filter in the address (`?category=Economy`): a name, or none. */
export interface CategorySearch {
  category?: string;
}

export function categorySearch(search: Record<string, unknown>): CategorySearch {
  const category = searchText(search['category']);
  return category === undefined ? {} : { category };
}
