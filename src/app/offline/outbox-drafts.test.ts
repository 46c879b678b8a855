import { describe, expect, it } from 'vitest';
import { draftFormValues } from './use-refused-draft.ts';
import { draftHash, draftIdFromHash } from './outbox-drafts.ts';
import { syncSummary } from './sync-status.tsx';

describe('a refused write reopened in its form', () => {
  it('names the entry in the address and reads it back; anything else is no draft', () => {
    const id = '6a8fee0a-8b16-4388-b51b-707ade6f5013';
    expect(draftIdFromHash(draftHash(id))).toBe(id);
    expect(draftIdFromHash('')).toBeNull();
    expect(draftIdFromHash('#main')).toBeNull();
    expect(draftIdFromHash('#draft=<script>')).toBeNull();
  });

  it('fills only the form’s own fields, as text where the inputs hold text', () => {
    const empty = { vehicle_id: 4, start_date: '', pickup_location_id: '', message: '' };
    const typed = { vehicle_id: 4, start_date: '2028-09-26', pickup_location_id: 7, message: null, is_staff: true };
    expect(draftFormValues(empty, typed)).toEqual({
      vehicle_id: 4,
      start_date: '2028-09-26',
      pickup_location_id: '7',
      message: '',
    });
  });
});

describe('the sync status names what it shows', () => {
  it('says the connection, then the counts the badges show', () => {
    expect(syncSummary(true, 0, 0)).toBe('Online');
    expect(syncSummary(false, 2, 0)).toBe('Offline, 2 pending');
    expect(syncSummary(true, 1, 1)).toBe('Online, 1 pending, 1 needs attention');
    expect(syncSummary(true, 3, 2)).toBe('Online, 3 pending, 2 need attention');
  });
});
