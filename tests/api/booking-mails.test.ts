import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '#domain/dates';
import type { Mailer, MailMessage } from '#server/services/mail';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import { anotherAddress, TestClient } from '../helpers/client.ts';
import { committedReader, type CommittedReader } from '../helpers/committed.ts';
import { FINALIZE_DETAILS, startWorld, type World } from '../helpers/fixtures.ts';
import * as rows from '../helpers/rows.ts';

interface Created {
  id: number;
}

const day = (n: number) => addDays(todayIso(), n);
const britishDate = (iso: string) => iso.split('-').reverse().join('/');

/**
 * The mails issue 19 adds: the agency hears of each new request, a visitor gets a receipt, a
 * customer gets their booking's confirmation. Each once, after the write is committed, never
 * for a refused write or a replay, and never at the cost of the write.
 */
describe(`booking mails (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let staff: TestClient;
  let customer: TestClient;
  let customer2: TestClient;
  let committed: CommittedReader;
  const sent: MailMessage[] = [];
  /** For each mail, whether its request or booking was committed when the mail was handed over. */
  const committedWhenSent: Promise<boolean>[] = [];
  let failNext = false;
  const mailer: Mailer = {
    async send(message) {
      if (failNext) {
        failNext = false;
        throw new Error('SMTP server unreachable');
      }
      sent.push(message);
      const booking = /^Your booking (\d+) /.exec(message.subject);
      const request = /request (\d+)/.exec(message.subject);
      if (booking?.[1]) committedWhenSent.push(committed.has('bookings', Number(booking[1])));
      else if (request?.[1]) committedWhenSent.push(committed.has('booking_requests', Number(request[1])));
      else committedWhenSent.push(Promise.resolve(false));
    },
    close() {},
  };

  const visitor = () => new TestClient(t.app, { remoteAddress: anotherAddress() });
  const visitorRequest = (client: TestClient, start: number, extra: object = {}, key?: string) =>
    client.post<Created & ErrorBody>(
      '/api/rentals/booking-requests/',
      {
        vehicle_id: world.vehicles.a2,
        first_name: 'Vera',
        last_name: 'Visitor',
        phone_number: '+44 7700 900555',
        email: 'Vera@Example.com',
        start_date: day(start),
        end_date: day(start + 2),
        message: 'Child seat, please.',
        ...extra,
      },
      key ? { headers: { 'Idempotency-Key': key } } : {},
    );
  const customerRequest = (client: TestClient, vehicle: number, start: number, key?: string) =>
    client.post<Created & ErrorBody>(
      '/api/booking-requests/',
      {
        vehicle_id: vehicle,
        start_date: day(start),
        end_date: day(start + 1),
        pickup_time: '10:00',
        dropoff_time: '17:30',
        pickup_location_id: world.locations.a1,
        dropoff_location_id: world.locations.a2,
      },
      key ? { headers: { 'Idempotency-Key': key } } : {},
    );
  const expectAllCommitted = async () => {
    expect(await Promise.all(committedWhenSent)).toEqual(committedWhenSent.map(() => true));
  };

  beforeAll(async () => {
    ({
      t,
      world,
      clients: { staff, customer, customer2 },
    } = await startWorld({ mailer }));
    committed = await committedReader(t);
  });
  afterAll(async () => {
    await committed.close();
    await t.close();
  });
  beforeEach(() => {
    sent.length = 0;
    committedWhenSent.length = 0;
    failNext = false;
  });

  describe("a visitor's request", () => {
    it('mails the agency and a receipt to the visitor, once each, after commit', async () => {
      const reply = await visitorRequest(visitor(), 10);
      expect(reply.status).toBe(201);
      const id = reply.body.id;
      expect(sent.map((mail) => mail.to)).toEqual(['northdrive@example.com', 'vera@example.com']);
      const [toAgency, receipt] = sent;
      expect(toAgency?.subject).toBe(
        `New booking request ${id}: Ford Focus, ${britishDate(day(10))} to ${britishDate(day(12))}`,
      );
      expect(toAgency?.text).toContain('Hello North Drive,');
      expect(toAgency?.text).toContain('A new booking request has arrived from a visitor without an account.');
      expect(toAgency?.text).toContain(`Request number: ${id}`);
      expect(toAgency?.text).toContain('Vehicle: Ford Focus (AA22 AAA)');
      expect(toAgency?.text).toContain(`Dates: from ${britishDate(day(10))} 09:00 to ${britishDate(day(12))} 18:00`);
      expect(toAgency?.text).toContain('Name: Vera Visitor');
      expect(toAgency?.text).toContain('Phone: +44 7700 900555');
      expect(toAgency?.text).toContain('E-mail: vera@example.com');
      expect(toAgency?.text).toContain('Child seat, please.');
      expect(toAgency?.text).toContain(`${t.config.publicUrl}/booking-requests/${id}`);

      expect(receipt?.subject).toBe(`Your booking request ${id} for the Ford Focus was received`);
      expect(receipt?.text).toContain('Hello Vera,');
      expect(receipt?.text).toContain(`Your booking request number is ${id}.`);
      expect(receipt?.text).toContain(`for the Ford Focus from ${britishDate(day(10))} 09:00`);
      expect(receipt?.text).toContain(
        'North Drive checks that the vehicle is free and accepts or declines your request.',
      );
      expect(receipt?.text).toContain(`${t.config.publicUrl}/register-customer`);
      expect(receipt?.text).toContain('Questions? Contact North Drive: +44 20 7946 0000, northdrive@example.com.');
      await expectAllCommitted();
    });

    it('sends nothing again for a replay with the same Idempotency-Key', async () => {
      const client = visitor();
      const key = 'visitor-mail-replay-0001';
      const first = await visitorRequest(client, 20, {}, key);
      const replay = await visitorRequest(client, 20, {}, key);
      expect(replay.status).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toEqual(first.body);
      expect(sent).toHaveLength(2);
      const stored = await t.app.deps.db
        .selectFrom('booking_requests')
        .select('id')
        .where('email', '=', 'vera@example.com')
        .where('start_date', '=', day(20))
        .execute();
      expect(stored).toEqual([{ id: first.body.id }]);
    });

    it('sends nothing for a refused request: bad input (400), dates taken (409)', async () => {
      const bad = await visitorRequest(visitor(), 30, { email: 'not-an-address' });
      expect(bad.status).toBe(400);
      await rows.insertBooking(t.app.deps.db, {
        customer_id: world.customers.createdByA,
        vehicle_id: world.vehicles.a2,
        start_date: day(40),
        end_date: day(42),
        booking_status: 'confirmed',
      });
      const taken = await visitorRequest(visitor(), 41);
      expect(taken.status).toBe(409);
      expect(sent).toHaveLength(0);
    });

    it("falls back to the owner's login e-mail when the agency has no e-mail in Settings", async () => {
      await t.app.deps.db
        .updateTable('agencies')
        .set({ contact_email: '' })
        .where('id', '=', world.agencies.a)
        .execute();
      try {
        const reply = await visitorRequest(visitor(), 50);
        expect(reply.status).toBe(201);
        expect(sent.map((mail) => mail.to)).toEqual(['agency@example.com', 'vera@example.com']);
        expect(sent[1]?.text).toContain('Questions? Contact North Drive: +44 20 7946 0000, agency@example.com.');
      } finally {
        await t.app.deps.db
          .updateTable('agencies')
          .set({ contact_email: 'northdrive@example.com' })
          .where('id', '=', world.agencies.a)
          .execute();
      }
    });

    it('keeps the request when the mail server fails', async () => {
      failNext = true;
      const reply = await visitorRequest(visitor(), 60);
      expect(reply.status).toBe(201);
      expect(await committed.has('booking_requests', reply.body.id)).toBe(true);
      // The first mail failed and was logged; the receipt still went.
      expect(sent.map((mail) => mail.to)).toEqual(['vera@example.com']);
    });
  });

  describe("a customer's request", () => {
    it('mails the agency only (the customer sees the request in the app), once, after commit', async () => {
      const reply = await customerRequest(customer, world.vehicles.a1, 70);
      expect(reply.status).toBe(201);
      expect(sent).toHaveLength(1);
      expect(sent[0]?.to).toBe('northdrive@example.com');
      expect(sent[0]?.text).toContain('A new booking request has arrived from a customer with an account.');
      expect(sent[0]?.text).toContain('Name: Casey Customer');
      expect(sent[0]?.text).toContain('E-mail: casey@example.com');
      expect(sent[0]?.text).toContain('Pickup: Leeds Station');
      expect(sent[0]?.text).toContain('Dropoff: York Centre');
      await expectAllCommitted();
    });

    it('sends nothing for a replay, a refused request or a wrong role', async () => {
      const key = 'customer-mail-replay-0001';
      await customerRequest(customer, world.vehicles.a1, 80, key);
      const replay = await customerRequest(customer, world.vehicles.a1, 80, key);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(sent).toHaveLength(1);
      await rows.insertBooking(t.app.deps.db, {
        customer_id: world.customers.createdByA,
        vehicle_id: world.vehicles.a1,
        start_date: day(200),
        end_date: day(202),
        booking_status: 'confirmed',
      });
      const taken = await customerRequest(customer2, world.vehicles.a1, 201);
      expect(taken.status).toBe(409);
      const staffCall = await customerRequest(staff, world.vehicles.a1, 90);
      expect(staffCall.status).toBe(403);
      expect(sent).toHaveLength(1);
    });
  });

  describe('a customer confirms an accepted request (finalize)', () => {
    const acceptedRequest = async (start: number) => {
      const vehicle = await rows.insertVehicle(
        t.app.deps.db,
        { agency_id: world.agencies.a, make: 'Skoda', model: 'Octavia', price_per_day: 5000, deposit: 30000 },
        [world.locations.a1, world.locations.a2],
      );
      const created = await customerRequest(customer, vehicle, start);
      expect(created.status).toBe(201);
      expect(
        (await staff.patch(`/api/staff-booking-requests/${created.body.id}/`, { status: 'accepted' })).status,
      ).toBe(200);
      sent.length = 0;
      committedWhenSent.length = 0;
      return { requestId: created.body.id, vehicle };
    };
    const finalize = (requestId: number, key?: string) =>
      customer.post<{ booking_id: number } & ErrorBody>(
        `/api/booking-request/${requestId}/finalize/`,
        FINALIZE_DETAILS,
        key ? { headers: { 'Idempotency-Key': key } } : {},
      );

    beforeAll(async () => {
      await t.app.deps.db
        .updateTable('customers')
        .set({ drivers_license_key: 'licenses/casey', drivers_license_type: 'image/webp' })
        .where('id', '=', world.customers.own)
        .execute();
    });

    it("mails the booking's number, vehicle, dates, pickup place, amount and deposit, once, after commit", async () => {
      const { requestId } = await acceptedRequest(100);
      const reply = await finalize(requestId);
      expect(reply.status).toBe(201);
      const id = reply.body.booking_id;
      expect(sent).toHaveLength(1);
      const [mail] = sent;
      expect(mail?.to).toBe('casey@example.com');
      expect(mail?.subject).toBe(`Your booking ${id} for the Skoda Octavia is confirmed`);
      expect(mail?.text).toContain('Hello Casey,');
      expect(mail?.text).toContain('Your booking with North Drive is confirmed.');
      expect(mail?.text).toContain(`Booking number: ${id}`);
      expect(mail?.text).toContain('Vehicle: Skoda Octavia');
      expect(mail?.text).toContain(`Dates: from ${britishDate(day(100))} 10:00 to ${britishDate(day(101))} 17:30`);
      expect(mail?.text).toContain('Pickup: Leeds Station');
      expect(mail?.text).toContain('Amount: £100.00');
      expect(mail?.text).toContain('Deposit: £300.00');
      expect(mail?.text).toContain(
        `Read and sign your rental agreement before pickup: ${t.config.publicUrl}/customer/bookings/${id}\n`,
      );
      expect(mail?.text).toContain(`Your booking, at any time:\n${t.config.publicUrl}/customer/bookings/${id}`);
      expect(mail?.text).toContain('Questions? Contact North Drive: +44 20 7946 0000, northdrive@example.com.');
      await expectAllCommitted();
    });

    it('sends one mail when two finalizes race (the loser rolls back) and none for a replay', async () => {
      const { requestId } = await acceptedRequest(110);
      const replies = await Promise.all([finalize(requestId), finalize(requestId)]);
      expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409]);
      expect(sent).toHaveLength(1);

      const other = await acceptedRequest(120); // starts a new count
      const key = 'finalize-mail-replay-0001';
      const first = await finalize(other.requestId, key);
      const replay = await finalize(other.requestId, key);
      expect(first.status).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(sent).toHaveLength(1);
    });

    it('sends nothing when the dates were booked meanwhile (409) or for a request not accepted', async () => {
      const { requestId, vehicle } = await acceptedRequest(130);
      await rows.insertBooking(t.app.deps.db, {
        customer_id: world.customers.createdByA,
        vehicle_id: vehicle,
        start_date: day(131),
        end_date: day(132),
        booking_status: 'confirmed',
      });
      expect((await finalize(requestId)).status).toBe(409);
      const pending = await customerRequest(customer, world.vehicles.a1, 140);
      sent.length = 0;
      expect((await finalize(pending.body.id)).status).toBe(409);
      expect(sent).toHaveLength(0);
    });

    it('keeps the booking when the mail server fails', async () => {
      const { requestId } = await acceptedRequest(150);
      failNext = true;
      const reply = await finalize(requestId);
      expect(reply.status).toBe(201);
      expect(await committed.has('bookings', reply.body.booking_id)).toBe(true);
      expect(sent).toHaveLength(0);
    });
  });
});
