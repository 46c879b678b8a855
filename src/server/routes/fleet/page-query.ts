import { pagingQuery } from '../params.ts';

/** The fleet area's lists: up to 500 rows a page, 100 when not asked. */
export const pageQuery = pagingQuery(100, 500);
