import type { QuoteView } from '#domain/api/quotes';

/**
 * What a use case refuses, in the domain's words; services throw these and know nothing of HTTP.
 * The error handler (plugins/errors.ts) is the one place that gives each its status.
 */
export type FieldMessages = Record<string, string[]>;

export abstract class DomainError extends Error {
  constructor(
    message: string,
    /** Messages for the form fields the refusal is about. */
    readonly fields?: FieldMessages,
  ) {
    super(message);
  }
}

/** The input breaks a rule only the server can check (400). */
export class Invalid extends DomainError {}
/** The caller may not do this (403). */
export class Refused extends DomainError {}
/** The record is missing, or the caller may not know it exists (404). */
export class NotFound extends DomainError {}
/** The record's state or another record forbids it now (409). */
export class Conflict extends DomainError {}

/**
 * The price the person was shown is no longer the price (409 on `expected_total`): nothing was
 * written, and `quote` is what would be stored now, for the screen to show before asking again.
 */
export class PriceChanged extends Conflict {
  constructor(
    message: string,
    readonly quote: QuoteView,
  ) {
    super(message, { expected_total: [message] });
  }
}

/** Too many attempts; the caller may try again after `retryAfterSeconds` (429). */
export class TooMany extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** A refusal placed on one form field, e.g. `fieldRefusal(Invalid, 'mileage', '…')`. */
export function fieldRefusal<E extends DomainError>(
  Kind: new (message: string, fields?: FieldMessages) => E,
  field: string,
  message: string,
): E {
  return new Kind(message, { [field]: [message] });
}
