import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from './api-client.ts';
import { firstMessages, refusalOf } from './form-errors.ts';

const refused = (status: number, body: { error?: string; fields?: Record<string, string[]> }) =>
  new ApiError(status, body);

describe('refusalOf', () => {
  it('places field messages and says nothing more when every one found its field', () => {
    const setError = vi.fn();
    const error = refused(400, { error: 'Email is taken.', fields: { email: ['Email is taken.'] } });
    expect(refusalOf(error, setError, ['email'], 'Not saved.')).toBeNull();
    expect(setError).toHaveBeenCalledWith(
      'email',
      { type: 'server', message: 'Email is taken.' },
      { shouldFocus: true },
    );
  });

  it("says the server's sentence when a field message has no field in the form", () => {
    const error = refused(400, { error: 'Agency is required.', fields: { agency_id: ['Agency is required.'] } });
    expect(refusalOf(error, vi.fn(), ['email'], 'Not saved.')).toBe('Agency is required.');
  });

  it('says the sentence of a refusal without fields, the fallback for a 500, and no connection', () => {
    expect(refusalOf(refused(409, { error: 'In use.' }), vi.fn(), [], 'Not saved.')).toBe('In use.');
    expect(refusalOf(refused(500, { error: 'boom' }), vi.fn(), [], 'Not saved.')).toBe('Not saved.');
    expect(refusalOf(new NetworkError(new Error('down')), vi.fn(), [], 'Not saved.')).toMatch(/offline/);
  });
});

describe('firstMessages', () => {
  it("keeps each field's first message and drops fields without one", () => {
    expect(firstMessages({ amount: ['Amount is required.', 'Too small.'], kind: [], method: undefined })).toEqual({
      amount: 'Amount is required.',
    });
    expect(firstMessages(undefined)).toEqual({});
  });
});
