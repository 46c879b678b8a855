import { NetworkError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/form-errors.ts';

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
