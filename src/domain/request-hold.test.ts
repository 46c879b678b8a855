import { describe, expect, it } from 'vitest';
import { holdEndsAt, holdSentence, isHeld, isHoldExpired, shownRequestStatus } from './request-hold.ts';

const now = new Date('2026-11-26T12:00:00.000Z');
const accepted = (hold_until: string | null, has_booking = false) =>
  ({ status: 'accepted', has_booking, hold_until }) as const;

describe('request holds', () => {
  it('ends a hold the given hours after acceptance', () => {
    expect(holdEndsAt(now, 48)).toBe('2026-11-28T12:00:00.000Z');
  });

  it('holds until the stored end, then shows Expired', () => {
    const running = accepted('2026-11-26T12:00:00.001Z');
    expect(isHeld(running, now)).toBe(true);
    expect(isHoldExpired(running, now)).toBe(false);
    expect(shownRequestStatus(running, now)).toBe('accepted');
    const ended = accepted('2026-11-26T12:00:00.000Z');
    expect(isHeld(ended, now)).toBe(false);
    expect(isHoldExpired(ended, now)).toBe(true);
    expect(shownRequestStatus(ended, now)).toBe('expired');
  });

  it('never expires a booked, pending or declined request, nor one accepted before holds', () => {
    expect(shownRequestStatus(accepted('2020-01-01T00:00:00.000Z', true), now)).toBe('accepted');
    expect(shownRequestStatus({ status: 'declined', has_booking: false, hold_until: null }, now)).toBe('declined');
    expect(isHeld(accepted(null), now)).toBe(false);
    expect(isHoldExpired(accepted(null), now)).toBe(false);
  });

  it('names the request, its dates and the end of the hold', () => {
    expect(
      holdSentence({
        id: 12,
        name: 'Jane Doe',
        start_date: '2026-12-03',
        end_date: '2026-12-06',
        hold_until: '2026-11-28T14:00:00.000Z',
      }),
    ).toBe('Booking request #12 (Jane Doe) holds this vehicle from 3 Dec to 6 Dec until 28 Nov 14:00 UTC.');
  });
});
