/** One page of a list read through `api.list`: the rows and the server's X-Total-Count. */
export interface ListPage<T> {
  items: T[];
  total: number;
}

/** One page of a list the server pages by cursor, read through `api.page`. */
export interface CursorPage<T> extends ListPage<T> {
  /** The server stopped counting a search at `total` rows: there may be more. */
  totalCapped: boolean;
  /** Where the next page starts (X-Next-Cursor); null on the last page. */
  next: string | null;
}

/** The offset of the next page, or undefined once every row the server counts is loaded. */
export function nextOffset<T>(lastPage: ListPage<T>, pages: ListPage<T>[]): number | undefined {
  const loaded = pages.reduce((count, page) => count + page.items.length, 0);
  // An empty page means the list shrank under us: stop rather than ask for the same offset forever.
  return loaded < lastPage.total && lastPage.items.length > 0 ? loaded : undefined;
}

/** The page param of a cursor list's first page: no cursor. */
export const FIRST_PAGE: string | null = null;

/**
 * The cursor of the page after `lastPage`, or undefined on the last page. A cursor names a place
 * in the list, not a row count: rows added or removed meanwhile never make a page repeat or skip one.
 */
export function nextCursor<T>(lastPage: CursorPage<T>): string | undefined {
  return lastPage.next ?? undefined;
}

/** A list's path with its query: `params`, and the cursor of the page asked for (none for the first). */
export function pagePath(path: string, params: Record<string, string>, cursor: string | null): string {
  const query = new URLSearchParams(params);
  if (cursor !== null) query.set('cursor', cursor);
  return `${path}?${query.toString()}`;
}

/** Every row of the pages loaded so far, in order. */
export function allItems<T>(pages: ListPage<T>[] | undefined): T[] {
  return pages?.flatMap((page) => page.items) ?? [];
}
