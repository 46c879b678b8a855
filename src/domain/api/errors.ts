import type { QuoteView } from './quotes.ts';

/** Messages by form field name, e.g. `{ email: ['An account with this e-mail already exists.'] }`. */
export type FieldErrors = Record<string, string[]>;

/** What every refusal and failure of the API answers with (4xx and 5xx). */
export interface ApiErrorBody {
  /** A sentence a person can read; a 5xx never shows the server's internals. */
  error: string;
  fields?: FieldErrors;
  /** With a stale edit refused (412): the record as the server holds it now. */
  current?: unknown;
  /** With a price changed since the screen showed it (409 on expected_total): the quote that stands now. */
  quote?: QuoteView;
}
