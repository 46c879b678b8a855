import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { NetworkError } from '../../lib/api-client.ts';
import { errorMessage, refusalOf } from '../../lib/form-errors.ts';

/**
 * What a failed account call shows: the server's `error` sentence, or the screen's fallback
 * (SPEC §8). These forms are not kept for later like booking requests, so no answer at all says
 * plainly that the step needs a connection.
 */
export function failureMessage(error: Error, fallback: string, step: string): string {
  if (error instanceof NetworkError)
    return `The server could not be reached. ${step} needs a connection: try again when you are back online.`;
  return errorMessage(error, fallback);
}

/**
 * A refused account form, said once: the server's field messages under the fields it names (the
 * first focused), and the sentence for beside the submit button, or null when the fields say it all.
 */
export function accountRefusal<T extends FieldValues>(
  error: Error,
  setError: UseFormSetError<T>,
  known: readonly string[],
  fallback: string,
  step: string,
): string | null {
  if (error instanceof NetworkError) return failureMessage(error, fallback, step);
  return refusalOf(error, setError, known, fallback);
}
