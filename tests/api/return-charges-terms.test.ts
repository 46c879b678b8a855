import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingAgreement } from '#domain/api/agreements';
import type { AnonymousBookingRequestReceipt } from '#domain/api/booking-requests';
import type { Invoice } from '#domain/api/invoices';
import type { BookingMoney, Payment } from '#domain/api/payments';
import type { ReturnCharges } from '#domain/api/return-charges';
import type { StaffBookingDetail } from '#domain/api/bookings';
import { addDays, todayIso } from '#domain/dates';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import { anotherAddress, TestClient } from '../helpers/client.ts';
import { startWorld, type World, type WorldClients } from '../helpers/fixtures.ts';
import * as rows from '../helpers/rows.ts';

type Reply = ReturnCharges & ErrorBody;

/**
 * Issue 22's follow-ups: a return is charged by the terms the booking was quoted with, and a
 * final invoice the payments and the kept deposit cover is paid. Agency A charges £0.20 a km over
 * 100 km a day and £10.00 an eighth of fuel when the bookings are made; no tax.
 */
describe(`return charges by the booking's terms, and a covered final invoice paid (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let clients: WorldClients;
  let serial = 0;
  const db = () => t.app.deps.db;
  const url = (id: number) => `/api/bookings/${id}/return-charges/`;
  const terms = { price_per_extra_km: 20, fuel_policy: 'full_to_full', fuel_price_per_eighth: 1000 } as const;

  beforeAll(async () => {
    ({ t, world, clients } = await startWorld());
    await db()
      .updateTable('agencies')
      .set({ ...terms, late_grace_minutes: 30, hourly_basis_points: 1000, tax_rate: 0 })
      .where('id', '=', world.agencies.a)
      .execute();
    await db().updateTable('vehicles').set({ mileage_allowance: 100, mileage: 10_000 }).execute();
  });
  afterAll(async () => t?.close());

  const start = () => {
    serial += 1;
    return addDays(todayIso(t.clock.now()), 400 + serial * 5);
  };

  /** Active, picked up full at 10 000 km, with `deposit` (and `paid`) received. */
  async function pickUp(id: number, money: { deposit: number; paid?: number }) {
    await db().updateTable('bookings').set({ booking_status: 'active' }).where('id', '=', id).execute();
    const now = new Date().toISOString();
    const entry = {
      agency_id: world.agencies.a,
      booking_id: id,
      status: 'received' as const,
      method: 'debit_card' as const,
      paid_on: todayIso(t.clock.now()),
      reference: null,
      recorded_by: null,
      created_at: now,
      updated_at: now,
    };
    await db()
      .insertInto('booking_inspections')
      .values({
        booking_id: id,
        agency_id: world.agencies.a,
        kind: 'pickup',
        mileage: 10_000,
        fuel_eighths: 8,
        damage_marks: '[]',
        notes: null,
        recorded_by: null,
        created_at: now,
      })
      .execute();
    if (money.deposit > 0) {
      await db()
        .insertInto('payments')
        .values({ ...entry, kind: 'deposit', amount: money.deposit })
        .execute();
    }
    if (money.paid)
      await db()
        .insertInto('payments')
        .values({ ...entry, kind: 'payment', amount: money.paid })
        .execute();
  }

  /** Back on time after 450 km (150 over a three-day allowance of 300) with 5/8 of a tank (3/8 short). */
  async function bringBack(id: number, end: string) {
    const reply = await clients.agent.multipart('POST', `/api/bookings/${id}/inspections/return/`, {
      mileage: 10_450,
      fuel_eighths: 5,
      damage_marks: '[]',
      device_time: `${end}T09:00`,
    });
    expect(reply.status).toBe(201);
  }

  /** A three-day booking at £40.00 a day with its one stored line, made before bookings kept their terms. */
  async function olderBooking() {
    const from = start();
    const id = await rows.insertBooking(db(), {
      customer_id: world.customers.own,
      vehicle_id: world.vehicles.a1,
      start_date: from,
      end_date: addDays(from, 2),
      dropoff_time: '10:00',
      booking_amount: 12_000,
      booking_status: 'confirmed',
    });
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
    return { id, end: addDays(from, 2) };
  }

  const proposed = async (id: number) =>
    (await clients.agent.get<Reply>(url(id))).body.proposed.map((charge) => [
      charge.code,
      charge.quantity,
      charge.unit_amount,
      charge.amount,
    ]);

  it("charges km and fuel by the terms the booking was made with, not the agency's terms since", async () => {
    const from = start();
    const made = await clients.agent.post<StaffBookingDetail & ErrorBody>('/api/bookings/', {
      customer: world.customers.createdByA,
      vehicle: world.vehicles.a1,
      start_date: from,
      end_date: addDays(from, 2),
      pickup_time: '09:00',
      dropoff_time: '10:00',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.id;
    expect(
      await db()
        .selectFrom('bookings')
        .select([
          'quoted_mileage_allowance',
          'quoted_price_per_extra_km',
          'quoted_fuel_policy',
          'quoted_fuel_price_per_eighth',
          'quoted_late_grace_minutes',
          'quoted_hourly_basis_points',
        ])
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      quoted_mileage_allowance: 100,
      quoted_price_per_extra_km: 20,
      quoted_fuel_policy: 'full_to_full',
      quoted_fuel_price_per_eighth: 1000,
      quoted_late_grace_minutes: 30,
      quoted_hourly_basis_points: 1000,
    });
    const older = await olderBooking();

    // After booking, the agency charges more and gives less; the vehicle's allowance halves.
    const { settings } = (await clients.agency.get<{ settings: Record<string, unknown> }>('/api/rate-plan/')).body;
    expect(settings).toMatchObject({ price_per_extra_km: '0.20', fuel_price_per_eighth: '10.00' });
    const changed = await clients.agency.put('/api/rate-plan/settings/', {
      ...settings,
      price_per_extra_km: '0.50',
      fuel_price_per_eighth: '25.00',
      late_grace_minutes: 0,
    });
    expect(changed.status).toBe(200);
    await db().updateTable('vehicles').set({ mileage_allowance: 50 }).where('id', '=', world.vehicles.a1).execute();
    try {
      // The agreement states the booking's terms.
      const agreement = await clients.agent.get<BookingAgreement>(`/api/bookings/${id}/agreement/`);
      expect(agreement.body.content.mileage).toEqual({ allowance_km_per_day: 100, price_per_extra_km: '0.20' });
      expect(agreement.body.content.fuel).toEqual({ policy: 'full_to_full', price_per_eighth: '10.00' });

      await pickUp(id, { deposit: 0 });
      await bringBack(id, addDays(from, 2));
      expect(await proposed(id)).toEqual([
        ['mileage', 150, '0.20', '30.00'],
        ['fuel', 3, '10.00', '30.00'],
      ]);

      // A booking made before bookings kept their terms is charged by the current ones.
      await pickUp(older.id, { deposit: 0 });
      await bringBack(older.id, older.end);
      expect(await proposed(older.id)).toEqual([
        ['mileage', 300, '0.50', '150.00'],
        ['fuel', 3, '25.00', '75.00'],
      ]);
      const olderAgreement = await clients.agent.get<BookingAgreement>(`/api/bookings/${older.id}/agreement/`);
      expect(olderAgreement.body.content.mileage).toEqual({ allowance_km_per_day: 50, price_per_extra_km: '0.50' });
    } finally {
      expect((await clients.agency.put('/api/rate-plan/settings/', settings)).status).toBe(200);
      await db().updateTable('vehicles').set({ mileage_allowance: 100 }).where('id', '=', world.vehicles.a1).execute();
    }
  });

  it("a booking made from a request keeps the request's terms", async () => {
    const vehicle = await rows.insertVehicle(db(), { agency_id: world.agencies.a, mileage_allowance: 100 });
    const from = start();
    const receipt = await new TestClient(t.app, { remoteAddress: anotherAddress() }).post<
      AnonymousBookingRequestReceipt & ErrorBody
    >('/api/rentals/booking-requests/', {
      vehicle_id: vehicle,
      start_date: from,
      end_date: addDays(from, 2),
      pickup_time: '09:00',
      dropoff_time: '10:00',
      extras: [],
      first_name: 'Vic',
      last_name: 'Visitor',
      phone_number: '+44 20 7946 0958',
      email: 'vic.terms@example.com',
    });
    expect(receipt.status, JSON.stringify(receipt.body)).toBe(201);
    const { settings } = (await clients.agency.get<{ settings: Record<string, unknown> }>('/api/rate-plan/')).body;
    const changed = await clients.agency.put('/api/rate-plan/settings/', {
      ...settings,
      price_per_extra_km: '0.75',
      fuel_policy: 'prepaid',
    });
    expect(changed.status).toBe(200);
    try {
      const requestId = receipt.body.id;
      const path = `/api/staff-booking-requests/${requestId}/`;
      expect((await clients.agent.patch(path, { status: 'accepted' })).status).toBe(200);
      const made = await clients.agent.post<{ id: number } & ErrorBody>(`${path}booking/`, {});
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const agreement = await clients.agent.get<BookingAgreement>(`/api/bookings/${made.body.id}/agreement/`);
      expect(agreement.body.content.mileage).toEqual({ allowance_km_per_day: 100, price_per_extra_km: '0.20' });
      expect(agreement.body.content.fuel).toEqual({ policy: 'full_to_full', price_per_eighth: '10.00' });
      await pickUp(made.body.id, { deposit: 0 });
      await bringBack(made.body.id, addDays(from, 2));
      expect(await proposed(made.body.id)).toEqual([
        ['mileage', 150, '0.20', '30.00'],
        ['fuel', 3, '10.00', '30.00'],
      ]);
    } finally {
      expect((await clients.agency.put('/api/rate-plan/settings/', settings)).status).toBe(200);
    }
  });

  /** An older booking picked up with `money`, back with £60.00 of charges (km and fuel) confirmed and finalized. */
  async function finalized(money: { deposit: number; paid?: number }) {
    const booking = await olderBooking();
    await pickUp(booking.id, money);
    await bringBack(booking.id, booking.end);
    for (const code of ['mileage', 'fuel']) {
      expect((await clients.agent.post<Reply>(url(booking.id), { code, decision: 'confirm' })).status).toBe(201);
    }
    const final = await clients.agent.post<Reply>(`${url(booking.id)}finalize/`);
    expect(final.status).toBe(200);
    const invoiceId = final.body.settlement?.invoice_id ?? 0;
    return { id: booking.id, final: final.body, invoice: `/api/invoices/${invoiceId}/` };
  }
  const today = () => todayIso(t.clock.now());

  it('marks the final invoice paid when the booking was paid and the deposit covers the charges', async () => {
    const mails = t.outbox.length;
    const { id, final, invoice } = await finalized({ deposit: 30_000, paid: 12_000 });
    expect(final.settlement).toMatchObject({
      charges: '60.00',
      deposit_applied: '60.00',
      refund: '240.00',
      due: '0.00',
      invoice_status: 'paid',
    });
    // The staff's invoice view and the customer's charges say it is paid.
    expect((await clients.agency.get<Invoice>(invoice)).body).toMatchObject({
      status: 'paid',
      paid_date: today(),
      total: '180.00',
    });
    const customer = await clients.customer.get<Reply>(url(id));
    expect(customer.status).toBe(200);
    expect(customer.body.settlement?.invoice_status).toBe('paid');
    const sent = t.outbox.slice(mails).find((mail) => mail.subject.startsWith('Your final invoice'));
    expect(sent?.text).toContain(`Invoice ${final.settlement?.invoice_number ?? 0} is paid.`);
  });

  it('leaves it issued while a shortfall is due, and marks it paid when the shortfall is received', async () => {
    const mails = t.outbox.length;
    const { id, final, invoice } = await finalized({ deposit: 4_000, paid: 12_000 });
    expect(final.settlement).toMatchObject({ deposit_applied: '40.00', due: '20.00', invoice_status: 'issued' });
    expect((await clients.agency.get<Invoice>(invoice)).body).toMatchObject({ status: 'issued', paid_date: null });
    expect((await clients.customer.get<Reply>(url(id))).body.settlement?.invoice_status).toBe('issued');
    const sent = t.outbox.slice(mails).find((mail) => mail.subject.startsWith('Your final invoice'));
    expect(sent?.text).toContain('Still to pay: £20.00');
    expect(sent?.text).not.toContain('is paid.');

    const money = await clients.agent.get<BookingMoney>(`/api/bookings/${id}/payments/`);
    const due = money.body.payments.find((payment) => payment.kind === 'payment' && payment.status === 'due');
    expect(due).toMatchObject({ amount: '20.00' });
    const path = `/api/payments/${due?.id ?? 0}/`;
    // Refused before anything moves: another agency (404), a customer (403), a visitor (401).
    expect((await clients.agencyB.patch(path, { status: 'received' })).status).toBe(404);
    expect((await clients.customer.patch(path, { status: 'received' })).status).toBe(403);
    expect((await clients.anonymous.patch(path, { status: 'received' })).status).toBe(401);
    const bad = await clients.agent.patch<ErrorBody>(path, { status: 'paid' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields?.status).toEqual(['Status can only be set to received.']);
    expect((await clients.agency.get<Invoice>(invoice)).body.status).toBe('issued');

    const received = await clients.agent.patch<Payment>(path, { status: 'received', paid_on: addDays(today(), 1) });
    expect(received.status).toBe(200);
    expect(received.body).toMatchObject({ status: 'received', amount: '20.00' });
    expect((await clients.agency.get<Invoice>(invoice)).body).toMatchObject({
      status: 'paid',
      paid_date: addDays(today(), 1),
    });
    expect((await clients.customer.get<Reply>(url(id))).body.settlement?.invoice_status).toBe('paid');
  });

  it('counts the kept deposit when the booking itself is paid after the return', async () => {
    const { id, final, invoice } = await finalized({ deposit: 30_000 });
    // The charges are covered, the booking's own £120.00 is not: the invoice waits for it.
    expect(final.settlement).toMatchObject({ deposit_applied: '60.00', due: '0.00', invoice_status: 'issued' });
    expect((await clients.agency.get<Invoice>(invoice)).body.status).toBe('issued');
    const paid = await clients.agent.post('/api/payments/', {
      booking: id,
      kind: 'payment',
      amount: '120.00',
      method: 'cash',
      paid_on: today(),
    });
    expect(paid.status).toBe(201);
    // £120.00 paid and £60.00 of deposit kept cover the £180.00 invoice.
    expect((await clients.agency.get<Invoice>(invoice)).body).toMatchObject({ status: 'paid', total: '180.00' });
  });
});
