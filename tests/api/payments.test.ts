import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingMoney, Payment } from '#domain/api/payments';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import type { TestClient } from '../helpers/client.ts';
import { FINALIZE_DETAILS as address, startWorld, type World } from '../helpers/fixtures.ts';
import * as rows from '../helpers/rows.ts';

type PaymentReply = Payment & ErrorBody;
type MoneyReply = BookingMoney & ErrorBody;

describe(`payments (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let staff: TestClient;
  let agency: TestClient;
  let agent: TestClient;
  let agencyB: TestClient;
  let customer: TestClient;
  let anonymous: TestClient;
  let days = 0;

  /** A booking of agency A (£300.00, £100.00 deposit) on a day of its own. */
  const addBooking = async (agencyId?: number) => {
    days += 1;
    const ofB = agencyId === world.agencies.b;
    return rows.insertBooking(t.app.deps.db, {
      customer_id: ofB ? world.customers.createdByB : world.customers.createdByA,
      vehicle_id: ofB ? world.vehicles.b1 : world.vehicles.a1,
      start_date: `2033-01-${String(days).padStart(2, '0')}`,
      booking_amount: 30000,
      booking_deposit: 10000,
    });
  };

  const record = (client: TestClient, booking: number, fields: Record<string, unknown> = {}, key?: string) =>
    client.post<PaymentReply>(
      '/api/payments/',
      { booking, kind: 'payment', amount: '100.00', method: 'cash', paid_on: '2033-01-05', ...fields },
      key ? { headers: { 'Idempotency-Key': key } } : undefined,
    );

  const money = (client: TestClient, booking: number) => client.get<MoneyReply>(`/api/bookings/${booking}/payments/`);

  beforeAll(async () => {
    ({
      t,
      world,
      clients: { staff, agency, agent, agencyB, customer, anonymous },
    } = await startWorld());
  });
  afterAll(async () => t.close());

  it('records payments, deposits and refunds and sums them on the booking', async () => {
    const booking = await addBooking();
    const deposit = await record(agent, booking, { kind: 'deposit', amount: 100, reference: 'Till 2' });
    expect(deposit.status).toBe(201);
    expect(deposit.body).toMatchObject({
      booking,
      agency_id: world.agencies.a,
      kind: 'deposit',
      status: 'received',
      amount: '100.00',
      method: 'cash',
      paid_on: '2033-01-05',
      reference: 'Till 2',
      recorded_by: world.users.agentA,
      booking_details: { id: booking, customer_name: expect.stringContaining('Alex'), vehicle: 'Toyota Corolla' },
    });
    expect((await record(agency, booking, { amount: '120.50', method: 'mobile transfer' })).status).toBe(201);
    expect((await record(agency, booking, { amount: '79.50', method: 'debit_card' })).status).toBe(201);

    const before = await money(agency, booking);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      booking,
      booking_amount: '300.00',
      booking_deposit: '100.00',
      paid: '200.00',
      due: '100.00',
      deposit_held: '100.00',
      deposit_due: '0.00',
      refunded: '0.00',
    });
    expect(before.body.payments.map((p) => p.amount)).toEqual(['100.00', '120.50', '79.50']);

    // The deposit is given back first, then payments.
    expect((await record(agency, booking, { kind: 'refund', amount: '130.00' })).status).toBe(201);
    expect((await money(staff, booking)).body).toMatchObject({
      paid: '170.00',
      due: '130.00',
      deposit_held: '0.00',
      refunded: '130.00',
    });
  });

  it('lists with filters, paging and totals of the whole filtered set', async () => {
    const booking = await addBooking();
    await record(agency, booking, { kind: 'deposit', amount: '50.00', paid_on: '2034-02-01' });
    await record(agency, booking, { amount: '200.00', method: 'debit_card', paid_on: '2034-02-02' });
    await record(agency, booking, { kind: 'refund', amount: '20.00', paid_on: '2034-02-03' });
    await record(agency, booking, { amount: '10.00', paid_on: '2034-03-01' });

    const february = await agency.get<Payment[]>('/api/payments/?from=2034-02-01&to=2034-02-28&limit=2');
    expect(february.status).toBe(200);
    expect(february.headers['x-total-count']).toBe('3');
    expect(february.headers['x-total-received']).toBe('250.00');
    expect(february.headers['x-total-refunded']).toBe('20.00');
    expect(february.headers['x-total-deposits']).toBe('50.00');
    expect(february.headers['x-total-due']).toBe('0.00');
    // Newest day first.
    expect(february.body.map((p) => p.paid_on)).toEqual(['2034-02-03', '2034-02-02']);
    const next = await agency.get<Payment[]>('/api/payments/?from=2034-02-01&to=2034-02-28&limit=2&offset=2');
    expect(next.body.map((p) => p.paid_on)).toEqual(['2034-02-01']);

    const cards = await agency.get<Payment[]>(`/api/payments/?booking=${booking}&method=debit_card`);
    expect(cards.body.map((p) => p.amount)).toEqual(['200.00']);
    const refunds = await agency.get<Payment[]>(`/api/payments/?booking=${booking}&kind=refund&status=received`);
    expect(refunds.body.map((p) => p.amount)).toEqual(['20.00']);
    const transfers = await agency.get<Payment[]>(`/api/payments/?booking=${booking}&method=mobile%20transfer`);
    expect(transfers.body).toEqual([]);
    expect(transfers.headers['x-total-received']).toBe('0.00');
  });

  it('refuses bad input with 400 and the field, and a refund beyond what was received with 409', async () => {
    const booking = await addBooking();
    const zero = await record(agency, booking, { amount: '0' });
    expect(zero.status).toBe(400);
    expect(zero.body.fields?.amount).toEqual(['Amount must be more than 0.']);
    const fraction = await record(agency, booking, { amount: '1.234' });
    expect(fraction.body.fields?.amount).toBeDefined();
    const kind = await record(agency, booking, { kind: 'tip' });
    expect(kind.body.fields?.kind).toEqual(['Kind must be payment, deposit or refund.']);
    const method = await record(agency, booking, { method: 'cheque' });
    expect(method.body.fields?.method).toEqual(['Method must be cash, mobile transfer or debit_card.']);
    const date = await record(agency, booking, { paid_on: '2033-02-30' });
    expect(date.body.fields?.paid_on).toBeDefined();
    const long = await record(agency, booking, { reference: 'x'.repeat(101) });
    expect(long.body.fields?.reference).toBeDefined();
    expect((await agency.get('/api/payments/?limit=201')).status).toBe(400);
    expect((await agency.get('/api/payments/?kind=tip')).status).toBe(400);
    expect((await agency.get('/api/payments/?from=yesterday')).status).toBe(400);

    const nothing = await record(agency, booking, { kind: 'refund', amount: '5.00' });
    expect(nothing.status).toBe(409);
    expect(nothing.body.error).toBe('This booking has received nothing to refund.');
    expect((await record(agency, booking, { amount: '40.00' })).status).toBe(201);
    const tooMuch = await record(agency, booking, { kind: 'refund', amount: '40.01' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.fields?.amount).toEqual(['A refund cannot be more than this booking has received (£40.00).']);
    expect((await money(agency, booking)).body.payments).toHaveLength(1);
  });

  it('keeps agencies apart and refuses customers and visitors', async () => {
    const booking = await addBooking();
    const bookingOfB = await addBooking(world.agencies.b);
    const created = await record(agency, booking);
    expect(created.status).toBe(201);
    const path = `/api/payments/${created.body.id}/`;

    expect((await record(agencyB, booking)).status).toBe(404);
    expect((await record(agency, bookingOfB)).status).toBe(404);
    expect((await money(agencyB, booking)).status).toBe(404);
    expect((await agencyB.get(`/api/payments/?booking=${booking}`)).status).toBe(404);
    expect((await agencyB.patch(path, { reference: 'B' })).status).toBe(404);
    expect((await agencyB.delete(path)).status).toBe(404);
    const listB = await agencyB.get<Payment[]>('/api/payments/?limit=200');
    expect(listB.body.map((p) => p.id)).not.toContain(created.body.id);
    const all = await staff.get<Payment[]>(`/api/payments/?booking=${booking}`);
    expect(all.body.map((p) => p.id)).toEqual([created.body.id]);
    expect((await record(staff, bookingOfB)).status).toBe(201);

    expect((await customer.get('/api/payments/')).status).toBe(403);
    expect((await record(customer, booking)).status).toBe(403);
    expect((await customer.patch(path, { reference: 'C' })).status).toBe(403);
    expect((await customer.delete(path)).status).toBe(403);
    expect((await money(customer, booking)).status).toBe(403);
    expect((await anonymous.get('/api/payments/')).status).toBe(401);
    expect((await record(anonymous, booking)).status).toBe(401);
    expect((await money(anonymous, booking)).status).toBe(401);
    expect((await money(agency, booking)).body.payments).toHaveLength(1);
  });

  it('replays an idempotent POST without a second payment', async () => {
    const booking = await addBooking();
    const key = `payment-${booking}-key`;
    const first = await record(agency, booking, {}, key);
    const again = await record(agency, booking, {}, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    expect((await record(agency, booking, { amount: '1.00' }, key)).status).toBe(422);
    expect((await agency.get(`/api/payments/?booking=${booking}`)).headers['x-total-count']).toBe('1');
  });

  it('corrects a received payment only in its reference and never deletes it', async () => {
    const booking = await addBooking();
    const created = await record(agency, booking, { reference: 'typo' });
    const path = `/api/payments/${created.body.id}/`;
    const fixed = await agency.patch<PaymentReply>(path, { reference: 'REF-1' });
    expect(fixed.status).toBe(200);
    expect(fixed.body).toMatchObject({ reference: 'REF-1', amount: '100.00', status: 'received' });
    const moved = await agency.patch<PaymentReply>(path, { paid_on: '2033-03-01' });
    expect(moved.status).toBe(409);
    const status = await agency.patch<PaymentReply>(path, { status: 'due' });
    expect(status.status).toBe(400);
    const removed = await agency.delete<ErrorBody>(path);
    expect(removed.status).toBe(409);
    expect(removed.body.error).toBe('Only a deposit still due can be deleted; record a refund to give money back.');
    expect((await money(agency, booking)).body.paid).toBe('100.00');
  });

  it("records the wizard's pay-now deposit due, which staff mark received (and nothing when paying later)", async () => {
    await t.app.deps.db
      .updateTable('customers')
      .set({ drivers_license_key: 'licenses/casey', drivers_license_type: 'image/webp' })
      .where('id', '=', world.customers.own)
      .execute();
    const vehicle = await rows.insertVehicle(t.app.deps.db, { agency_id: world.agencies.a }, [world.locations.a1]);
    const finalize = async (start: string, payNow: boolean) => {
      const request = await customer.post<{ id: number }>('/api/booking-requests/', {
        vehicle_id: vehicle,
        start_date: start,
        end_date: start,
        pickup_time: '10:00',
        dropoff_time: '17:30',
        pickup_location_id: world.locations.a1,
        dropoff_location_id: world.locations.a1,
      });
      expect(request.status).toBe(201);
      const review = await staff.patch(`/api/staff-booking-requests/${request.body.id}/`, { status: 'accepted' });
      expect(review.status).toBe(200);
      const reply = await customer.post<{ booking_id: number }>(`/api/booking-request/${request.body.id}/finalize/`, {
        ...address,
        pay_now: payNow,
      });
      expect(reply.status).toBe(201);
      return reply.body.booking_id;
    };

    const booking = await finalize('2035-05-10', true);
    const due = await money(agency, booking);
    expect(due.body).toMatchObject({ paid: '0.00', due: '45.00', deposit_held: '0.00', deposit_due: '200.00' });
    expect(due.body.payments).toEqual([
      expect.objectContaining({
        kind: 'deposit',
        status: 'due',
        amount: '200.00',
        paid_on: '2035-05-10',
        recorded_by: world.users.customer,
      }),
    ]);
    const dueList = await agency.get<Payment[]>('/api/payments/?status=due&from=2035-05-10&to=2035-05-10');
    expect(dueList.headers['x-total-due']).toBe('200.00');
    expect(dueList.headers['x-total-received']).toBe('0.00');
    // Nothing was received, so nothing can be refunded yet.
    expect((await record(agency, booking, { kind: 'refund', amount: '1.00' })).status).toBe(409);

    const deposit = due.body.payments[0];
    if (!deposit) throw new Error('no deposit');
    const taken = await agent.patch<PaymentReply>(`/api/payments/${deposit.id}/`, {
      status: 'received',
      method: 'cash',
      paid_on: '2035-05-09',
      reference: 'Desk',
    });
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ status: 'received', method: 'cash', paid_on: '2035-05-09', reference: 'Desk' });
    expect((await money(agency, booking)).body).toMatchObject({ deposit_held: '200.00', deposit_due: '0.00' });
    expect((await agency.delete(`/api/payments/${deposit.id}/`)).status).toBe(409);

    const later = await finalize('2035-05-12', false);
    expect((await money(agency, later)).body.payments).toEqual([]);
  });

  it('withdraws a deposit still due', async () => {
    const booking = await addBooking();
    const id = await t.app.deps.db
      .insertInto('payments')
      .values({
        agency_id: world.agencies.a,
        booking_id: booking,
        kind: 'deposit',
        status: 'due',
        amount: 10000,
        method: 'debit_card',
        paid_on: '2033-04-01',
        reference: null,
        recorded_by: null,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await agencyB.delete(`/api/payments/${id.id}/`)).status).toBe(404);
    expect((await agency.delete(`/api/payments/${id.id}/`)).status).toBe(204);
    expect((await money(agency, booking)).body.payments).toEqual([]);
  });
});
