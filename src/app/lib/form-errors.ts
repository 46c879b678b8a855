import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, NetworkError } from './api-client.ts';

/**
 * Puts the server's per-field messages (`{fields: {name: [message]}}`) next to the fields of the
 * form that has them, the first one focused; returns the messages it could not place, for the
 * refusal beside the submit button.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  fields: Record<string, string[]> | null | undefined,
  setError: UseFormSetError<T>,
  known: readonly string[],
): string[] {
  const unplaced: string[] = [];
  let first = true;
  for (const [name, messages] of Object.entries(fields ?? {})) {
    const message = messages[0];
    if (!message) continue;
    if (!known.includes(name)) {
      unplaced.push(message);
      continue;
    }
    setError(name as Path<T>, { type: 'server', message }, { shouldFocus: first });
    first = false;
  }
  return unplaced;
}

/** The sentence to show for a failed call: the server's own, no-connection, or the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof NetworkError)
    return 'You are offline or the server cannot be reached. Try again when connected.';
  if (error instanceof ApiError && error.body.error && error.status < 500) return error.body.error;
  return fallback;
}

/** Where a failed call's words go: under the form's own fields, and the one sentence beside the button (or none). */
export interface RefusalParts {
  fields: Record<string, string>;
  message: string | null;
}

/**
 * Splits a failed call: the server's first message of each field the form has goes under that
 * field; the sentence for the button is null when those field messages say it all (said once),
 * else the server's sentence, the no-connection sentence or the fallback.
 */
export function refusalParts(error: unknown, known: readonly string[], fallback: string): RefusalParts {
  if (!error) return { fields: {}, message: null };
  const all = error instanceof ApiError ? firstMessages(error.fields) : {};
  const fields = Object.fromEntries(Object.entries(all).filter(([name]) => known.includes(name)));
  const placedAll = Object.keys(all).length > 0 && Object.keys(fields).length === Object.keys(all).length;
  return { fields, message: placedAll ? null : errorMessage(error, fallback) };
}

/**
 * A failed form submission: the server's field messages go beside the fields the form has (the
 * first one focused), and the sentence to show beside the submit button is returned — null when
 * the refusal beside the fields speaks for itself.
 */
export function refusalOf<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  known: readonly string[],
  fallback: string,
): string | null {
  const { fields, message } = refusalParts(error, known, fallback);
  let first = true;
  for (const [name, text] of Object.entries(fields)) {
    setError(name as Path<T>, { type: 'server', message: text }, { shouldFocus: first });
    first = false;
  }
  return message;
}

/** The first message of each field, from the server's `fields` or a schema's flattened issues (forms kept in state). */
export function firstMessages(
  fields: Record<string, readonly string[] | undefined> | undefined,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields ?? {}).flatMap(([name, messages]) => (messages?.[0] ? [[name, messages[0]]] : [])),
  );
}
