import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, NetworkError } from './api-client.ts';

/**
 * Puts the server's per-field messages (`{fields: {name: [message]}}`) next to the fields of the
 * form that has them; returns the fields it could not place, so the caller can show them above.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  fields: Record<string, string[]> | null | undefined,
  setError: UseFormSetError<T>,
  known: readonly string[],
): string[] {
  const unplaced: string[] = [];
  for (const [name, messages] of Object.entries(fields ?? {})) {
    const message = messages[0];
    if (!message) continue;
    if (known.includes(name)) setError(name as Path<T>, { type: 'server', message }, { shouldFocus: true });
    else unplaced.push(message);
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

/**
 * A failed form submission: the server's field messages go beside the fields the form has, and
 * the sentence to show above the button is returned — null when the refusal beside the fields
 * speaks for itself.
 */
export function refusalOf<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  known: readonly string[],
  fallback: string,
): string | null {
  const unplaced = error instanceof ApiError ? applyServerFieldErrors(error.fields, setError, known) : [];
  if (error instanceof ApiError && unplaced.length === 0 && Object.keys(error.fields).length > 0) return null;
  return errorMessage(error, fallback);
}

/** The first message of each field, from the server's `fields` or a schema's flattened issues (forms kept in state). */
export function firstMessages(
  fields: Record<string, readonly string[] | undefined> | undefined,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields ?? {}).flatMap(([name, messages]) => (messages?.[0] ? [[name, messages[0]]] : [])),
  );
}
