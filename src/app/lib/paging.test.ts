import { describe, expect, it } from 'vitest';
import { allItems, FIRST_PAGE, nextCursor, pagePath } from './paging.ts';

describe('cursor paging', () => {
  it('asks for the first page without a cursor and for later pages with the one the server gave', () => {
    expect(pagePath('bookings/', { limit: '25', ordering: '-created_at' }, FIRST_PAGE)).toBe(
      'bookings/?limit=25&ordering=-created_at',
    );
    expect(pagePath('bookings/', { limit: '25', search: 'a&b' }, 'WyJ4Il0')).toBe(
      'bookings/?limit=25&search=a%26b&cursor=WyJ4Il0',
    );
  });

  it('goes on while the server names a next page, and stops on the last one', () => {
    const page = (next: string | null) => ({ items: [1], total: 3, totalCapped: false, next });
    expect(nextCursor(page('WyJ4Il0'))).toBe('WyJ4Il0');
    expect(nextCursor(page(null))).toBeUndefined();
    expect(allItems([page('a'), { ...page(null), items: [2, 3] }])).toEqual([1, 2, 3]);
  });
});
