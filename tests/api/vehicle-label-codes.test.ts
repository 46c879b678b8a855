import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicVehicle, StaffVehicle } from '#domain/api/vehicles';
import { migrationProvider } from '#server/db/migrate';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import type { TestClient } from '../helpers/client.ts';
import { startWorld, type World } from '../helpers/fixtures.ts';
import * as rows from '../helpers/rows.ts';
import { vehicleForm } from '../helpers/vehicles.ts';

const CODE = /^[0-9A-F]{10}$/;

/** Issue 23: every vehicle's QR label code (migration 028). */
describe(`vehicle label codes (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let agency: TestClient;
  let anonymous: TestClient;

  const codeOf = async (id: number) =>
    (await t.app.deps.db.selectFrom('vehicles').select('label_code').where('id', '=', id).executeTakeFirstOrThrow())
      .label_code;

  beforeAll(async () => {
    ({
      t,
      world,
      clients: { agency, anonymous },
    } = await startWorld());
  });
  afterAll(async () => t.close());

  it('gives every vehicle its own code, kept through edits and shown to staff only', async () => {
    const created = await agency.multipart<StaffVehicle>(
      'POST',
      '/api/staff-vehicles/',
      vehicleForm({ make: 'Label', pickup_locations: world.locations.a1 }),
    );
    expect(created.status).toBe(201);
    expect(created.body.label_code).toMatch(CODE);
    // A row written by anyone else (a seed, a test, a benchmark) gets one as well.
    const direct = await rows.insertVehicle(t.app.deps.db, { agency_id: world.agencies.a });
    expect(await codeOf(direct)).toMatch(CODE);
    const many = await Promise.all(
      Array.from({ length: 20 }, () => rows.insertVehicle(t.app.deps.db, { agency_id: world.agencies.b })),
    );
    const codes = await Promise.all(many.map(codeOf));
    expect(new Set(codes).size).toBe(codes.length);

    const edited = await agency.multipart<StaffVehicle>('PATCH', `/api/staff-vehicles/${created.body.id}/`, {
      color: 'Green',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.label_code).toBe(created.body.label_code);
    const read = await agency.get<StaffVehicle>(`/api/staff-vehicles/${created.body.id}/`);
    expect(read.body.label_code).toBe(created.body.label_code);

    const seen = await anonymous.get<PublicVehicle & { label_code?: string }>(
      `/api/public-vehicles/${created.body.id}/`,
    );
    expect(seen.status).toBe(200);
    expect(seen.body.label_code).toBeUndefined();
  });

  it('draws codes for the vehicles there before migration 028', async () => {
    const { db, dialect } = t.app.deps;
    const migrator = new Migrator({ db, provider: migrationProvider(dialect) });
    expect((await migrator.migrateTo('027-license-number-and-quoted-terms')).error).toBeUndefined();
    const before = await db
      .selectFrom('vehicles')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(before.n)).toBeGreaterThan(0);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const after = await db.selectFrom('vehicles').select('label_code').execute();
    expect(after).toHaveLength(Number(before.n));
    expect(after.every((row) => CODE.test(row.label_code))).toBe(true);
    expect(new Set(after.map((row) => row.label_code)).size).toBe(after.length);
    // New rows still get one after the way down and up again.
    expect(await codeOf(await rows.insertVehicle(db, { agency_id: world.agencies.a }))).toMatch(CODE);
  });
});
