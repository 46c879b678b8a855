import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../lib/api-client.ts';
import { BACKOFF_BASE_MS, BACKOFF_CAP_MS, backoffDelay, classifyFailure } from './outbox-policy.ts';

const almostOne = () => 0.999_999;

describe('backoffDelay', () => {
  it('doubles the ceiling with every attempt, up to the cap', () => {
    const ceilings = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20].map((attempt) => backoffDelay(attempt, almostOne));
    expect(ceilings.slice(0, 4)).toEqual([1_999, 3_999, 7_999, 15_999]);
    for (let i = 1; i < ceilings.length; i += 1) expect(ceilings[i]).toBeGreaterThanOrEqual(ceilings[i - 1] ?? 0);
    expect(Math.max(...ceilings)).toBeLessThan(BACKOFF_CAP_MS);
    expect(backoffDelay(50, almostOne)).toBe(BACKOFF_CAP_MS - 1);
    expect(backoffDelay(1_000, almostOne)).toBe(BACKOFF_CAP_MS - 1);
  });

  it('is fully jittered: anywhere from 0 to the ceiling', () => {
    expect(backoffDelay(3, () => 0)).toBe(0);
    expect(backoffDelay(3, () => 0.5)).toBe(BACKOFF_BASE_MS * 2);
    for (let attempt = 1; attempt <= 12; attempt += 1) {
      const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1));
      for (let i = 0; i < 50; i += 1) {
        const delay = backoffDelay(attempt, Math.random);
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThan(ceiling);
      }
    }
  });
});

describe('classifyFailure', () => {
  const classify = (error: unknown, attempt = 1) => classifyFailure(error, attempt, () => 0.5);

  it('retries what says nothing final', () => {
    for (const error of [
      new NetworkError(),
      new ApiError(500, {}),
      new ApiError(502, {}),
      new ApiError(408, {}),
      new ApiError(429, {}),
      new DOMException('The operation timed out.', 'TimeoutError'),
    ]) {
      expect(classify(error).type).toBe('retry');
    }
    expect(classify(new NetworkError())).toMatchObject({ network: true });
    expect(classify(new ApiError(503, {}))).toMatchObject({ network: false });
  });

  it('takes the longer of the backoff and Retry-After', () => {
    expect(classify(new ApiError(429, {}, 60))).toMatchObject({ type: 'retry', delayMs: 60_000 });
    expect(classify(new ApiError(503, {}, 1), 5)).toMatchObject({ type: 'retry', delayMs: BACKOFF_BASE_MS * 8 });
    expect(classify(new ApiError(503, {}, 10 * 24 * 3600))).toMatchObject({ delayMs: 24 * 60 * 60_000 });
  });

  it('pauses on 401, sends 409/412 to conflicts and other 4xx to attention with the server’s words', () => {
    expect(classify(new ApiError(401, { error: 'Sign in.' })).type).toBe('paused');
    expect(classify(new ApiError(409, { error: 'Booked.' }))).toEqual({
      type: 'conflict',
      error: 'Booked.',
      fields: null,
      current: null,
    });
    // A stale edit's refusal carries the server's copy, kept for the user to compare offline.
    const current = { id: 3, updated_at: '2026-11-23T10:00:00.000Z' };
    expect(classify(new ApiError(412, { error: 'Changed.', current }))).toMatchObject({ type: 'conflict', current });
    expect(classify(new ApiError(409, { error: 'Still running.' }, 2)).type).toBe('retry');
    const fields = { email: ['Enter a valid e-mail address.'] };
    expect(classify(new ApiError(400, { error: 'Enter a valid e-mail address.', fields }))).toEqual({
      type: 'attention',
      error: 'Enter a valid e-mail address.',
      fields,
    });
    for (const status of [403, 404, 413, 415, 422]) expect(classify(new ApiError(status, {})).type).toBe('attention');
  });
});
