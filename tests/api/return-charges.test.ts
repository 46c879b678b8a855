import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingInspections } from '#domain/api/inspections';
import type { Invoice } from '#domain/api/invoices';
import type { BookingMoney } from '#domain/api/payments';
import type { ReturnCharges } from '#domain/api/return-charges';
import { addDays, todayIso } from '#domain/dates';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import type { TestClient } from '../helpers/client.ts';
import { startWorld, type World, type WorldClients } from '../helpers/fixtures.ts';
import * as rows from '../helpers/rows.ts';
import { claimKey, findKey } from '#server/repositories/idempotency';
import { editReturnCharge } from '#server/services/return-charges/edit-charge';
import { finalizeReturn } from '#server/services/return-charges/finalize-return';

type Reply = ReturnCharges & ErrorBody;

/**
 * The return's charges (issue 22): proposed from the inspections, decided by staff, then the final
 * invoice and the deposit settlement. Agency A charges £0.20 a km over 100 km a day, £10.00 an eighth
 * of fuel, and 10 % of the day rate an hour after 30 minutes' grace; no tax.
 */
describe(`return charges (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let clients: WorldClients;
  let serial = 0;
  const db = () => t.app.deps.db;
  const url = (id: number) => `/api/bookings/${id}/return-charges/`;

  beforeAll(async () => {
    ({ t, world, clients } = await startWorld());
    await db()
      .updateTable('agencies')
      .set({
        price_per_extra_km: 20,
        fuel_policy: 'full_to_full',
        fuel_price_per_eighth: 1000,
        late_grace_minutes: 30,
        hourly_basis_points: 1000,
        tax_rate: 0,
      })
      .where('id', '=', world.agencies.a)
      .execute();
    await db().updateTable('vehicles').set({ mileage_allowance: 100, mileage: 10_000 }).execute();
  });
  afterAll(async () => t?.close());

  /** An active three-day booking at £40.00 a day with its stored line, picked up full at 10 000 km with one scratch, and `deposit` received. */
  async function pickedUp(deposit = 30_000, vehicleId = world.vehicles.a1) {
    serial += 1;
    const start = addDays(todayIso(t.clock.now()), 300 + serial * 5);
    const id = await rows.insertBooking(db(), {
      customer_id: world.customers.own,
      vehicle_id: vehicleId,
      start_date: start,
      end_date: addDays(start, 2),
      dropoff_time: '10:00',
      booking_amount: 12_000,
      booking_deposit: deposit,
      booking_status: 'active',
    });
    const agencyId = (
      await db().selectFrom('bookings').select('agency_id').where('id', '=', id).executeTakeFirstOrThrow()
    ).agency_id;
    await db()
      .insertInto('booking_quote_lines')
      .values({
        booking_id: id,
        position: 0,
        kind: 'rental',
        code: 'rental:base',
        label: 'Base rate (3 days)',
        quantity: 3,
        unit_amount: 4000,
        amount: 12_000,
        quoted_amount: null,
        override_reason: null,
      })
      .execute();
    const now = new Date().toISOString();
    await db()
      .insertInto('booking_inspections')
      .values({
        booking_id: id,
        agency_id: agencyId,
        kind: 'pickup',
        mileage: 10_000,
        fuel_eighths: 8,
        damage_marks: JSON.stringify([{ x: 0.2, y: 0.3, note: 'scratch' }]),
        notes: null,
        recorded_by: null,
        created_at: now,
      })
      .execute();
    if (deposit > 0) {
      await db()
        .insertInto('payments')
        .values({
          agency_id: agencyId,
          booking_id: id,
          kind: 'deposit',
          status: 'received',
          amount: deposit,
          method: 'debit_card',
          paid_on: todayIso(t.clock.now()),
          reference: null,
          recorded_by: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    return { id, end: addDays(start, 2) };
  }

  /** The return: 450 km driven (150 over), 5/8 fuel (3/8 short), 2 hours late, one new dent. */
  async function returned(deposit = 30_000, client: TestClient = clients.agent) {
    const booking = await pickedUp(deposit);
    const reply = await client.multipart('POST', `/api/bookings/${booking.id}/inspections/return/`, {
      mileage: 10_450,
      fuel_eighths: 5,
      damage_marks: JSON.stringify([
        { x: 0.21, y: 0.31, note: 'scratch' },
        { x: 0.7, y: 0.8, note: 'dent rear door' },
      ]),
      device_time: `${booking.end}T12:00`,
    });
    expect(reply.status).toBe(201);
    return booking.id;
  }

  const counts = async () => {
    const count = async (table: 'return_charges' | 'return_settlements' | 'payments' | 'invoices') =>
      Number(
        (
          await db()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      charges: await count('return_charges'),
      settlements: await count('return_settlements'),
      payments: await count('payments'),
      invoices: await count('invoices'),
    };
  };

  const decideAll = async (id: number, damage = '52.00') => {
    for (const code of ['mileage', 'fuel', 'late']) {
      expect((await clients.agent.post<Reply>(url(id), { code, decision: 'confirm' })).status).toBe(201);
    }
    const last = await clients.agent.post<Reply>(url(id), { code: 'damage:1', decision: 'confirm', amount: damage });
    expect(last.status).toBe(201);
    return last.body;
  };

  it('proposes the issue’s charges, each with its working, privately', async () => {
    const id = await returned();
    const reply = await clients.agent.get<Reply>(url(id));
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('private, no-store');
    expect(reply.body.returned_at).toMatch(/T12:00$/);
    expect(
      reply.body.proposed.map(({ code, quantity, unit_amount, amount }) => [code, quantity, unit_amount, amount]),
    ).toEqual([
      ['mileage', 150, '0.20', '30.00'],
      ['fuel', 3, '10.00', '30.00'],
      ['late', 2, '4.00', '8.00'],
      ['damage:1', 1, null, null],
    ]);
    expect(reply.body.proposed[0]?.working).toBe(
      '450 km driven (10,000 km at pickup, 10,450 km at return) against 300 km allowed (100 km a day for 3 days): 150 km × £0.20 = £30.00.',
    );
    expect(reply.body.proposed[3]?.mark).toEqual({ x: 0.7, y: 0.8, note: 'dent rear door', index: 1 });
    expect(reply.body).toMatchObject({
      decided: [],
      confirmed_total: '0.00',
      deposit_held: '300.00',
      settlement: null,
    });
    // The operator sees it too.
    expect((await clients.staff.get<Reply>(url(id))).status).toBe(200);
  });

  it('refuses bad decisions with 400 on the field, and writes nothing', async () => {
    const id = await returned();
    const before = await counts();
    const cases: [Record<string, unknown>, string, string | null][] = [
      [{ code: 'damage:1', decision: 'confirm' }, 'amount', 'Give the cost of the damage.'],
      [{ code: 'damage:1', decision: 'confirm', amount: '0' }, 'amount', 'Give the cost of the damage.'],
      [{ code: 'fuel', decision: 'waive' }, 'reason', 'Say why the charge is waived; the reason is kept.'],
      [
        { code: 'fuel', decision: 'confirm', amount: '20.00' },
        'reason',
        'Say why the amount is not the £30.00 proposed.',
      ],
      [{ code: 'mileage', decision: 'dismiss' }, 'decision', 'Only a damage mark can be dismissed as already known.'],
      [{ code: 'damage:0', decision: 'confirm', amount: '10' }, 'code', 'No such charge is proposed for this return.'],
      [{ code: 'tyres', decision: 'confirm' }, 'code', 'Name a proposed charge, or cleaning or other to add one.'],
      [{ code: 'fuel', decision: 'maybe' }, 'decision', 'The decision is confirm, waive or dismiss.'],
      [{ code: 'fuel', decision: 'confirm', amount: '1.234' }, 'amount', null],
      [{ code: 'cleaning', decision: 'confirm', amount: '25.00' }, 'note', 'Say what the charge is for.'],
      [{ code: 'cleaning', decision: 'confirm', note: 'Sand' }, 'amount', 'Give the amount of the cleaning.'],
      [
        { code: 'other', decision: 'waive', note: 'x', amount: '5' },
        'decision',
        'An added charge is confirmed, with its amount and a note.',
      ],
      [
        { code: 'fuel', decision: 'waive', reason: 'x'.repeat(301) },
        'reason',
        'Reason must be at most 300 characters.',
      ],
    ];
    for (const [body, field, message] of cases) {
      const reply = await clients.agent.post<Reply>(url(id), body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(reply.body.fields ?? {}), JSON.stringify(body)).toEqual([field]);
      if (message) expect(reply.body.fields?.[field], JSON.stringify(body)).toEqual([message]);
    }
    expect((await clients.agent.raw('POST', url(id), '{', 'application/json')).status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('confirms, edits and waives with the reason kept, adds cleaning, and refuses a charge decided twice', async () => {
    const id = await returned();
    const waived = await clients.agent.post<Reply>(url(id), {
      code: 'fuel',
      decision: 'waive',
      reason: 'Gauge faulty',
    });
    expect(waived.status).toBe(201);
    expect(waived.body.decided).toEqual([
      expect.objectContaining({
        code: 'fuel',
        status: 'waived',
        amount: '0.00',
        proposed_amount: '30.00',
        reason: 'Gauge faulty',
      }),
    ]);
    expect(waived.body.decided[0]?.decided_by).toMatch(/\w/);
    expect(waived.body.proposed.map((charge) => charge.code)).toEqual(['mileage', 'late', 'damage:1']);

    const twice = await clients.agent.post<Reply>(url(id), { code: 'fuel', decision: 'confirm' });
    expect(twice.status).toBe(409);
    expect(twice.body.fields?.code).toEqual(['This charge is already decided: change or waive it instead.']);

    const edited = await clients.agent.post<Reply>(url(id), {
      code: 'mileage',
      decision: 'confirm',
      amount: '25.00',
      reason: 'Regular customer',
    });
    expect(edited.body.decided[1]).toMatchObject({
      code: 'mileage',
      quantity: 1,
      unit_amount: '25.00',
      amount: '25.00',
      reason: 'Regular customer',
    });
    const dismissed = await clients.agent.post<Reply>(url(id), { code: 'damage:1', decision: 'dismiss' });
    expect(dismissed.body.decided[2]).toMatchObject({ status: 'dismissed', amount: '0.00', reason: 'Already known' });
    const cleaning = await clients.agent.post<Reply>(url(id), {
      code: 'cleaning',
      decision: 'confirm',
      amount: '25',
      note: 'Sand in the boot',
    });
    expect(cleaning.body.decided[3]).toMatchObject({
      code: 'cleaning:1',
      kind: 'cleaning',
      label: 'Cleaning: Sand in the boot',
      amount: '25.00',
      note: 'Sand in the boot',
    });
    expect(cleaning.body.confirmed_total).toBe('50.00');
    // Before the invoice is final the customer sees no charges yet, nor staff's reasons.
    const early = await clients.customer.get<Reply>(url(id));
    expect(early.body).toMatchObject({ proposed: [], decided: [], confirmed_total: '0.00', settlement: null });

    // Edit: back to the proposed amount (its km × price again), then waive; a reason each time.
    const fuelId = waived.body.decided[0]?.id ?? 0;
    const chargeUrl = (charge: number) => `${url(id)}${charge}/`;
    const noReason = await clients.agent.patch<Reply>(chargeUrl(fuelId), { decision: 'confirm', amount: '30.00' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.fields?.reason).toEqual(['Say why the charge changes; the reason is kept.']);
    const noAmount = await clients.agent.patch<Reply>(chargeUrl(fuelId), { decision: 'confirm', reason: 'Fixed' });
    expect(noAmount.body.fields?.amount).toEqual(['Give the amount to charge; a charge of nothing is waived.']);
    const restored = await clients.agent.patch<Reply>(chargeUrl(fuelId), {
      decision: 'confirm',
      amount: '30',
      reason: 'Gauge was fine',
    });
    expect(restored.status).toBe(200);
    expect(restored.body.decided[0]).toMatchObject({
      status: 'confirmed',
      quantity: 3,
      unit_amount: '10.00',
      amount: '30.00',
      reason: 'Gauge was fine',
    });
    const cleaningId = cleaning.body.decided[3]?.id ?? 0;
    const waiveCleaning = await clients.agent.patch<Reply>(chargeUrl(cleaningId), {
      decision: 'waive',
      reason: 'Goodwill',
    });
    expect(waiveCleaning.body.decided[3]).toMatchObject({ status: 'waived', amount: '0.00', reason: 'Goodwill' });
    expect(waiveCleaning.body.confirmed_total).toBe('55.00');
    expect((await clients.agent.patch<Reply>(chargeUrl(999_999), { decision: 'waive', reason: 'x' })).status).toBe(404);
    expect((await clients.agent.patch<Reply>(`${url(id)}abc/`, { decision: 'waive', reason: 'x' })).status).toBe(400);
  });

  it('finalizes: the booking’s lines plus the charges, the next invoice number, £180 of a £300 deposit refunded; a retry changes nothing', async () => {
    // Another invoice of agency A first, so the final one's number is the next after it.
    const earlier = await pickedUp(0, world.vehicles.a2);
    const draft = await clients.agency.post<Invoice>('/api/invoices/', { booking: earlier.id });
    const first = await clients.agency.post<Invoice>(`/api/invoices/${draft.body.id}/issue/`);
    const previous = first.body.number ?? 0;

    const id = await returned();
    const early = await clients.agent.post<Reply>(`${url(id)}finalize/`);
    expect(early.status).toBe(409);
    expect(early.body.error).toBe(
      'Decide every proposed charge before finalizing: 4 are left (Kilometres over the allowance (150 km); Fuel short of the pickup level (3/8 of a tank); Late return (2 hours); Damage: dent rear door).',
    );
    const decided = await decideAll(id);
    expect(decided.confirmed_total).toBe('120.00');
    const before = await counts();

    const final = await clients.agent.post<Reply>(`${url(id)}finalize/`);
    expect(final.status).toBe(200);
    expect(final.headers['cache-control']).toBe('private, no-store');
    expect(final.body.settlement).toMatchObject({
      invoice_number: previous + 1,
      charges: '120.00',
      deposit_held: '300.00',
      deposit_applied: '120.00',
      refund: '180.00',
      due: '0.00',
    });
    expect(final.body.proposed).toEqual([]);

    const invoice = await clients.agency.get<Invoice>(`/api/invoices/${final.body.settlement?.invoice_id ?? 0}/`);
    expect(invoice.body).toMatchObject({ status: 'issued', number: previous + 1, total: '240.00' });
    expect(invoice.body.lines.map((line) => [line.description, line.quantity, line.unit_amount, line.amount])).toEqual([
      ['Base rate (3 days)', 3, '40.00', '120.00'],
      ['Kilometres over the allowance (150 km)', 150, '0.20', '30.00'],
      ['Fuel short of the pickup level (3/8 of a tank)', 3, '10.00', '30.00'],
      ['Late return (2 hours)', 2, '4.00', '8.00'],
      ['Damage: dent rear door', 1, '52.00', '52.00'],
    ]);
    const money = await clients.agency.get<BookingMoney>(`/api/bookings/${id}/payments/`);
    expect(money.body.payments.map((p) => [p.kind, p.status, p.amount])).toEqual([
      ['deposit', 'received', '300.00'],
      ['refund', 'received', '180.00'],
    ]);
    expect(money.body.deposit_held).toBe('120.00');

    // The customer's e-mail: the charges with their working, the settlement, their booking page.
    const mails = () => t.outbox.filter((mail) => mail.subject.endsWith(`for booking ${id}`));
    expect(mails()).toHaveLength(1);
    expect(mails()[0]?.to).toBe('casey@example.com');
    expect(mails()[0]?.subject).toBe(`Your final invoice ${previous + 1} for booking ${id}`);
    expect(mails()[0]?.text).toContain('- Kilometres over the allowance (150 km): £30.00');
    expect(mails()[0]?.text).toContain('  450 km driven (10,000 km at pickup, 10,450 km at return)');
    expect(mails()[0]?.text).toContain('Refunded to you: £180.00');
    expect(mails()[0]?.text).toContain(`/customer/bookings/${id}`);

    // The customer sees the confirmed charges and the settlement, without staff's names.
    const seen = await clients.customer.get<Reply>(url(id));
    expect(seen.status).toBe(200);
    expect(seen.headers['cache-control']).toBe('private, no-store');
    expect(seen.body.decided.map((charge) => [charge.label, charge.amount, charge.decided_by])).toEqual([
      ['Kilometres over the allowance (150 km)', '30.00', null],
      ['Fuel short of the pickup level (3/8 of a tank)', '30.00', null],
      ['Late return (2 hours)', '8.00', null],
      ['Damage: dent rear door', '52.00', null],
    ]);
    expect(seen.body.settlement).toEqual(final.body.settlement);

    const after = await counts();
    expect(after).toEqual({
      ...before,
      settlements: before.settlements + 1,
      payments: before.payments + 1,
      invoices: before.invoices + 1,
    });
    const again = await clients.agent.post<Reply>(`${url(id)}finalize/`);
    expect(again.status).toBe(200);
    expect(again.body.settlement).toEqual(final.body.settlement);
    expect(await counts()).toEqual(after);
    expect(mails()).toHaveLength(1);

    // Finalized: nothing changes any more.
    const late = await clients.agent.post<Reply>(url(id), {
      code: 'cleaning',
      decision: 'confirm',
      amount: '5',
      note: 'x',
    });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('This return is finalized: its charges can no longer change.');
    const chargeId = final.body.decided[0]?.id ?? 0;
    expect(
      (await clients.agent.patch<Reply>(`${url(id)}${chargeId}/`, { decision: 'waive', reason: 'x' })).status,
    ).toBe(409);
    expect(await counts()).toEqual(after);
  });

  it('leaves a payment due when the deposit does not cover the charges, and uses a draft invoice of the booking', async () => {
    const id = await returned(5_000);
    await decideAll(id);
    const draft = await clients.agency.post<Invoice>('/api/invoices/', { booking: id });
    expect(draft.status).toBe(201);
    const final = await clients.agent.post<Reply>(`${url(id)}finalize/`);
    expect(final.status).toBe(200);
    expect(final.body.settlement).toMatchObject({
      invoice_id: draft.body.id,
      deposit_applied: '50.00',
      refund: '0.00',
      due: '70.00',
    });
    const money = await clients.agency.get<BookingMoney>(`/api/bookings/${id}/payments/`);
    expect(money.body.payments.map((p) => [p.kind, p.status, p.amount])).toEqual([
      ['deposit', 'received', '50.00'],
      ['payment', 'due', '70.00'],
    ]);
  });

  it('refuses to finalize over an issued invoice, and writes nothing', async () => {
    const id = await returned();
    await decideAll(id);
    const draft = await clients.agency.post<Invoice>('/api/invoices/', { booking: id });
    const issued = await clients.agency.post<Invoice>(`/api/invoices/${draft.body.id}/issue/`);
    const before = await counts();
    const refused = await clients.agent.post<Reply>(`${url(id)}finalize/`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      `This booking already has invoice ${issued.body.number ?? 0}. Void it to finalize the return.`,
    );
    expect(await counts()).toEqual(before);
  });

  it('keeps the device’s clock with an inspection, and refuses one that is not a date and time', async () => {
    const id = await returned();
    const both = await clients.agent.get<BookingInspections>(`/api/bookings/${id}/inspections/`);
    expect(both.body.return?.device_time).toMatch(/^\d{4}-\d{2}-\d{2}T12:00$/);
    expect(both.body.pickup?.device_time).toBeNull();
    const { id: other } = await pickedUp();
    const bad = await clients.agent.multipart<ErrorBody>('POST', `/api/bookings/${other}/inspections/return/`, {
      mileage: 10_100,
      fuel_eighths: 8,
      device_time: '2026-13-01T10:00',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields?.device_time).toEqual(['The device time must be a date and time (YYYY-MM-DDTHH:MM).']);
  });

  it('proposes nothing before the return inspection (409)', async () => {
    const { id } = await pickedUp();
    const reply = await clients.agent.get<Reply>(url(id));
    expect(reply.status).toBe(409);
    expect(reply.body.error).toBe('The return charges are worked out once the return inspection is recorded.');
    expect((await clients.agent.post<Reply>(url(id), { code: 'fuel', decision: 'confirm' })).status).toBe(409);
    expect((await clients.agent.post<Reply>(`${url(id)}finalize/`)).status).toBe(409);
  });

  it('a tablet’s replay (the same Idempotency-Key) of a decision, a change and the finalize gets the first reply and writes nothing again', async () => {
    const id = await returned();
    const keyed = (key: string) => ({ headers: { 'idempotency-key': `return-${id}-${key}` } });
    const fuel = { code: 'fuel', decision: 'waive', reason: 'Gauge faulty' };
    const before = await counts();

    const decided = await clients.agent.post<Reply>(url(id), fuel, keyed('decide'));
    expect(decided.status).toBe(201);
    const replayed = await clients.agent.post<Reply>(url(id), fuel, keyed('decide'));
    expect(replayed.status).toBe(201);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body).toEqual(decided.body);
    expect((await counts()).charges).toBe(before.charges + 1);
    // The same key with another body is refused, and nothing is decided.
    const reused = await clients.agent.post<Reply>(url(id), { ...fuel, reason: 'Other' }, keyed('decide'));
    expect(reused.status).toBe(422);
    expect((await counts()).charges).toBe(before.charges + 1);

    // A change replayed after a later change answers its first reply and does not undo the later one.
    const chargeUrl = `${url(id)}${decided.body.decided[0]?.id ?? 0}/`;
    const change = { decision: 'confirm', amount: '25.00', reason: 'Gauge was half right' };
    const changed = await clients.agent.patch<Reply>(chargeUrl, change, keyed('change'));
    expect(changed.status).toBe(200);
    const later = await clients.agent.patch<Reply>(
      chargeUrl,
      { decision: 'waive', reason: 'Goodwill' },
      keyed('later'),
    );
    expect(later.body.decided[0]).toMatchObject({ status: 'waived', reason: 'Goodwill' });
    const changedAgain = await clients.agent.patch<Reply>(chargeUrl, change, keyed('change'));
    expect(changedAgain.status).toBe(200);
    expect(changedAgain.headers['idempotent-replayed']).toBe('true');
    expect(changedAgain.body).toEqual(changed.body);
    const now = await clients.agent.get<Reply>(url(id));
    expect(now.body.decided[0]).toMatchObject({ status: 'waived', amount: '0.00', reason: 'Goodwill' });

    for (const code of ['mileage', 'late']) {
      expect((await clients.agent.post<Reply>(url(id), { code, decision: 'confirm' }, keyed(code))).status).toBe(201);
    }
    await clients.agent.post<Reply>(url(id), { code: 'damage:1', decision: 'dismiss' }, keyed('damage'));
    const settledBefore = await counts();
    const mails = () => t.outbox.filter((mail) => mail.subject.endsWith(`for booking ${id}`));
    const final = await clients.agent.post<Reply>(`${url(id)}finalize/`, undefined, keyed('finalize'));
    expect(final.status).toBe(200);
    expect(final.body.settlement).toMatchObject({ charges: '38.00', refund: '262.00', due: '0.00' });
    const afterFinal = await counts();
    expect(afterFinal).toEqual({
      ...settledBefore,
      settlements: settledBefore.settlements + 1,
      payments: settledBefore.payments + 1,
      invoices: settledBefore.invoices + 1,
    });
    const finalAgain = await clients.agent.post<Reply>(`${url(id)}finalize/`, undefined, keyed('finalize'));
    expect(finalAgain.status).toBe(200);
    expect(finalAgain.headers['idempotent-replayed']).toBe('true');
    expect(finalAgain.body).toEqual(final.body);
    expect(await counts()).toEqual(afterFinal);
    expect(mails()).toHaveLength(1);
  });

  it('stores a change’s and a finalize’s reply in their own transaction, so a crash before the reply leaves the key answered', async () => {
    const id = await returned();
    const user = { id: world.users.agentA, role: 'agent' as const, agencyId: world.agencies.a };
    const scope = `user:${user.id}`;
    const claim = async (key: string) => {
      expect(await claimKey(db(), scope, key, 'hash', new Date().toISOString(), 'test-process')).toBe(true);
      return { scope, key };
    };
    const waived = await clients.agent.post<Reply>(url(id), {
      code: 'fuel',
      decision: 'waive',
      reason: 'Gauge faulty',
    });
    const chargeId = waived.body.decided[0]?.id ?? 0;
    // The service alone, as if the process died before the plugin's onSend stored the reply.
    const changeKey = await claim(`crash-change-${id}`);
    const changed = await editReturnCharge(t.app.deps, user, {
      bookingId: id,
      chargeId,
      input: { decision: 'confirm', amount: 2500, reason: 'Half right' },
      replyKey: changeKey,
    });
    const storedChange = await findKey(db(), scope, changeKey.key);
    expect(storedChange).toMatchObject({ state: 'done', status_code: 200 });
    expect(JSON.parse(storedChange?.response_body ?? 'null')).toEqual(changed);

    for (const code of ['mileage', 'late']) await clients.agent.post<Reply>(url(id), { code, decision: 'confirm' });
    await clients.agent.post<Reply>(url(id), { code: 'damage:1', decision: 'dismiss' });
    const finalizeKey = await claim(`crash-finalize-${id}`);
    const final = await finalizeReturn(t.app.deps, user, id, t.app.log, finalizeKey);
    const storedFinal = await findKey(db(), scope, finalizeKey.key);
    expect(storedFinal).toMatchObject({ state: 'done', status_code: 200 });
    expect(JSON.parse(storedFinal?.response_body ?? 'null')).toEqual(final);
    expect(final.settlement).not.toBeNull();
  });

  it('keeps another agency, customers and visitors out, before reading the body, and writes nothing', async () => {
    const id = await returned();
    const before = await counts();
    const body = { code: 'fuel', decision: 'confirm' };
    // Another customer, and another agency, are told it does not exist.
    for (const client of [clients.customer2, clients.agencyB]) {
      const other = await client.get<Reply>(url(id));
      expect(other.status).toBe(404);
      expect(other.body.error).toBe('Booking not found.');
    }
    expect((await clients.anonymous.get<Reply>(url(id))).status).toBe(401);
    for (const call of [
      (c: TestClient) => c.post<Reply>(url(id), body),
      (c: TestClient) => c.patch<Reply>(`${url(id)}1/`, { decision: 'waive', reason: 'x' }),
      (c: TestClient) => c.post<Reply>(`${url(id)}finalize/`),
    ]) {
      const other = await call(clients.agencyB);
      expect(other.status).toBe(404);
      expect(other.body.error).toBe('Booking not found.');
      expect((await call(clients.customer)).status).toBe(403);
      expect((await call(clients.anonymous)).status).toBe(401);
    }
    // Refused before the body is parsed: agency B's bad body is still a 404.
    expect((await clients.agencyB.raw('POST', url(id), '{', 'application/json')).status).toBe(404);
    expect((await clients.agent.get<Reply>('/api/bookings/999999/return-charges/')).status).toBe(404);
    expect((await clients.agent.get<Reply>('/api/bookings/abc/return-charges/')).status).toBe(400);
    expect(await counts()).toEqual(before);
  });
});
