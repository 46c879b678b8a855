import { describe, expect, it } from 'vitest';
import type { ReturnChargeView, ReturnCharges } from '#domain/api/return-charges';
import type { OutboxEntry, OutboxState } from '../../../offline/outbox.ts';
import { chargeRequest, chargeWriteOf, chargesTarget, withQueuedWrites, type ChargeWrite } from './queued-charges.ts';

const charge = (over: Partial<ReturnChargeView>): ReturnChargeView => ({
  id: 1,
  code: 'mileage',
  kind: 'mileage',
  status: 'confirmed',
  label: 'Kilometres over the allowance (150 km)',
  working: '…',
  quantity: 150,
  unit_amount: '0.20',
  amount: '30.00',
  proposed_amount: '30.00',
  reason: null,
  note: null,
  decided_by: 'Alex Agent',
  updated_at: '2026-06-01T10:00:00.000Z',
  disputes: [],
  ...over,
});

/** The return: km already charged on the server; fuel, late and a dent still proposed. */
const charges = (): ReturnCharges => ({
  booking: 7,
  currency: 'GBP',
  returned_at: '2026-06-03T20:00',
  proposed: [
    {
      code: 'fuel',
      kind: 'fuel',
      label: 'Fuel short of the pickup level (3/8 of a tank)',
      working: '…',
      quantity: 3,
      unit_amount: '10.00',
      amount: '30.00',
      mark: null,
    },
    {
      code: 'late',
      kind: 'late',
      label: 'Late return (2 hours)',
      working: '…',
      quantity: 2,
      unit_amount: '4.50',
      amount: '9.00',
      mark: null,
    },
    {
      code: 'damage:1',
      kind: 'damage',
      label: 'Damage: Dent',
      working: '…',
      quantity: 1,
      unit_amount: null,
      amount: null,
      mark: { x: 0.7, y: 0.8, note: 'Dent', index: 1 },
    },
  ],
  decided: [charge({})],
  confirmed_total: '30.00',
  deposit_held: '300.00',
  settlement: null,
});

let seq = 0;
function entry(write: ChargeWrite, state: OutboxState = 'waiting'): OutboxEntry {
  seq += 1;
  const request = chargeRequest(7, write, `write ${seq}`, [['return-charges', 7]]);
  return {
    id: `entry-${seq}`,
    kind: request.kind,
    target: request.target,
    label: request.label,
    state,
    attempts: state === 'waiting' ? 0 : 1,
    nextAttemptAt: 0,
    lastError: state === 'attention' ? 'This charge is already decided: change or waive it instead.' : null,
    errorFields: null,
    createdAt: seq,
    seq,
    version: 1,
    userId: 3,
    request,
  };
}

describe('return-charge writes kept on the device', () => {
  it('go to the booking’s own outbox target and read back as the write they make', () => {
    const writes: ChargeWrite[] = [
      { type: 'decide', body: { code: 'fuel', decision: 'waive', reason: 'Gauge faulty' } },
      { type: 'edit', chargeId: 12, body: { decision: 'confirm', amount: '25.00', reason: 'Regular' } },
      { type: 'finalize' },
    ];
    const requests = writes.map((write) => chargeRequest(7, write, 'x', []));
    expect(requests.map((request) => [request.method, request.url, request.target])).toEqual([
      ['POST', 'bookings/7/return-charges/', 'booking:7'],
      ['PATCH', 'bookings/7/return-charges/12/', 'booking:7'],
      ['POST', 'bookings/7/return-charges/finalize/', 'booking:7'],
    ]);
    expect(chargesTarget(7)).toBe('booking:7');
    expect(requests.map(chargeWriteOf)).toEqual(writes);
    const [decide] = requests;
    expect(decide && chargeWriteOf({ ...decide, kind: 'inspection' })).toBeUndefined();
  });

  it('show each waiting decision as decided, in order, with the total charged so far', () => {
    const waived = entry({ type: 'decide', body: { code: 'fuel', decision: 'waive', reason: 'Gauge faulty' } });
    const late = entry({ type: 'decide', body: { code: 'late', decision: 'confirm' } });
    const dent = entry({ type: 'decide', body: { code: 'damage:1', decision: 'confirm', amount: '51' } });
    const cleaning = entry({
      type: 'decide',
      body: { code: 'cleaning', decision: 'confirm', amount: '25', note: 'Sand' },
    });
    const shown = withQueuedWrites(charges(), [waived, late, dent, cleaning]);
    expect(shown.proposed).toEqual([]);
    expect(shown.decided.map((item) => [item.label, item.status, item.amount, item.reason, item.waiting?.id])).toEqual([
      ['Kilometres over the allowance (150 km)', 'confirmed', '30.00', null, undefined],
      ['Fuel short of the pickup level (3/8 of a tank)', 'waived', '0.00', 'Gauge faulty', waived.id],
      ['Late return (2 hours)', 'confirmed', '9.00', null, late.id],
      ['Damage: Dent', 'confirmed', '51.00', null, dent.id],
      ['Cleaning: Sand', 'confirmed', '25.00', null, cleaning.id],
    ]);
    expect(shown.confirmedTotal).toBe(11_500);
    expect(shown.finalize).toBeNull();
  });

  it('show a waiting change on the saved charge, and the finalize after the decisions', () => {
    const change = entry({ type: 'edit', chargeId: 1, body: { decision: 'waive', reason: 'Goodwill' } });
    const finalize = entry({ type: 'finalize' });
    const shown = withQueuedWrites(charges(), [change, finalize]);
    expect(shown.decided[0]).toMatchObject({ status: 'waived', amount: '0.00', reason: 'Goodwill', waiting: change });
    expect(shown.decided[0]?.saved?.id).toBe(1);
    expect(shown.confirmedTotal).toBe(0);
    expect(shown.finalize).toBe(finalize);
  });

  it('leave a refused write out of the charges and show it beside the charge it was for', () => {
    const refusedDecision = entry({ type: 'decide', body: { code: 'fuel', decision: 'confirm' } }, 'attention');
    const refusedChange = entry({ type: 'edit', chargeId: 1, body: { decision: 'waive', reason: 'x' } }, 'conflict');
    const refusedAdd = entry(
      { type: 'decide', body: { code: 'other', decision: 'confirm', amount: '5', note: 'Keys' } },
      'attention',
    );
    const gone = entry({ type: 'edit', chargeId: 99, body: { decision: 'waive', reason: 'x' } }, 'attention');
    const shown = withQueuedWrites(charges(), [refusedDecision, refusedChange, refusedAdd, gone]);
    expect(shown.proposed.map((item) => [item.charge.code, item.refused?.id ?? null])).toEqual([
      ['fuel', refusedDecision.id],
      ['late', null],
      ['damage:1', null],
    ]);
    expect(shown.decided).toHaveLength(1);
    expect(shown.decided[0]).toMatchObject({
      status: 'confirmed',
      amount: '30.00',
      refused: refusedChange,
      waiting: null,
    });
    expect(shown.refusedElsewhere).toEqual([refusedAdd, gone]);
    expect(shown.confirmedTotal).toBe(3_000);
  });

  it('show a decision refused because another desk decided the charge first beside that charge', () => {
    const decidedElsewhere = entry({ type: 'decide', body: { code: 'mileage', decision: 'confirm' } }, 'conflict');
    const shown = withQueuedWrites(charges(), [decidedElsewhere]);
    expect(shown.decided[0]).toMatchObject({ status: 'confirmed', refused: decidedElsewhere, waiting: null });
    expect(shown.refusedElsewhere).toEqual([]);
  });
});
