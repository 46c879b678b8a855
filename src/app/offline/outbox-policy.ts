import { ApiError, NetworkError } from '../lib/api-client.ts';

/** First retry within 2 s, doubling, never more than 5 minutes apart. */
export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_CAP_MS = 5 * 60_000;
/** A `Retry-After` beyond a day is a server mistake; the entry is still retried, just not later than this. */
const RETRY_AFTER_MAX_MS = 24 * 60 * 60_000;

export const SIGN_IN_AGAIN = 'Sign in again to send this.';
export const SERVER_UNREACHABLE = 'The server could not be reached. It will be sent when the connection returns.';

export type Outcome =
  | { type: 'sent'; reply?: unknown }
  | { type: 'retry'; delayMs: number; error: string; network: boolean }
  | { type: 'paused'; error: string }
  | { type: 'conflict'; error: string; fields: Record<string, string[]> | null; current: unknown }
  | { type: 'attention'; error: string; fields: Record<string, string[]> | null };

/**
 * Capped exponential backoff with full jitter: uniformly random in [0, min(cap, base·2^(n−1))],
 * so many devices coming back online at once do not hit the server in step.
 * @param attempt 1 for the first retry.
 */
export function backoffDelay(attempt: number, random: () => number): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.floor(random() * ceiling);
}

function fieldsOf(error: ApiError): Record<string, string[]> | null {
  return Object.keys(error.fields).length ? error.fields : null;
}

/**
 * What to do after a failed send. Only answers that say something final about the request stop the
 * retries; anything else (no answer, a broken reply, 5xx, 408, 429) is tried again, which is safe
 * because the Idempotency-Key makes the server answer a replay with its first reply.
 * @param attempt the attempt that just failed, 1-based.
 */
export function classifyFailure(error: unknown, attempt: number, random: () => number): Outcome {
  const retry = (message: string, retryAfterSeconds: number | null, network: boolean): Outcome => {
    const fromServer = retryAfterSeconds === null ? 0 : Math.min(retryAfterSeconds * 1000, RETRY_AFTER_MAX_MS);
    return { type: 'retry', delayMs: Math.max(backoffDelay(attempt, random), fromServer), error: message, network };
  };
  if (error instanceof NetworkError) return retry(SERVER_UNREACHABLE, null, true);
  if (!(error instanceof ApiError)) {
    // An abort (our send timeout) or an unreadable reply: the outcome is unknown, so ask again.
    return retry(error instanceof Error ? error.message : 'The request failed.', null, false);
  }
  const { status } = error;
  if (status >= 500 || status === 408 || status === 429) return retry(error.message, error.retryAfterSeconds, false);
  if (status === 401) return { type: 'paused', error: SIGN_IN_AGAIN };
  // A 409 with Retry-After is the server still running the same key (another tab's send): not a conflict.
  if (status === 409 && error.retryAfterSeconds !== null) return retry(error.message, error.retryAfterSeconds, false);
  if (status === 409 || status === 412) {
    return { type: 'conflict', error: error.message, fields: fieldsOf(error), current: error.body.current ?? null };
  }
  return { type: 'attention', error: error.message, fields: fieldsOf(error) };
}
