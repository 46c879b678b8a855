import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgencyProfile } from '#domain/api/agencies';
import type { DeskSummary } from '#domain/api/desk';
import type { MaintenanceRecord, MaintenanceTotals } from '#domain/api/maintenance';
import type { StaffVehicle } from '#domain/api/vehicles';
import { addDays, addMonths, todayIso } from '#domain/dates';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import type { TestClient } from '../helpers/client.ts';
import { startWorld, type World } from '../helpers/fixtures.ts';
import * as rows from '../helpers/rows.ts';

type Record = MaintenanceRecord & ErrorBody;

describe(`maintenance records (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let staff: TestClient;
  let agency: TestClient;
  let agent: TestClient;
  let agencyB: TestClient;
  let customer: TestClient;
  let anonymous: TestClient;
  const today = todayIso();
  const daysAgo = (days: number) => addDays(today, -days);

  /** A fresh vehicle of agency A (or `agencyId`), so each test's figures stand alone. */
  const addVehicle = (values: { next_service_date?: string; mileage?: number; agency_id?: number } = {}) =>
    rows.insertVehicle(t.app.deps.db, { agency_id: world.agencies.a, ...values });

  const vehicleRow = (id: number) =>
    t.app.deps.db
      .selectFrom('vehicles')
      .select(['mileage', 'next_service_date'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  const record = (client: TestClient, vehicle: number, fields: Partial<{ [key: string]: unknown }> = {}) =>
    client.post<Record>('/api/maintenance/', {
      vehicle,
      type: 'service',
      service_date: daysAgo(3),
      mileage: 15000,
      cost: '180.00',
      garage: 'Leeds Motors',
      notes: 'Oil and filters',
      ...fields,
    });

  beforeAll(async () => {
    ({
      t,
      world,
      clients: { staff, agency, agent, agencyB, customer, anonymous },
    } = await startWorld());
  });
  afterAll(async () => t.close());

  it('records a service: the next service date moves by the interval and the mileage rises', async () => {
    const vehicle = await addVehicle({ next_service_date: daysAgo(1), mileage: 12000 });
    const created = await record(agent, vehicle, { mileage: 15250 });
    expect(created.status).toBe(201);
    const next = addMonths(daysAgo(3), 12);
    expect(created.body).toMatchObject({
      vehicle,
      agency_id: world.agencies.a,
      type: 'service',
      service_date: daysAgo(3),
      mileage: 15250,
      cost: '180.00',
      garage: 'Leeds Motors',
      notes: 'Oil and filters',
      vehicle_details: { id: vehicle, mileage: 15250, next_service_date: next },
    });
    expect(await vehicleRow(vehicle)).toEqual({ mileage: 15250, next_service_date: next });

    const staffView = await agency.get<StaffVehicle & ErrorBody>(`/api/staff-vehicles/${vehicle}/`);
    expect(staffView.body).toMatchObject({ mileage: 15250, next_service_date: next });
  });

  it('moves the date forward only, and other work only raises the mileage', async () => {
    const far = addDays(today, 800);
    const vehicle = await addVehicle({ next_service_date: far, mileage: 20000 });
    expect((await record(agency, vehicle, { mileage: 19000 })).status).toBe(201);
    expect(await vehicleRow(vehicle)).toEqual({ mileage: 20000, next_service_date: far });

    const due = await addVehicle({ next_service_date: daysAgo(5), mileage: 20000 });
    expect((await record(agency, due, { type: 'repair', mileage: 21000 })).status).toBe(201);
    expect(await vehicleRow(due)).toEqual({ mileage: 21000, next_service_date: daysAgo(5) });
  });

  it("follows the agency's own service interval", async () => {
    const interval = await agency.patch<AgencyProfile & ErrorBody>('/api/agency/', { service_interval_months: 6 });
    expect(interval.status).toBe(200);
    expect(interval.body.service_interval_months).toBe(6);
    try {
      const vehicle = await addVehicle({ next_service_date: daysAgo(1) });
      expect((await record(agency, vehicle)).status).toBe(201);
      expect((await vehicleRow(vehicle)).next_service_date).toBe(addMonths(daysAgo(3), 6));
    } finally {
      await agency.patch('/api/agency/', { service_interval_months: 12 });
    }
    const bad = await agency.patch<ErrorBody>('/api/agency/', { service_interval_months: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.fields?.service_interval_months).toEqual(['Service interval must be at least 1.']);
    expect((await agency.get<AgencyProfile>('/api/agency/')).body.service_interval_months).toBe(12);
  });

  it('lists with filters, pages and totals per type', async () => {
    const vehicle = await addVehicle();
    const other = await addVehicle();
    await record(agency, vehicle, { type: 'service', service_date: daysAgo(40), cost: '200.00' });
    await record(agency, vehicle, { type: 'tyres', service_date: daysAgo(20), cost: '320.50' });
    await record(agency, vehicle, { type: 'repair', service_date: daysAgo(10), cost: '99.99' });
    await record(agency, other, { type: 'tyres', service_date: daysAgo(15), cost: '10.00' });

    const list = await agency.get<Record[]>(`/api/maintenance/?vehicle=${vehicle}`);
    expect(list.status).toBe(200);
    expect(list.headers['x-total-count']).toBe('3');
    expect(list.headers['cache-control']).toBe('private, no-store');
    expect(list.body.map((item) => item.type)).toEqual(['repair', 'tyres', 'service']);

    const page = await agency.get<Record[]>(`/api/maintenance/?vehicle=${vehicle}&limit=1&offset=1`);
    expect(page.body.map((item) => item.type)).toEqual(['tyres']);

    const ranged = await agency.get<Record[]>(
      `/api/maintenance/?vehicle=${vehicle}&from=${daysAgo(25)}&to=${daysAgo(15)}`,
    );
    expect(ranged.body.map((item) => item.type)).toEqual(['tyres']);
    const tyres = await agency.get<Record[]>(`/api/maintenance/?type=tyres&from=${daysAgo(25)}&limit=200`);
    expect(tyres.body.map((item) => item.vehicle).sort()).toEqual([vehicle, other].sort());

    const totals = await agency.get<MaintenanceTotals>(`/api/maintenance/totals/?vehicle=${vehicle}`);
    expect(totals.status).toBe(200);
    expect(totals.body.count).toBe(3);
    expect(totals.body.cost).toBe('620.49');
    expect(totals.body.by_type).toEqual([
      { type: 'service', count: 1, cost: '200.00' },
      { type: 'repair', count: 1, cost: '99.99' },
      { type: 'tyres', count: 1, cost: '320.50' },
      { type: 'inspection', count: 0, cost: '0.00' },
      { type: 'other', count: 0, cost: '0.00' },
    ]);
    const none = await agency.get<MaintenanceTotals>(`/api/maintenance/totals/?vehicle=${vehicle}&type=other`);
    expect(none.body).toMatchObject({ count: 0, cost: '0.00' });
  });

  it('edits and deletes a record', async () => {
    const vehicle = await addVehicle({ next_service_date: daysAgo(1), mileage: 1000 });
    const created = await record(agency, vehicle, { type: 'repair', mileage: 1500 });
    expect((await vehicleRow(vehicle)).next_service_date).toBe(daysAgo(1));

    const edited = await agency.patch<Record>(`/api/maintenance/${created.body.id}/`, {
      vehicle,
      type: 'service',
      service_date: daysAgo(2),
      mileage: 1600,
      cost: '75',
      garage: '',
      notes: '',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ type: 'service', cost: '75.00', garage: null, notes: null });
    expect(await vehicleRow(vehicle)).toEqual({ mileage: 1600, next_service_date: addMonths(daysAgo(2), 12) });

    expect((await agency.delete(`/api/maintenance/${created.body.id}/`)).status).toBe(204);
    expect((await agency.get<Record[]>(`/api/maintenance/?vehicle=${vehicle}`)).body).toEqual([]);
    expect((await agency.delete(`/api/maintenance/${created.body.id}/`)).status).toBe(404);
  });

  it('replays an idempotent POST without a second record or a second move', async () => {
    const vehicle = await addVehicle();
    const options = { headers: { 'Idempotency-Key': `maintenance-${vehicle}` } };
    const body = { vehicle, type: 'inspection', service_date: daysAgo(1), mileage: 13000, cost: '40' };
    const first = await agency.post<Record>('/api/maintenance/', body, options);
    const again = await agency.post<Record>('/api/maintenance/', body, options);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect((await agency.get(`/api/maintenance/?vehicle=${vehicle}`)).headers['x-total-count']).toBe('1');
  });

  it('refuses bad input with 400 and the field, writing nothing', async () => {
    const vehicle = await addVehicle({ next_service_date: daysAgo(1), mileage: 1000 });
    const cases: [Partial<{ [key: string]: unknown }>, string, string][] = [
      [{ type: 'wash' }, 'type', 'Type must be service, repair, tyres, inspection or other.'],
      [{ service_date: '2026-02-30' }, 'service_date', 'Date must be a date (YYYY-MM-DD).'],
      [{ service_date: addDays(today, 5) }, 'service_date', 'Date cannot be in the future.'],
      [{ mileage: -1 }, 'mileage', 'Mileage must be at least 0.'],
      [{ mileage: '' }, 'mileage', 'Mileage is required.'],
      [{ cost: '12.345' }, 'cost', 'Cost must be an amount of at most two decimals, e.g. 45.00.'],
      // Past what PostgreSQL's integer column holds: a 400, never the 500 it once was there.
      [{ cost: '999999999.99' }, 'cost', 'Cost must be at most 10000000.00.'],
      [{ garage: 'x'.repeat(151) }, 'garage', 'Garage must be at most 150 characters.'],
    ];
    for (const [fields, field, message] of cases) {
      const reply = await record(agency, vehicle, { ...fields, mileage: fields['mileage'] ?? 5000 });
      expect(reply.status, field).toBe(400);
      expect(reply.body.fields?.[field], field).toEqual([message]);
    }
    expect(await vehicleRow(vehicle)).toEqual({ mileage: 1000, next_service_date: daysAgo(1) });
    expect((await agency.get(`/api/maintenance/?vehicle=${vehicle}`)).headers['x-total-count']).toBe('0');
    expect((await agency.get('/api/maintenance/?limit=201')).status).toBe(400);
    expect((await agency.get('/api/maintenance/?type=wash')).status).toBe(400);
    expect((await agency.get('/api/maintenance/totals/?from=soon')).status).toBe(400);
  });

  it('keeps agencies apart and refuses customers and visitors', async () => {
    const vehicle = await addVehicle({ next_service_date: daysAgo(1), mileage: 1000 });
    const created = await record(agency, vehicle, { type: 'repair', mileage: 1000 });
    const path = `/api/maintenance/${created.body.id}/`;
    const patch = { vehicle, type: 'service', service_date: daysAgo(1), mileage: 99999, cost: '1' };

    expect((await agencyB.patch(path, patch)).status).toBe(404);
    expect((await agencyB.delete(path)).status).toBe(404);
    const foreign = await record(agencyB, vehicle, { mileage: 99999 });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields?.vehicle).toEqual(['Choose a vehicle from your fleet.']);
    const listB = await agencyB.get<Record[]>('/api/maintenance/?limit=200');
    expect(listB.body.map((item) => item.id)).not.toContain(created.body.id);
    const totalsB = await agencyB.get<MaintenanceTotals>(`/api/maintenance/totals/?vehicle=${vehicle}`);
    expect(totalsB.body.count).toBe(0);
    expect(await vehicleRow(vehicle)).toEqual({ mileage: 1000, next_service_date: daysAgo(1) });

    expect((await customer.get('/api/maintenance/')).status).toBe(403);
    expect((await customer.get('/api/maintenance/totals/')).status).toBe(403);
    expect((await record(customer, vehicle)).status).toBe(403);
    expect((await customer.delete(path)).status).toBe(403);
    expect((await anonymous.get('/api/maintenance/')).status).toBe(401);
    expect((await anonymous.patch(path, patch)).status).toBe(401);

    // The operator reaches every agency's records.
    const byStaff = await staff.patch<Record>(path, patch);
    expect(byStaff.status).toBe(200);
    expect(byStaff.body.vehicle_details.mileage).toBe(99999);
  });

  it('flags vehicles due a service on the fleet list and the dashboard', async () => {
    // Agency B's own fleet, so this test's counts are its own.
    const overdue = await addVehicle({ agency_id: world.agencies.b, next_service_date: daysAgo(2) });
    const soon = await addVehicle({ agency_id: world.agencies.b, next_service_date: addDays(today, 14) });
    const later = await addVehicle({ agency_id: world.agencies.b, next_service_date: addDays(today, 15) });
    const dueBy = addDays(today, 14);

    const list = await agencyB.get<StaffVehicle[]>(`/api/staff-vehicles/?next_service_by=${dueBy}&limit=500`);
    expect(list.status).toBe(200);
    const ids = list.body.map((vehicle) => vehicle.id);
    expect(ids).toEqual(expect.arrayContaining([overdue, soon]));
    expect(ids).not.toContain(later);
    expect(list.body.every((vehicle) => vehicle.next_service_date <= dueBy)).toBe(true);
    expect((await agencyB.get('/api/staff-vehicles/?next_service_by=soon')).status).toBe(400);

    const desk = await agencyB.get<DeskSummary>(`/api/staff-dashboard/?date=${today}`);
    expect(desk.status).toBe(200);
    const dueIds = desk.body.services_due.map((vehicle) => vehicle.id);
    expect(dueIds).toEqual(expect.arrayContaining([overdue, soon]));
    expect(dueIds).not.toContain(later);
    expect(dueIds.indexOf(overdue)).toBeLessThan(dueIds.indexOf(soon));
    expect(desk.body.services_due_total).toBe(ids.length);

    // A service recorded clears the flag.
    expect((await record(agencyB, overdue)).status).toBe(201);
    const after = await agencyB.get<DeskSummary>(`/api/staff-dashboard/?date=${today}`);
    expect(after.body.services_due.map((vehicle) => vehicle.id)).not.toContain(overdue);
    expect(after.body.services_due_total).toBe(ids.length - 1);
  });
});
