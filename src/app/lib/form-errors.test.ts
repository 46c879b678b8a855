import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from './api-client.ts';
import { applyServerFieldErrors, firstMessages, refusalOf, refusalParts } from './form-errors.ts';

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

describe('applyServerFieldErrors', () => {
  it('places the messages of the fields the form has, focusing the first, and returns the others', () => {
    const setError = vi.fn();
    const fields = { start_date: ['Taken.'], email: ['Bad e-mail.'], vehicle_id: ['Gone.'], phone: [] };
    expect(applyServerFieldErrors(fields, setError, ['email', 'start_date', 'phone'])).toEqual(['Gone.']);
    expect(setError).toHaveBeenCalledTimes(2);
    expect(setError).toHaveBeenNthCalledWith(
      1,
      'start_date',
      { type: 'server', message: 'Taken.' },
      { shouldFocus: true },
    );
    expect(setError).toHaveBeenNthCalledWith(
      2,
      'email',
      { type: 'server', message: 'Bad e-mail.' },
      { shouldFocus: false },
    );
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

describe('refusalParts', () => {
  it('puts each known field message under its field and says nothing more (said once)', () => {
    const error = refused(400, {
      error: 'Please correct the 2 highlighted fields.',
      fields: { deposit: ['The deposit must be at least £0.00.'], make: ['Make is required.', 'Too long.'] },
    });
    expect(refusalParts(error, ['deposit', 'make'], 'Not saved.')).toEqual({
      fields: { deposit: 'The deposit must be at least £0.00.', make: 'Make is required.' },
      message: null,
    });
  });

  it("keeps the server's sentence for the button when a field message has no field here", () => {
    const error = refused(409, { error: 'Retired.', fields: { vehicle: ['Retired.'], start_date: ['Taken.'] } });
    expect(refusalParts(error, ['start_date'], 'Not saved.')).toEqual({
      fields: { start_date: 'Taken.' },
      message: 'Retired.',
    });
  });

  it('says an action refusal without fields beside its button, and nothing when there is no error', () => {
    expect(refusalParts(refused(409, { error: 'In use.' }), [], 'Not deleted.')).toEqual({
      fields: {},
      message: 'In use.',
    });
    expect(refusalParts(refused(403, { error: 'Suspended.' }), ['name'], 'x')).toEqual({
      fields: {},
      message: 'Suspended.',
    });
    expect(refusalParts(refused(503, {}), [], 'Not deleted.').message).toBe('Not deleted.');
    expect(refusalParts(new NetworkError(new Error('down')), [], 'x').message).toMatch(/offline/);
    expect(refusalParts(null, ['name'], 'x')).toEqual({ fields: {}, message: null });
  });
});

describe('refusalOf focus', () => {
  it('focuses the first field the server named, only that one', () => {
    const setError = vi.fn();
    const error = refused(400, { error: 'Two.', fields: { make: ['Make?'], model: ['Model?'] } });
    expect(refusalOf(error, setError, ['make', 'model'], 'x')).toBeNull();
    expect(setError).toHaveBeenNthCalledWith(1, 'make', { type: 'server', message: 'Make?' }, { shouldFocus: true });
    expect(setError).toHaveBeenNthCalledWith(2, 'model', { type: 'server', message: 'Model?' }, { shouldFocus: false });
  });
});
