import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKING_BOOKING_STATUSES } from '#domain/constants';
import { addDays, rangesOverlap, rentalDays, todayIso } from '#domain/dates';
import type { Deps } from '#server/context';
import {
  DEMO_PASSWORD,
  DEMO_USERS,
  needsDemoData,
  seedDemo,
  seedDemoLogged,
  type SeedSummary,
} from '#server/seed/index';
import { createTestApp, ENGINE, type TestApp } from '../helpers/app.ts';
import { signedIn, TestClient } from '../helpers/client.ts';
import type { QuoteView } from '#domain/api/quotes';
import type { RatePlanView } from '#domain/api/rate-plan';
import type { PublicVehicle } from '#domain/api/vehicles';
import { diskPublicDir } from '../helpers/media.ts';

const fileOf = (deps: Deps, url: string) =>
  path.join(diskPublicDir(deps.config.dataDir), url.replace(/^\/media\//, ''));

async function mediaFiles(deps: Deps): Promise<string[]> {
  const files: string[] = [];
  for (const folder of ['vehicles', 'agencies']) {
    const dir = path.join(diskPublicDir(deps.config.dataDir), folder);
    if (existsSync(dir)) files.push(...(await readdir(dir)).map((name) => `${folder}/${name}`));
  }
  return files.sort();
}

async function userCount(deps: Deps): Promise<number> {
  const row = await deps.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe(`demo data (${ENGINE})`, () => {
  let t: TestApp;
  let deps: Deps;
  let summary: SeedSummary;
  let today: string;

  let seededAt: Date;

  beforeAll(async () => {
    t = await createTestApp();
    deps = t.app.deps;
    seededAt = deps.now();
    summary = await seedDemo({ ...deps, now: () => seededAt });
    today = todayIso(seededAt);
  });
  afterAll(async () => t.close());

  it('has two approved agencies with logos on disk and a pending one', async () => {
    const agencies = await deps.db.selectFrom('agencies').selectAll().orderBy('id').execute();
    expect(agencies.map((agency) => [agency.name, agency.status])).toEqual([
      ['Northern Wheels', 'approved'],
      ['Coastline Car Hire', 'approved'],
      ['Fresh Fleet Motors', 'pending'],
    ]);
    for (const agency of agencies.slice(0, 2)) {
      expect(agency.logo_key).toEqual(expect.any(String));
      expect(existsSync(fileOf(deps, deps.media.logoUrl(agency.logo_key ?? '')))).toBe(true);
    }
    const cities = await deps.db.selectFrom('locations').select('city').distinct().orderBy('city').execute();
    expect(cities.map((row) => row.city)).toEqual(
      expect.arrayContaining(['Bath', 'Bristol', 'Cardiff', 'Leeds', 'Manchester', 'York']),
    );
    // Every pickup location has its street address, as the vehicle page and the bookings show it.
    const withoutAddress = await deps.db.selectFrom('locations').select('name').where('address', '=', '').execute();
    expect(withoutAddress).toEqual([]);
    expect(summary).toMatchObject({ agencies: 3, vehicles: 28 });
  });

  it('lists at least 24 public vehicles, each with 2–4 stored images and pickup points of its agency', async () => {
    const reply = await new TestClient(t.app).get<{ id: number; agency_name: string; images: unknown[] }[]>(
      '/api/public-vehicles/?limit=200',
    );
    expect(reply.status).toBe(200);
    expect(reply.body.length).toBeGreaterThanOrEqual(24);
    expect(Number(reply.headers['x-total-count'])).toBe(reply.body.length);
    expect(new Set(reply.body.map((vehicle) => vehicle.agency_name))).toEqual(
      new Set(['Northern Wheels', 'Coastline Car Hire']),
    );

    const vehicles = await deps.db
      .selectFrom('vehicles')
      .innerJoin('agencies', 'agencies.id', 'vehicles.agency_id')
      .select(['vehicles.id', 'vehicles.agency_id', 'vehicles.price_per_day', 'vehicles.registration_number'])
      .select('agencies.status')
      .execute();
    const pending = vehicles.filter((vehicle) => vehicle.status === 'pending');
    expect(pending).toHaveLength(2);
    const listed = new Set(reply.body.map((vehicle) => vehicle.id));
    for (const vehicle of pending) expect(listed.has(vehicle.id)).toBe(false);
    expect(listed.size).toBe(vehicles.length - pending.length);

    for (const vehicle of vehicles) {
      expect(vehicle.registration_number).toMatch(/^[A-Z]{2}\d{2} [A-Z]{3}$/);
      expect(vehicle.price_per_day).toBeGreaterThanOrEqual(2500);
      expect(vehicle.price_per_day).toBeLessThanOrEqual(12000);
      const images = await deps.db
        .selectFrom('vehicle_images')
        .select(['file_key', 'position'])
        .where('vehicle_id', '=', vehicle.id)
        .orderBy('position')
        .execute();
      expect(images.length).toBeGreaterThanOrEqual(2);
      expect(images.length).toBeLessThanOrEqual(4);
      expect(images.map((image) => image.position)).toEqual(images.map((_, index) => index));
      for (const image of images) {
        expect(existsSync(fileOf(deps, deps.media.vehicleImageUrl(image.file_key, 'card')))).toBe(true);
        expect(existsSync(fileOf(deps, deps.media.vehicleImageUrl(image.file_key, 'detail')))).toBe(true);
      }
      const points = await deps.db
        .selectFrom('vehicle_locations')
        .innerJoin('locations', 'locations.id', 'vehicle_locations.location_id')
        .select('locations.agency_id')
        .where('vehicle_locations.vehicle_id', '=', vehicle.id)
        .execute();
      expect(points.length).toBeGreaterThanOrEqual(1);
      expect(points.length).toBeLessThanOrEqual(3);
      for (const point of points) expect(point.agency_id).toBe(vehicle.agency_id);
    }
    const keys = await deps.db.selectFrom('vehicle_images').select('file_key').execute();
    expect(new Set(keys.map((row) => row.file_key)).size).toBe(keys.length);
  });

  it('spreads bookings over the past 12 months with statuses that fit their dates and amounts of days × price', async () => {
    const bookings = await deps.db
      .selectFrom('bookings')
      .innerJoin('vehicles', 'vehicles.id', 'bookings.vehicle_id')
      .select([
        'bookings.id',
        'bookings.vehicle_id',
        'bookings.agency_id',
        'bookings.start_date',
        'bookings.end_date',
        'bookings.booking_status',
        'bookings.booking_amount',
        'bookings.created_at',
        'vehicles.price_per_day',
      ])
      .select('vehicles.agency_id as vehicle_agency_id')
      .execute();
    expect(bookings.length).toBe(summary.bookings);
    expect(bookings.length).toBeGreaterThan(200);
    const yearAgo = addDays(today, -366);
    expect(bookings.every((booking) => booking.start_date >= yearAgo)).toBe(true);
    expect(bookings.every((booking) => booking.created_at.slice(0, 10) >= yearAgo)).toBe(true);
    expect(bookings.every((booking) => booking.created_at <= deps.now().toISOString())).toBe(true);
    expect(bookings.some((booking) => booking.start_date <= addDays(today, -300))).toBe(true);
    for (let monthsBack = 1; monthsBack <= 11; monthsBack++) {
      const month = addDays(today, -30 * monthsBack).slice(0, 7);
      expect(bookings.some((booking) => booking.start_date.startsWith(month))).toBe(true);
    }
    for (const booking of bookings) {
      expect(booking.agency_id).toBe(booking.vehicle_agency_id);
      expect(booking.booking_amount).toBe(rentalDays(booking.start_date, booking.end_date) * booking.price_per_day);
      const expected =
        booking.end_date < today
          ? ['completed', 'cancelled']
          : booking.start_date <= today
            ? ['active']
            : ['confirmed', 'pending'];
      expect(expected).toContain(booking.booking_status);
    }
    const statuses = new Set(bookings.map((booking) => booking.booking_status));
    expect([...statuses].sort()).toEqual(['active', 'cancelled', 'completed', 'confirmed', 'pending']);
    expect(bookings.filter((booking) => booking.start_date > today).length).toBeGreaterThan(3);
  });

  it('never lets two blocking bookings of one vehicle overlap', async () => {
    const overlaps = await deps.db
      .selectFrom('bookings as a')
      .innerJoin('bookings as b', (join) =>
        join
          .onRef('a.vehicle_id', '=', 'b.vehicle_id')
          .onRef('a.id', '<', 'b.id')
          .onRef('a.start_date', '<=', 'b.end_date')
          .onRef('b.start_date', '<=', 'a.end_date'),
      )
      .select(['a.id as first', 'b.id as second'])
      .where('a.booking_status', 'in', BLOCKING_BOOKING_STATUSES)
      .where('b.booking_status', 'in', BLOCKING_BOOKING_STATUSES)
      .execute();
    expect(overlaps).toEqual([]);
    // The same check in plain code, so a mistake in the query cannot hide one.
    const blocking = await deps.db
      .selectFrom('bookings')
      .select(['vehicle_id', 'start_date', 'end_date'])
      .where('booking_status', 'in', BLOCKING_BOOKING_STATUSES)
      .orderBy('vehicle_id')
      .orderBy('start_date')
      .execute();
    expect(blocking.length).toBeGreaterThan(20);
    for (let i = 1; i < blocking.length; i++) {
      const [before, after] = [blocking[i - 1], blocking[i]];
      if (!before || !after || before.vehicle_id !== after.vehicle_id) continue;
      expect(rangesOverlap(before.start_date, before.end_date, after.start_date, after.end_date)).toBe(false);
    }
  });

  it('has customers created by each agency, with addresses and some next of kin', async () => {
    const customers = await deps.db.selectFrom('customers').selectAll().execute();
    expect(customers.length).toBeGreaterThanOrEqual(28);
    const agencies = await deps.db.selectFrom('agencies').select(['id', 'status']).orderBy('id').execute();
    for (const agency of agencies.filter((row) => row.status === 'approved')) {
      expect(customers.filter((customer) => customer.agency_id === agency.id).length).toBeGreaterThanOrEqual(10);
    }
    const withAccounts = customers.filter((customer) => customer.user_id !== null);
    for (const customer of withAccounts) expect(customer.agency_id).toBeNull();
    for (const customer of customers.filter((row) => row.agency_id !== null)) {
      expect(customer.street_address).toEqual(expect.any(String));
      expect(customer.city).toEqual(expect.any(String));
      expect(customer.national_id).toEqual(expect.any(String));
    }
    expect(customers.filter((customer) => customer.next_of_kin1_first_name !== null).length).toBeGreaterThan(5);
    expect(customers.filter((customer) => customer.next_of_kin2_first_name !== null).length).toBeGreaterThan(0);
  });

  it('looks like a working agency: tax, address and VAT; completed rentals paid; invoices numbered without gaps', async () => {
    const agencies = await deps.db.selectFrom('agencies').selectAll().orderBy('id').execute();
    const approved = agencies.filter((agency) => agency.status === 'approved');
    for (const agency of approved) {
      expect(agency.tax_rate).toBeGreaterThan(0);
      expect(agency.postal_address).toMatch(/\n/);
      expect(agency.vat_number).toMatch(/^GB [0-9 ]+$/);
    }
    const bookings = await deps.db
      .selectFrom('bookings')
      .select(['id', 'agency_id', 'booking_status', 'booking_amount'])
      .execute();
    const payments = await deps.db.selectFrom('payments').selectAll().execute();
    expect(payments.length).toBe(summary.payments);
    const paidOf = (booking: number) =>
      payments
        .filter((payment) => payment.booking_id === booking && payment.kind === 'payment')
        .reduce((sum, payment) => sum + payment.amount, 0);
    for (const booking of bookings.filter((row) => row.booking_status === 'completed')) {
      expect(paidOf(booking.id)).toBeGreaterThanOrEqual(booking.booking_amount);
    }
    // Deposits given back in full when the rental ended; none still held on a finished one.
    for (const booking of bookings.filter((row) => row.booking_status !== 'active')) {
      const of = (kind: string) =>
        payments.filter((p) => p.booking_id === booking.id && p.kind === kind).reduce((sum, p) => sum + p.amount, 0);
      expect(of('refund')).toBe(of('deposit'));
    }
    expect(payments.some((payment) => payment.kind === 'deposit')).toBe(true);
    expect(payments.every((payment) => payment.status === 'received')).toBe(true);
    // Deposits are held on a card or in cash (the payments e2e counts mobile-transfer deposits).
    expect(payments.filter((p) => p.kind === 'deposit').every((p) => p.method !== 'mobile transfer')).toBe(true);

    const invoices = await deps.db.selectFrom('invoices').selectAll().execute();
    expect(invoices.length).toBe(summary.invoices);
    for (const agency of approved) {
      const own = invoices.filter((invoice) => invoice.agency_id === agency.id);
      expect(own.filter((invoice) => invoice.status === 'draft')).toHaveLength(1);
      expect(own.some((invoice) => invoice.status === 'paid')).toBe(true);
      expect(own.some((invoice) => invoice.status === 'issued')).toBe(true);
      const numbers = own.flatMap((invoice) => (invoice.number === null ? [] : [invoice.number]));
      expect(numbers.sort((a, b) => a - b)).toEqual(numbers.map((_, index) => index + 1));
      const counter = await deps.db
        .selectFrom('invoice_counters')
        .select('last_number')
        .where('agency_id', '=', agency.id)
        .executeTakeFirstOrThrow();
      expect(counter.last_number).toBe(numbers.length);
      for (const invoice of own) {
        // Paid exactly when its booking's payments cover it, as recording a payment decides.
        if (invoice.status === 'paid') expect(paidOf(invoice.booking_id)).toBeGreaterThanOrEqual(invoice.total);
        if (invoice.status === 'issued') expect(paidOf(invoice.booking_id)).toBeLessThan(invoice.total);
        expect(invoice.total).toBe(invoice.subtotal + invoice.tax);
      }
    }
    // The API reads them as it reads any invoice.
    const owner = await signedIn(t.app, 'agency', DEMO_PASSWORD);
    const listed = await owner.get<{ status: string }[]>('/api/invoices/');
    expect(listed.status).toBe(200);
    expect(new Set(listed.body.map((invoice) => invoice.status))).toEqual(new Set(['draft', 'issued', 'paid']));
  });

  it('has maintenance records, vehicles due and overdue for a service, and customers on file before they book', async () => {
    const records = await deps.db.selectFrom('maintenance_records').selectAll().execute();
    expect(records.length).toBe(summary.maintenanceRecords);
    expect(new Set(records.map((record) => record.type))).toEqual(new Set(['service', 'tyres', 'repair']));
    expect(records.every((record) => record.service_date <= today)).toBe(true);
    const vehicles = await deps.db
      .selectFrom('vehicles')
      .innerJoin('agencies', 'agencies.id', 'vehicles.agency_id')
      .select(['vehicles.agency_id', 'vehicles.next_service_date'])
      .where('agencies.status', '=', 'approved')
      .execute();
    for (const agency of new Set(vehicles.map((vehicle) => vehicle.agency_id))) {
      const own = vehicles.filter((vehicle) => vehicle.agency_id === agency);
      expect(own.filter((vehicle) => vehicle.next_service_date < today)).toHaveLength(1);
      expect(
        own.filter((vehicle) => vehicle.next_service_date >= today && vehicle.next_service_date <= addDays(today, 14))
          .length,
      ).toBeGreaterThanOrEqual(1);
    }

    const customers = await deps.db.selectFrom('customers').select(['id', 'created_at']).execute();
    const firsts = await deps.db
      .selectFrom('bookings')
      .select(['customer_id', (eb) => eb.fn.min<string>('created_at').as('first')])
      .groupBy('customer_id')
      .execute();
    expect(firsts.length).toBeGreaterThan(10);
    for (const first of firsts) {
      const customer = customers.find((row) => row.id === first.customer_id);
      expect((customer?.created_at ?? '') < first.first).toBe(true);
    }
  });

  it('has booking requests in every status, anonymous ones and reviewed ones with notes', async () => {
    const requests = await deps.db.selectFrom('booking_requests').selectAll().execute();
    expect(requests.length).toBe(summary.bookingRequests);
    expect(new Set(requests.map((request) => request.status))).toEqual(new Set(['pending', 'accepted', 'declined']));
    const anonymous = requests.filter((request) => request.customer_id === null);
    expect(anonymous.length).toBeGreaterThan(3);
    for (const request of anonymous) {
      expect([request.first_name, request.last_name, request.phone_number, request.email]).toEqual([
        expect.any(String),
        expect.any(String),
        expect.stringMatching(/^\+44 7700 900\d{3}$/),
        expect.stringContaining('@'),
      ]);
    }
    for (const request of requests) {
      const reviewed = request.status !== 'pending';
      expect(request.is_reviewed).toBe(reviewed ? 1 : 0);
      expect(request.staff_notes !== null).toBe(reviewed);
      expect(request.reviewed_at !== null).toBe(reviewed);
      expect(request.start_date <= request.end_date).toBe(true);
      if (request.status === 'pending') expect(request.start_date > today).toBe(true);
    }
    const vehicles = await deps.db.selectFrom('vehicles').select(['id', 'agency_id']).execute();
    const agencyOf = new Map(vehicles.map((vehicle) => [vehicle.id, vehicle.agency_id]));
    for (const request of requests) expect(request.agency_id).toBe(agencyOf.get(request.vehicle_id));
    const linked = await deps.db
      .selectFrom('bookings')
      .innerJoin('booking_requests', 'booking_requests.id', 'bookings.booking_request_id')
      .select(['booking_requests.status', 'booking_requests.start_date as asked', 'bookings.start_date as booked'])
      .execute();
    expect(linked.length).toBeGreaterThan(3);
    for (const row of linked) {
      expect(row.status).toBe('accepted');
      expect(row.asked).toBe(row.booked);
    }
  });

  it('gives the demo customer a pending, a declined, a booked and a bookable accepted request', async () => {
    const client = new TestClient(t.app);
    await client.login('customer');
    const reply = await client.get<{ id: number; status: string; has_booking: boolean }[]>('/api/booking-requests/');
    expect(reply.status).toBe(200);
    const own = reply.body;
    expect(own.filter((request) => request.status === 'pending')).toHaveLength(1);
    expect(own.filter((request) => request.status === 'declined')).toHaveLength(1);
    expect(own.filter((request) => request.status === 'accepted' && request.has_booking)).toHaveLength(1);
    const bookable = own.filter((request) => request.status === 'accepted' && !request.has_booking);
    expect(bookable).toHaveLength(1);

    const request = await deps.db
      .selectFrom('booking_requests')
      .selectAll()
      .where('id', '=', bookable[0]?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(request.start_date > today).toBe(true);
    const points = await deps.db
      .selectFrom('vehicle_locations')
      .select('location_id')
      .where('vehicle_id', '=', request.vehicle_id)
      .execute();
    const pointIds = points.map((row) => row.location_id);
    expect(pointIds).toContain(request.pickup_location_id);
    expect(pointIds).toContain(request.dropoff_location_id);
    const clashes = await deps.db
      .selectFrom('bookings')
      .select('id')
      .where('vehicle_id', '=', request.vehicle_id)
      .where('booking_status', 'in', BLOCKING_BOOKING_STATUSES)
      .where('start_date', '<=', request.end_date)
      .where('end_date', '>=', request.start_date)
      .execute();
    expect(clashes).toEqual([]);
    const agency = await deps.db
      .selectFrom('agencies')
      .select('status')
      .where('id', '=', request.agency_id)
      .executeTakeFirstOrThrow();
    expect(agency.status).toBe('approved');

    const booked = own.find((row) => row.status === 'accepted' && row.has_booking);
    const booking = await deps.db
      .selectFrom('bookings')
      .innerJoin('customers', 'customers.id', 'bookings.customer_id')
      .innerJoin('users', 'users.id', 'customers.user_id')
      .select(['users.username', 'bookings.booking_status'])
      .where('bookings.booking_request_id', '=', booked?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(booking.username).toBe('customer');
  });

  it('gives each approved agency a real price list: categories, seasons ahead of today, a tier, extras, fees and terms', async () => {
    expect(summary.priceList).toEqual({ categories: 8, seasons: 4, tiers: 2, extras: 8, oneWayFees: 2 });
    const vehicles = await deps.db
      .selectFrom('vehicles')
      .innerJoin('agencies', 'agencies.id', 'vehicles.agency_id')
      .select(['vehicles.id', 'vehicles.agency_id', 'vehicles.category_id', 'agencies.status'])
      .execute();
    const approved = vehicles.filter((vehicle) => vehicle.status === 'approved');
    expect(approved.every((vehicle) => vehicle.category_id !== null)).toBe(true);

    const anonymous = new TestClient(t.app);
    for (const agencyId of new Set(approved.map((vehicle) => vehicle.agency_id))) {
      const one = approved.find((vehicle) => vehicle.agency_id === agencyId);
      const reply = await anonymous.get<RatePlanView>(`/api/public-vehicles/${one?.id ?? 0}/rate-plan/`);
      expect(reply.status).toBe(200);
      const plan = reply.body;
      expect(plan.categories.map((category) => category.name).sort()).toEqual(['Compact', 'Economy', 'SUV', 'Van']);
      expect(plan.seasons.map((season) => [season.name, season.start_date, season.end_date])).toEqual(
        expect.arrayContaining([
          ['Summer', addDays(today, 120), addDays(today, 179)],
          ['Christmas', addDays(today, 240), addDays(today, 245)],
        ]),
      );
      expect(plan.seasons.find((season) => season.name === 'Summer')?.basis_points).toBe(2000);
      expect(plan.seasons.find((season) => season.name === 'Christmas')?.day_rate).toBe('65.00');
      expect(plan.tiers.map((tier) => [tier.name, tier.min_days, tier.basis_points])).toEqual([['7+ days', 7, -1000]]);
      expect(
        plan.extras
          .map((extra) => [extra.name, extra.charge, extra.price, extra.cap_per_rental, extra.stock?.length ?? null])
          .sort(),
      ).toEqual([
        ['Additional driver', 'per_rental', '25.00', null, null],
        ['Child seat', 'per_day', '6.00', '60.00', 2],
        ['Damage waiver', 'per_day', '12.00', null, null],
        ['GPS', 'per_day', '5.00', null, 1],
      ]);
      expect(plan.extras.find((extra) => extra.name === 'Child seat')?.stock?.map((stock) => stock.quantity)).toEqual([
        2, 1,
      ]);
      expect(plan.one_way_fees).toHaveLength(1);
      expect(plan.settings).toMatchObject({
        prices_include_tax: false,
        one_way_flat_fee: '30.00',
        young_driver_under_age: 25,
        young_driver_charge: 'per_day',
        young_driver_amount: '8.00',
        price_per_extra_km: '0.25',
        fuel_policy: 'full_to_full',
      });
    }
  });

  it('prices a demo rental across the start of Summer with extras, a one-way fee and a young driver', async () => {
    const anonymous = new TestClient(t.app);
    const fleet = (await anonymous.get<PublicVehicle[]>('/api/public-vehicles/?limit=200')).body;
    let chosen: { vehicle: PublicVehicle; plan: RatePlanView; seat: number; dropoff: number } | null = null;
    for (const vehicle of fleet) {
      const plan = (await anonymous.get<RatePlanView>(`/api/public-vehicles/${vehicle.id}/rate-plan/`)).body;
      const seatAt = plan.extras.find((extra) => extra.name === 'Child seat')?.stock?.[0]?.location_id;
      const other = vehicle.pickup_locations.find((location) => location.id !== seatAt);
      if (vehicle.pickup_locations.some((location) => location.id === seatAt) && other && seatAt !== undefined) {
        chosen = { vehicle, plan, seat: seatAt, dropoff: other.id };
        break;
      }
    }
    if (!chosen) throw new Error('No demo vehicle is picked up where the child seats are and dropped off elsewhere.');
    const { vehicle, plan, seat, dropoff } = chosen;
    const extraId = (name: string) => plan.extras.find((extra) => extra.name === name)?.id;
    const reply = await anonymous.post<QuoteView>('/api/quotes/', {
      vehicle_id: vehicle.id,
      start_date: addDays(today, 115),
      end_date: addDays(today, 124),
      pickup_location_id: seat,
      dropoff_location_id: dropoff,
      extras: [{ extra_id: extraId('Additional driver') }, { extra_id: extraId('Child seat') }],
      driver_age: 22,
    });
    expect(reply.status).toBe(200);
    const day = Math.round(Number(vehicle.price_per_day) * 100);
    const summer = day + Math.round((day * 2000) / 10_000);
    const rental = 5 * day + 5 * summer;
    const tier = -Math.round(rental / 10);
    const pair = plan.one_way_fees.find((fee) => fee.from_location_id === seat && fee.to_location_id === dropoff);
    const oneWay = pair ? Math.round(Number(pair.amount) * 100) : 3000;
    const pence = (text: string) => Math.round(Number(text) * 100);
    // The demo's prices exclude tax: 20 % on top, rounded once.
    const net = rental + tier + 2500 + 6000 + oneWay + 8000;
    const tax = Math.round(net / 5);
    expect(reply.body.lines.map((line) => [line.label, pence(line.amount)])).toEqual([
      ['Base rate (5 days)', 5 * day],
      ['Summer (5 days)', 5 * summer],
      ['7+ days \u221210 %', tier],
      ['Additional driver', 2500],
      ['Child seat', 6000],
      ['One-way fee', oneWay],
      ['Young driver (under 25)', 8000],
      ['Tax (20 %)', tax],
    ]);
    expect(reply.body.tier).toBe('7+ days');
    expect(pence(reply.body.total)).toBe(net + tax);
    expect(reply.body.tax_included).toBe(false);
  });

  it('lets every demo login sign in with the demo password and the right role', async () => {
    expect(DEMO_USERS.slice(0, 4).map((user) => user.username)).toEqual(['staff', 'agency', 'agent', 'customer']);
    for (const demo of DEMO_USERS) {
      const client = new TestClient(t.app);
      const reply = await client.post<{ role: string }>('/api/login/', {
        username: demo.username,
        password: DEMO_PASSWORD,
      });
      expect(reply.status).toBe(200);
      const me = await client.get<{ role: string; agency?: { name: string } | null }>('/api/auth/me/');
      expect(me.status).toBe(200);
      expect(me.body.role).toBe(demo.role);
      if (demo.username === 'agency' || demo.username === 'agent') {
        expect(me.body.agency?.name).toBe('Northern Wheels');
      }
      if (demo.username === 'agency2') expect(me.body.agency?.name).toBe('Coastline Car Hire');
      if (demo.username === 'freshfleet') expect(me.body.agency?.name).toBe('Fresh Fleet Motors');
    }
    const wrong = await new TestClient(t.app).post('/api/login/', { username: 'staff', password: 'not-the-password' });
    expect(wrong.status).toBe(401);
  });

  it('needs no demo data once the database has users', async () => {
    expect(await needsDemoData(deps)).toBe(false);
  });

  it('leaves no rows and no files behind when the rows cannot be written', async () => {
    const filesBefore = await mediaFiles(deps);
    const bookingsBefore = summary.bookings;
    // The usernames are taken now, so the insert fails part-way through the transaction.
    await expect(seedDemo(deps)).rejects.toThrow();
    expect(await mediaFiles(deps)).toEqual(filesBefore);
    const agencies = await deps.db
      .selectFrom('agencies')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(agencies.count)).toBe(3);
    const bookings = await deps.db
      .selectFrom('bookings')
      .select(sql<number>`count(*)`.as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(bookings.count)).toBe(bookingsBefore);
  });

  describe('on an empty database', () => {
    let empty: TestApp;
    beforeAll(async () => {
      empty = await createTestApp();
    });
    afterAll(async () => empty.close());

    it('never seeds PostgreSQL on its own', async () => {
      expect(await needsDemoData({ ...empty.app.deps, dialect: 'postgres' })).toBe(false);
      expect(await userCount(empty.app.deps)).toBe(0);
      expect(await mediaFiles(empty.app.deps)).toEqual([]);
    });

    it(
      ENGINE === 'sqlite'
        ? 'seeds an empty embedded database, the same way every time'
        : 'leaves an empty PostgreSQL database empty',
      async () => {
        if (ENGINE === 'postgres') {
          expect(await needsDemoData(empty.app.deps)).toBe(false);
          expect(await userCount(empty.app.deps)).toBe(0);
          return;
        }
        expect(await needsDemoData(empty.app.deps)).toBe(true);
        // The same clock as the first seed, so the two data sets can be compared.
        await seedDemoLogged({ ...empty.app.deps, now: () => seededAt }, empty.app.log);
        const users = await empty.app.deps.db.selectFrom('users').select(['username', 'role']).execute();
        for (const demo of DEMO_USERS) expect(users).toContainEqual({ username: demo.username, role: demo.role });
        const fleet = (of: Deps) =>
          of.db
            .selectFrom('vehicles')
            .select(['make', 'model', 'color', 'registration_number', 'price_per_day'])
            .orderBy('id')
            .execute();
        expect(await fleet(empty.app.deps)).toEqual(await fleet(deps));
        const schedule = (of: Deps) =>
          of.db
            .selectFrom('bookings')
            .select(['vehicle_id', 'start_date', 'end_date', 'booking_status', 'created_at'])
            .orderBy('vehicle_id')
            .orderBy('start_date')
            .execute();
        expect(await schedule(empty.app.deps)).toEqual(await schedule(deps));
      },
      60_000,
    );
  });
});
