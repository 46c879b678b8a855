import * as v from 'valibot';
import { id } from '#domain/schemas/fields';
import { cursorPagingFields } from '../params.ts';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

/** `limit` / `offset` or `cursor` of every list in this area. */
export const pageFields = cursorPagingFields(DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
export const pageQuery = v.object(pageFields);

export const requestIdParams = v.object({ id: id('Booking request') });
