/** One page of a list read through `api.list`: the rows and the server's X-Total-Count. */
export interface ListPage<T> {
  items: T[];
  total: number;
}

/** The offset of the next page, or undefined once every row the server counts is loaded. */
export function nextOffset<T>(lastPage: ListPage<T>, pages: ListPage<T>[]): number | undefined {
  const loaded = pages.reduce((count, page) => count + page.items.length, 0);
  // An empty page means the list shrank under us: stop rather than ask for the same offset forever.
  return loaded < lastPage.total && lastPage.items.length > 0 ? loaded : undefined;
}

/** Every row of the pages loaded so far, in order. */
export function allItems<T>(pages: ListPage<T>[] | undefined): T[] {
  return pages?.flatMap((page) => page.items) ?? [];
}
