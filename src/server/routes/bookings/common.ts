import * as v from 'valibot';
import type { FastifyReply } from 'fastify';
import { id, wholeNumber } from '#domain/schemas/fields';
import type { Deps } from '../../context.ts';
import { badRequest, conflict, type FieldErrors, type HttpError } from '../../http/errors.ts';
import { RequestAlreadyBookedError, VehicleAlreadyBookedError } from '../../repositories/bookings.ts';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

/** `limit` / `offset` of every list in this area. */
export const pageFields = {
  limit: v.optional(wholeNumber('Limit', { min: 1, max: MAX_PAGE_SIZE }), DEFAULT_PAGE_SIZE),
  offset: v.optional(wholeNumber('Offset', { min: 0 }), 0),
};
export const pageQuery = v.object(pageFields);

export const requestIdParams = v.object({ id: id('Booking request') });
export const customerIdParams = v.object({ id: id('Customer') });

export const REQUEST_NOT_FOUND = 'Booking request not found.';

/** Sends a list with its total in X-Total-Count. */
export function paged<T>(reply: FastifyReply, page: { items: T[]; total: number }): T[] {
  reply.header('X-Total-Count', String(page.total));
  return page.items;
}

/** The card-width URL of a vehicle image. */
export function cardImageUrl(deps: Deps): (fileKey: string) => string {
  return (fileKey) => deps.media.vehicleImageUrl(fileKey, 'card');
}

/** 2026-05-10 → 10/05/2026, the en-GB form people read (SPEC §9). */
export function britishDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

/** A 400 naming every field found wrong, worded like the schema validation's replies. */
export function fieldsError(fields: FieldErrors): HttpError {
  const messages = Object.values(fields).flat();
  const summary = messages.length > 1 ? `Please correct the ${messages.length} highlighted fields.` : messages.join('');
  return badRequest(summary, fields);
}

/** Turns the repositories' booking refusals into 409 replies; anything else passes through. */
export function bookingConflict(error: unknown): unknown {
  if (error instanceof VehicleAlreadyBookedError) {
    const message = `This vehicle is already booked from ${britishDate(error.startDate)} to ${britishDate(error.endDate)}.`;
    return conflict(message, { start_date: [message] });
  }
  if (error instanceof RequestAlreadyBookedError) return conflict('This booking request is already confirmed.');
  return error;
}
